/**
 * Screen state kept in the page's query string, so a reload or a shared link opens the same view. Replaces the
 * history entry (setQueryArgs) or, through useQueryState, makes one, so Back and Forward step through views.
 */
import { useCallback, useEffect, useState } from '@wordpress/element';
export const queryArg = ( name: string ): string | null =>
	new URLSearchParams( window.location.search ).get( name );

/** Sets (or, with null, removes) query arguments of the current URL. */
export function setQueryArgs( args: Record< string, string | null > ): void {
	const url = new URL( window.location.href );
	for ( const [ name, value ] of Object.entries( args ) ) {
		if ( value === null ) {
			url.searchParams.delete( name );
		} else {
			url.searchParams.set( name, value );
		}
	}
	window.history.replaceState( window.history.state, '', url );
}

/** Tells every useQueryState hook that the URL changed (pushState and replaceState fire no event). */
const CHANGED = 'svc-query-changed';

/**
 * Query arguments as React state. `setArgs(args, { push: true })` makes a history entry (a filter, a page, a tab, an
 * opened licence), so Back and Forward step through them; without push it replaces the entry (typing a search).
 * Every hook re-reads the URL on popstate.
 */
export function useQueryState< N extends string >(
	names: readonly N[]
): [
	Record< N, string | null >,
	(
		args: Partial< Record< N | string, string | null > >,
		options?: { push?: boolean }
	) => void,
] {
	const read = () =>
		Object.fromEntries(
			names.map( ( name ) => [ name, queryArg( name ) ] )
		) as Record< N, string | null >;
	const [ args, setState ] = useState( read );
	useEffect( () => {
		const sync = () => setState( read() );
		window.addEventListener( 'popstate', sync );
		window.addEventListener( CHANGED, sync );
		return () => {
			window.removeEventListener( 'popstate', sync );
			window.removeEventListener( CHANGED, sync );
		};
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [ names.join( ',' ) ] );
	const setArgs = useCallback(
		(
			next: Partial< Record< string, string | null > >,
			options: { push?: boolean } = {}
		) => {
			const url = new URL( window.location.href );
			for ( const [ name, value ] of Object.entries( next ) ) {
				if ( value === null || value === undefined || value === '' ) {
					url.searchParams.delete( name );
				} else {
					url.searchParams.set( name, value );
				}
			}
			if ( url.href === window.location.href ) {
				return;
			}
			if ( options.push ) {
				window.history.pushState( window.history.state, '', url );
			} else {
				window.history.replaceState( window.history.state, '', url );
			}
			window.dispatchEvent( new Event( CHANGED ) );
		},
		[]
	);
	return [ args, setArgs ];
}
