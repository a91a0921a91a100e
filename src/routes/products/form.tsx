/**
 * The product form, for create and edit, trial settings included.
 */
import {
	Modal,
	TextControl,
	TextareaControl,
	ToggleControl,
} from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type { ServiceClient } from '../../api/client';
import type { Product } from '../../api/types';
import { FormActions } from '../../components/confirm';
import { useNotify } from '../../components/notices';

export function ProductFormModal( {
	client,
	product,
	onClose,
	onSaved,
}: {
	client: ServiceClient;
	product: Product | null;
	onClose: () => void;
	onSaved: () => void;
} ) {
	const notify = useNotify();
	const [ draft, setDraft ] = useState( {
		name: product?.name ?? '',
		slug: product?.slug ?? '',
		description: product?.description ?? '',
		homepage_url: product?.homepage_url ?? '',
		requires_wp: product?.requires_wp ?? '',
		requires_php: product?.requires_php ?? '',
		trial_enabled: product?.trial_enabled ?? false,
		trial_days: String( product?.trial_days ?? 14 ),
		trial_activation_limit: String( product?.trial_activation_limit ?? 1 ),
	} );
	const [ busy, setBusy ] = useState( false );
	const set = ( name: keyof typeof draft ) => ( value: string | boolean ) =>
		setDraft( { ...draft, [ name ]: value } );
	return (
		<Modal
			title={
				product
					? __( 'Edit product', 'svc-licensing' )
					: __( 'Add product', 'svc-licensing' )
			}
			onRequestClose={ onClose }
		>
			<form
				onSubmit={ ( event ) => {
					event.preventDefault();
					setBusy( true );
					const body: Record< string, unknown > = {
						name: draft.name,
						description: draft.description,
						homepage_url: draft.homepage_url,
						requires_wp: draft.requires_wp,
						requires_php: draft.requires_php,
						trial_enabled: draft.trial_enabled,
						trial_days: draft.trial_enabled
							? Number( draft.trial_days )
							: 0,
						trial_activation_limit: Number(
							draft.trial_activation_limit
						),
					};
					if ( draft.slug.trim() !== '' ) {
						body.slug = draft.slug.trim();
					}
					( product
						? client.updateProduct( product.id, body )
						: client.createProduct( body )
					)
						.then(
							() => {
								notify.success(
									product
										? __(
												'Product saved.',
												'svc-licensing'
											)
										: __(
												'Product created.',
												'svc-licensing'
											)
								);
								onSaved();
								onClose();
							},
							( error ) => notify.error( error )
						)
						.finally( () => setBusy( false ) );
				} }
			>
				<div className="svc-form-grid">
					<TextControl
						label={ __( 'Name', 'svc-licensing' ) }
						value={ draft.name }
						onChange={ set( 'name' ) }
						required
					/>
					<TextControl
						label={ __(
							'Slug (empty: made from the name)',
							'svc-licensing'
						) }
						value={ draft.slug }
						onChange={ set( 'slug' ) }
					/>
					<TextControl
						label={ __( 'Homepage URL', 'svc-licensing' ) }
						type="url"
						value={ draft.homepage_url }
						onChange={ set( 'homepage_url' ) }
					/>
					<TextControl
						label={ __( 'Requires WordPress', 'svc-licensing' ) }
						value={ draft.requires_wp }
						onChange={ set( 'requires_wp' ) }
					/>
					<TextControl
						label={ __( 'Requires PHP', 'svc-licensing' ) }
						value={ draft.requires_php }
						onChange={ set( 'requires_php' ) }
					/>
				</div>
				<TextareaControl
					label={ __( 'Description', 'svc-licensing' ) }
					value={ draft.description }
					onChange={ set( 'description' ) }
				/>
				<ToggleControl
					label={ __( 'Offer trials', 'svc-licensing' ) }
					checked={ draft.trial_enabled }
					onChange={ set( 'trial_enabled' ) }
				/>
				{ draft.trial_enabled && (
					<div className="svc-form-grid">
						<TextControl
							label={ __( 'Trial days', 'svc-licensing' ) }
							type="number"
							min={ 1 }
							value={ draft.trial_days }
							onChange={ set( 'trial_days' ) }
						/>
						<TextControl
							label={ __(
								'Trial activation limit',
								'svc-licensing'
							) }
							type="number"
							min={ 1 }
							value={ draft.trial_activation_limit }
							onChange={ set( 'trial_activation_limit' ) }
						/>
					</div>
				) }
				<FormActions
					onCancel={ onClose }
					submitLabel={
						product
							? __( 'Save product', 'svc-licensing' )
							: __( 'Create product', 'svc-licensing' )
					}
					busy={ busy }
				/>
			</form>
		</Modal>
	);
}
