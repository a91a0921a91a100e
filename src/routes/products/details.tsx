/**
 * Products > a product > Details: what the product is (slug, requirements, trials), edit it, switch it off
 * and on, delete it.
 */
import { Button } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { ServiceClient } from '../../api/client';
import type { Product } from '../../api/types';
import { formatDate } from '../../components/format';
import { useNotify } from '../../components/notices';
import { ConfirmButton } from './confirm-button';
import { ProductFormModal } from './form';

export function Details( {
	client,
	product,
	onChanged,
	onDeleted,
}: {
	client: ServiceClient;
	product: Product;
	onChanged: () => void;
	onDeleted: () => void;
} ) {
	const notify = useNotify();
	const [ editing, setEditing ] = useState( false );
	const rows: [ string, string ][] = [
		[ __( 'Slug', 'svc-licensing' ), product.slug ],
		[
			__( 'Current version', 'svc-licensing' ),
			product.current_version || __( 'None yet', 'svc-licensing' ),
		],
		[
			__( 'Requires WordPress', 'svc-licensing' ),
			product.requires_wp || '—',
		],
		[ __( 'Requires PHP', 'svc-licensing' ), product.requires_php || '—' ],
		[ __( 'Homepage', 'svc-licensing' ), product.homepage_url || '—' ],
		[
			__( 'Trials', 'svc-licensing' ),
			product.trial_enabled
				? sprintf(
						/* translators: 1: days, 2: sites. */
						__( '%1$d days, %2$d site(s)', 'svc-licensing' ),
						product.trial_days,
						product.trial_activation_limit
					)
				: __( 'Off', 'svc-licensing' ),
		],
		[ __( 'Created', 'svc-licensing' ), formatDate( product.created_at ) ],
	];
	return (
		<div className="svc-product-details">
			<dl className="svc-details">
				{ rows.map( ( [ term, value ] ) => (
					<div key={ term }>
						<dt>{ term }</dt>
						<dd>{ value }</dd>
					</div>
				) ) }
			</dl>
			{ product.description && (
				<p className="svc-description">{ product.description }</p>
			) }
			<div className="svc-actions-row">
				<Button variant="primary" onClick={ () => setEditing( true ) }>
					{ __( 'Edit product', 'svc-licensing' ) }
				</Button>
				<Button
					variant="secondary"
					onClick={ () =>
						client
							.updateProduct( product.id, {
								is_active: ! product.is_active,
							} )
							.then(
								( saved ) => {
									notify.success(
										saved.is_active
											? __(
													'Product activated.',
													'svc-licensing'
												)
											: __(
													'Product deactivated.',
													'svc-licensing'
												)
									);
									onChanged();
								},
								( error ) => notify.error( error )
							)
					}
				>
					{ product.is_active
						? __( 'Deactivate', 'svc-licensing' )
						: __( 'Activate', 'svc-licensing' ) }
				</Button>
				<ConfirmButton
					title={ __( 'Delete this product?', 'svc-licensing' ) }
					text={ __(
						'Its releases and package files are deleted too. A product that has licences cannot be deleted; deactivate it instead.',
						'svc-licensing'
					) }
					confirmLabel={ __( 'Delete', 'svc-licensing' ) }
					run={ () =>
						client.deleteProduct( product.id ).then(
							() => {
								notify.success(
									__( 'Product deleted.', 'svc-licensing' )
								);
								onDeleted();
							},
							( error ) =>
								notify.error(
									error,
									__(
										'The product was not deleted:',
										'svc-licensing'
									)
								)
						)
					}
				>
					{ __( 'Delete product', 'svc-licensing' ) }
				</ConfirmButton>
			</div>
			{ editing && (
				<ProductFormModal
					client={ client }
					product={ product }
					onClose={ () => setEditing( false ) }
					onSaved={ onChanged }
				/>
			) }
		</div>
	);
}
