/**
 * Columns of the API key table.
 */
import { __ } from '@wordpress/i18n';
import type { ApiKey, Product } from '../../api/types';
import { formatDate } from '../../components/format';

export const permissionLabel = ( permission: string ): string =>
	( {
		read: __( 'Read', 'svc-licensing' ),
		write: __( 'Write', 'svc-licensing' ),
		admin: __( 'Admin', 'svc-licensing' ),
	} )[ permission ] ?? permission;

export function apiKeyFields( products: Product[] ) {
	const productName = ( id: number | null ) =>
		id === null
			? __( 'All products', 'svc-licensing' )
			: ( products.find( ( product ) => product.id === id )?.name ??
				`#${ id }` );
	return [
		{
			id: 'label',
			header: __( 'Label', 'svc-licensing' ),
			enableHiding: false,
		},
		{
			id: 'key_prefix',
			header: __( 'Prefix', 'svc-licensing' ),
			render: ( { item }: { item: ApiKey } ) => (
				<code>{ item.key_prefix }…</code>
			),
		},
		{
			id: 'permissions',
			header: __( 'Permission', 'svc-licensing' ),
			render: ( { item }: { item: ApiKey } ) =>
				permissionLabel( item.permissions ),
		},
		{
			id: 'product_id',
			header: __( 'Product scope', 'svc-licensing' ),
			render: ( { item }: { item: ApiKey } ) =>
				productName( item.product_id ),
		},
		{
			id: 'last_used_at',
			header: __( 'Last used', 'svc-licensing' ),
			render: ( { item }: { item: ApiKey } ) =>
				formatDate( item.last_used_at, __( 'Never', 'svc-licensing' ) ),
		},
		{
			id: 'created_at',
			header: __( 'Created', 'svc-licensing' ),
			render: ( { item }: { item: ApiKey } ) =>
				formatDate( item.created_at ),
		},
	];
}
