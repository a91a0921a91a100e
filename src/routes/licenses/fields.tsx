/**
 * Columns of the licence table.
 */
import { __, sprintf } from '@wordpress/i18n';
import type { License, Product } from '../../api/types';
import { LICENSE_STATUSES } from '../../api/types';
import { formatDate } from '../../components/format';

export const statusLabel = ( status: string ): string =>
	( {
		active: __( 'Active', 'svc-licensing' ),
		trial: __( 'Trial', 'svc-licensing' ),
		expired: __( 'Expired', 'svc-licensing' ),
		suspended: __( 'Suspended', 'svc-licensing' ),
		cancelled: __( 'Cancelled', 'svc-licensing' ),
		revoked: __( 'Revoked', 'svc-licensing' ),
	} )[ status ] ?? status;

export function licenseFields( products: Product[] ) {
	return [
		{
			id: 'license_key_masked',
			header: __( 'Key', 'svc-licensing' ),
			enableHiding: false,
			enableSorting: false,
			render: ( { item }: { item: License } ) => (
				<code>{ item.license_key_masked }</code>
			),
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
			render: ( { item }: { item: License } ) => (
				<>
					{ item.customer_name ? (
						<>
							{ item.customer_name }
							<br />
						</>
					) : null }
					{ item.customer_email }
				</>
			),
		},
		{
			id: 'status',
			header: __( 'Status', 'svc-licensing' ),
			render: ( { item }: { item: License } ) => (
				<span className={ `svc-status is-${ item.status }` }>
					{ statusLabel( item.status ) }
				</span>
			),
			elements: LICENSE_STATUSES.map( ( status ) => ( {
				value: status,
				label: statusLabel( status ),
			} ) ),
			filterBy: { operators: [ 'is' ] },
		},
		{
			id: 'activations',
			header: __( 'Sites', 'svc-licensing' ),
			getValue: ( { item }: { item: License } ) => item.activation_count,
			render: ( { item }: { item: License } ) =>
				sprintf(
					/* translators: 1: sites in use, 2: activation limit. */
					__( '%1$d of %2$d', 'svc-licensing' ),
					item.activation_count,
					item.activation_limit
				),
		},
		{
			id: 'expires',
			header: __( 'Expires', 'svc-licensing' ),
			render: ( { item }: { item: License } ) =>
				formatDate( item.expires, __( 'Never', 'svc-licensing' ) ),
		},
		{
			id: 'created_at',
			header: __( 'Created', 'svc-licensing' ),
			render: ( { item }: { item: License } ) =>
				formatDate( item.created_at ),
		},
	];
}
