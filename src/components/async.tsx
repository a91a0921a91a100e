/**
 * Loading, error and empty states shared by every screen.
 */
import { Button, Notice, Spinner } from '@wordpress/components';
import { useCallback, useEffect, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import { errorMessage } from './notices';

export type Loaded< T > =
	| { kind: 'loading' }
	| { kind: 'ready'; value: T }
	| { kind: 'error'; message: string };

/** Runs a load on mount and whenever reload() is called or the dependencies change. */
export function useLoad< T >(
	load: () => Promise< T >,
	dependencies: unknown[] = []
): [ Loaded< T >, () => void ] {
	const [ state, setState ] = useState< Loaded< T > >( { kind: 'loading' } );
	const [ round, setRound ] = useState( 0 );
	useEffect( () => {
		let live = true;
		load().then(
			( value ) => live && setState( { kind: 'ready', value } ),
			( error: unknown ) =>
				live &&
				setState( { kind: 'error', message: errorMessage( error ) } )
		);
		return () => {
			live = false;
		};
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [ round, ...dependencies ] );
	const reload = useCallback( () => setRound( ( n ) => n + 1 ), [] );
	return [ state, reload ];
}

export function LoadError( {
	message,
	onRetry,
}: {
	message: string;
	onRetry: () => void;
} ) {
	return (
		<Notice status="error" isDismissible={ false }>
			<p>
				{ __( 'This could not be loaded:', 'svc-licensing' ) }{ ' ' }
				{ message }
			</p>
			<Button variant="secondary" onClick={ onRetry }>
				{ __( 'Try again', 'svc-licensing' ) }
			</Button>
		</Notice>
	);
}

export function Loading() {
	return (
		<div className="svc-loading" aria-live="polite">
			<Spinner /> { __( 'Loading…', 'svc-licensing' ) }
		</div>
	);
}

export function Empty( { children }: { children: string } ) {
	return <p className="svc-empty">{ children }</p>;
}
