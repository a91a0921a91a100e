/**
 * A licence's history from the event log, newest first: when, what happened, and who did it.
 */
import { __ } from '@wordpress/i18n';
import type { ServiceClient } from '../../api/client';
import { Empty, LoadError, Loading, useLoad } from '../../components/async';
import { formatDate } from '../../components/format';
import { actorText, eventText } from './history-text';

export function LicenseHistory( {
	client,
	licenseId,
	license,
	sites,
}: {
	client: ServiceClient;
	licenseId: number;
	/** The licence and its sites as loaded: a new load means a change here, so the history reloads. */
	license: unknown;
	sites: unknown;
} ) {
	const [ history, reload ] = useLoad(
		() => client.licenseHistory( licenseId ),
		[ licenseId, license, sites ]
	);
	return (
		<>
			<h2>{ __( 'History', 'svc-licensing' ) }</h2>
			{ history.kind === 'loading' && <Loading /> }
			{ history.kind === 'error' && (
				<LoadError message={ history.message } onRetry={ reload } />
			) }
			{ history.kind === 'ready' && history.value.data.length === 0 && (
				<Empty>
					{ __( 'Nothing recorded yet.', 'svc-licensing' ) }
				</Empty>
			) }
			{ history.kind === 'ready' && history.value.data.length > 0 && (
				<table className="widefat striped svc-history">
					<thead>
						<tr>
							<th>{ __( 'When', 'svc-licensing' ) }</th>
							<th>{ __( 'What', 'svc-licensing' ) }</th>
							<th>{ __( 'By', 'svc-licensing' ) }</th>
						</tr>
					</thead>
					<tbody>
						{ history.value.data.map( ( event ) => (
							<tr key={ event.id }>
								<td>{ formatDate( event.created_at ) }</td>
								<td>{ eventText( event ) }</td>
								<td>{ actorText( event ) }</td>
							</tr>
						) ) }
					</tbody>
				</table>
			) }
		</>
	);
}
