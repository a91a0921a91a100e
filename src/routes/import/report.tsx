/**
 * An import's report as two tables: what arrives per kind (new, changed, unchanged; activations also released:
 * sites the old plugin released since they moved in), and every refused row with its id in the old plugin and the
 * reason, none left out.
 */
import { __, sprintf } from '@wordpress/i18n';
import type { ImportReport } from '../../api/types';

const KINDS: Record< string, string > = {
	products: __( 'Products', 'svc-licensing' ),
	releases: __( 'Releases', 'svc-licensing' ),
	prices: __( 'Prices and tiers', 'svc-licensing' ),
	licences: __( 'Licences', 'svc-licensing' ),
	keys: __( 'Keys', 'svc-licensing' ),
	'bundle links': __( 'Bundle links', 'svc-licensing' ),
	activations: __( 'Activations', 'svc-licensing' ),
};

/** "Licence 1008": a refused row as the old plugin numbers it. */
function refusedRow( kind: string, id: string ): string {
	switch ( kind ) {
		case 'licence':
			/* translators: %s: the licence's id in the old plugin. */
			return sprintf( __( 'Licence %s', 'svc-licensing' ), id );
		case 'activation':
			/* translators: %s: the activation's id in the old plugin. */
			return sprintf( __( 'Activation %s', 'svc-licensing' ), id );
		case 'product':
			/* translators: %s: the download's id in the old plugin. */
			return sprintf( __( 'Product %s', 'svc-licensing' ), id );
		case 'release':
			return sprintf(
				/* translators: %s: the download's id in the old plugin. */
				__( 'Release of product %s', 'svc-licensing' ),
				id
			);
		default:
			return `${ kind } ${ id }`;
	}
}

export function ImportReportTables( { report }: { report: ImportReport } ) {
	return (
		<>
			<table className="widefat striped svc-import-counts">
				<caption>
					{ report.dry_run
						? __( 'What would arrive', 'svc-licensing' )
						: __( 'What arrived', 'svc-licensing' ) }
				</caption>
				<thead>
					<tr>
						<th scope="col">{ __( 'What', 'svc-licensing' ) }</th>
						<th scope="col">{ __( 'New', 'svc-licensing' ) }</th>
						<th scope="col">
							{ __( 'Changed', 'svc-licensing' ) }
						</th>
						<th scope="col">
							{ __( 'Unchanged', 'svc-licensing' ) }
						</th>
						<th scope="col">
							{ __( 'Released', 'svc-licensing' ) }
						</th>
					</tr>
				</thead>
				<tbody>
					{ Object.entries( report.arrived ).map(
						( [ kind, counts ] ) => (
							<tr key={ kind }>
								<th scope="row">{ KINDS[ kind ] ?? kind }</th>
								<td>{ counts.new.toLocaleString() }</td>
								<td>{ counts.changed.toLocaleString() }</td>
								<td>{ counts.unchanged.toLocaleString() }</td>
								<td>
									{ counts.released === undefined
										? ''
										: counts.released.toLocaleString() }
								</td>
							</tr>
						)
					) }
				</tbody>
			</table>
			{ report.refused.length === 0 ? (
				<p>{ __( 'No row is refused.', 'svc-licensing' ) }</p>
			) : (
				<table className="widefat striped svc-import-refused">
					<caption>{ __( 'Refused rows', 'svc-licensing' ) }</caption>
					<thead>
						<tr>
							<th scope="col">
								{ __(
									'Row in the old plugin',
									'svc-licensing'
								) }
							</th>
							<th scope="col">
								{ __( 'Reason', 'svc-licensing' ) }
							</th>
						</tr>
					</thead>
					<tbody>
						{ report.refused.map( ( row, index ) => (
							<tr key={ index }>
								<th scope="row">
									{ refusedRow( row.kind, row.old_id ) }
								</th>
								<td>{ row.message }</td>
							</tr>
						) ) }
					</tbody>
				</table>
			) }
		</>
	);
}
