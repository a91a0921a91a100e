/**
 * Overview screen: the service's health, as GET /svc/v1/health reports it.
 */
import {
	Card,
	CardBody,
	CardHeader,
	Notice,
	Spinner,
} from '@wordpress/components';
import { useEffect, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type { ServiceClient } from '../../api/client';
import type { Health } from '../../api/types';
import { checkLabel, statusLabel } from './view-utils';

type State =
	| { kind: 'loading' }
	| { kind: 'ready'; health: Health }
	| { kind: 'error'; message: string };

export function OverviewStage( { client }: { client: ServiceClient } ) {
	const [ state, setState ] = useState< State >( { kind: 'loading' } );

	useEffect( () => {
		let live = true;
		client.health().then(
			( health ) => live && setState( { kind: 'ready', health } ),
			( error: Error ) =>
				live && setState( { kind: 'error', message: error.message } )
		);
		return () => {
			live = false;
		};
	}, [ client ] );

	if ( state.kind === 'loading' ) {
		return <Spinner />;
	}
	if ( state.kind === 'error' ) {
		return (
			<Notice status="error" isDismissible={ false }>
				{ __( 'The service did not answer:', 'svc-licensing' ) }{ ' ' }
				{ state.message }
			</Notice>
		);
	}
	const { health } = state;
	return (
		<Card>
			<CardHeader>
				<h2>{ __( 'Service health', 'svc-licensing' ) }</h2>
				<span data-testid="svc-health-status">
					{ statusLabel( health.status ) }
				</span>
			</CardHeader>
			<CardBody>
				<ul className="svc-health-checks">
					{ health.checks.map( ( check ) => (
						<li
							key={ check.name }
							data-testid={ `svc-check-${ check.name }` }
						>
							<strong>{ checkLabel( check.name ) }</strong>:{ ' ' }
							{ statusLabel( check.status ) }
							{ check.message ? ` — ${ check.message }` : '' }
						</li>
					) ) }
				</ul>
				<p>
					{ __( 'Version', 'svc-licensing' ) } { health.version }
				</p>
			</CardBody>
		</Card>
	);
}
