/**
 * Columns of the licence table: a selection box, the masked key (the primary column, a link to the licence's
 * page), product, customer, status, sites, expiry, creation, and the row's own actions menu, named for its row.
 *
 * On a phone (below 783 px, as core's list tables) only the selection, the primary column and the menu stay; the
 * primary column's "Show more details" button opens the row's other columns under the key.
 */
import { DropdownMenu } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import type { License, Product } from '../../api/types';
import { formatDate } from '../../components/format';
import { licenseActions, type LicenseActionId } from './actions';
import { isUnlimited, licenseName, statusLabel } from './license-utils';

export { statusLabel };

/** "1 of 3", or "1 of unlimited". */
export const sitesText = ( license: License ): string =>
	isUnlimited( license.activation_limit )
		? sprintf(
				/* translators: %d: sites in use. */
				__( '%d of unlimited', 'svc-licensing' ),
				license.activation_count
			)
		: sprintf(
				/* translators: 1: sites in use, 2: activation limit. */
				__( '%1$d of %2$d', 'svc-licensing' ),
				license.activation_count,
				license.activation_limit
			);

export interface RowHandlers {
	/** Ids of the selected rows. */
	selected: number[];
	onSelect: ( license: License, selected: boolean ) => void;
	/** Ids of the rows whose details are open (phone layout). */
	expanded: number[];
	onExpand: ( license: License ) => void;
	href: ( license: License ) => string;
	onOpen: ( license: License ) => void;
	onAction: ( action: LicenseActionId, license: License ) => void;
}

const customer = ( item: License ) => (
	<>
		{ item.customer_name ? (
			<>
				{ item.customer_name }
				<br />
			</>
		) : null }
		{ item.customer_email }
	</>
);

const status = ( item: License ) => (
	<span className={ `svc-status is-${ item.status }` }>
		{ statusLabel( item.status ) }
	</span>
);

const expires = ( item: License ) =>
	formatDate( item.expires, __( 'Never', 'svc-licensing' ) );

export function licenseFields( products: Product[], rows: RowHandlers ) {
	return [
		{
			id: 'select',
			header: (
				<span className="screen-reader-text">
					{ __( 'Select', 'svc-licensing' ) }
				</span>
			),
			enableHiding: false,
			enableSorting: false,
			render: ( { item }: { item: License } ) => (
				<input
					type="checkbox"
					className="svc-row-select"
					checked={ rows.selected.includes( item.id ) }
					onChange={ ( event ) =>
						rows.onSelect( item, event.target.checked )
					}
					aria-label={ sprintf(
						/* translators: %s: "licence …2XSK". */
						__( 'Select %s', 'svc-licensing' ),
						licenseName( item )
					) }
				/>
			),
		},
		{
			id: 'license_key_masked',
			header: __( 'Key', 'svc-licensing' ),
			enableHiding: false,
			enableSorting: false,
			render: ( { item }: { item: License } ) => {
				const open = rows.expanded.includes( item.id );
				return (
					<div className="svc-primary-cell">
						<a
							className="row-title"
							href={ rows.href( item ) }
							onClick={ ( event ) => {
								if (
									event.button !== 0 ||
									event.metaKey ||
									event.ctrlKey ||
									event.shiftKey
								) {
									return;
								}
								event.preventDefault();
								rows.onOpen( item );
							} }
						>
							<code>{ item.license_key_masked }</code>
						</a>
						<button
							type="button"
							className="svc-toggle-row"
							aria-expanded={ open }
							onClick={ () => rows.onExpand( item ) }
						>
							<span className="screen-reader-text">
								{ open
									? __( 'Hide details', 'svc-licensing' )
									: __(
											'Show more details',
											'svc-licensing'
										) }
							</span>
						</button>
						{ open && (
							<dl className="svc-row-details">
								<dt>{ __( 'Product', 'svc-licensing' ) }</dt>
								<dd>{ item.product_name }</dd>
								<dt>{ __( 'Customer', 'svc-licensing' ) }</dt>
								<dd>{ customer( item ) }</dd>
								<dt>{ __( 'Status', 'svc-licensing' ) }</dt>
								<dd>{ status( item ) }</dd>
								<dt>{ __( 'Sites', 'svc-licensing' ) }</dt>
								<dd>{ sitesText( item ) }</dd>
								<dt>{ __( 'Expires', 'svc-licensing' ) }</dt>
								<dd>{ expires( item ) }</dd>
							</dl>
						) }
					</div>
				);
			},
		},
		{
			id: 'product_name',
			header: __( 'Product', 'svc-licensing' ),
			getValue: ( { item }: { item: License } ) => item.product_name,
			elements: products.map( ( product ) => ( {
				value: String( product.id ),
				label: product.name,
			} ) ),
			filterBy: { operators: [ 'is' ] },
		},
		{
			id: 'customer_email',
			header: __( 'Customer', 'svc-licensing' ),
			render: ( { item }: { item: License } ) => customer( item ),
		},
		{
			id: 'status',
			header: __( 'Status', 'svc-licensing' ),
			render: ( { item }: { item: License } ) => status( item ),
		},
		{
			id: 'activations',
			header: __( 'Sites', 'svc-licensing' ),
			getValue: ( { item }: { item: License } ) => item.activation_count,
			render: ( { item }: { item: License } ) => sitesText( item ),
		},
		{
			id: 'expires',
			header: __( 'Expires', 'svc-licensing' ),
			render: ( { item }: { item: License } ) => expires( item ),
		},
		{
			id: 'created_at',
			header: __( 'Created', 'svc-licensing' ),
			render: ( { item }: { item: License } ) =>
				formatDate( item.created_at ),
		},
		{
			id: 'row_actions',
			header: (
				<span className="screen-reader-text">
					{ __( 'Actions', 'svc-licensing' ) }
				</span>
			),
			enableHiding: false,
			enableSorting: false,
			render: ( { item }: { item: License } ) => (
				<div className="svc-row-actions-cell">
					<DropdownMenu
						icon="ellipsis"
						label={ sprintf(
							/* translators: %s: "licence …2XSK". */
							__( 'Actions for %s', 'svc-licensing' ),
							licenseName( item )
						) }
						toggleProps={
							{
								size: 'compact',
								'data-svc-row-actions': String( item.id ),
							} as object
						}
						popoverProps={ { placement: 'bottom-end' } }
						controls={ [
							{
								title: __( 'View', 'svc-licensing' ),
								onClick: () => rows.onOpen( item ),
							},
							...licenseActions()
								.filter( ( action ) =>
									action.isEligible( item )
								)
								.map( ( action ) => ( {
									title: action.label,
									onClick: () =>
										rows.onAction( action.id, item ),
								} ) ),
						] }
					/>
				</div>
			),
		},
	];
}
