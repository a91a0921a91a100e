/**
 * The product form, for create and edit, trial settings and how a multisite network is counted included.
 */
import {
	Modal,
	SelectControl,
	TextControl,
	TextareaControl,
	ToggleControl,
} from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import type { ServiceClient } from '../../api/client';
import type { MultisiteActivation, Product } from '../../api/types';
import { FormActions } from '../../components/confirm';
import {
	FormError,
	useForm,
	useUnsavedChanges,
} from '../../components/mutation';
import { rules } from '../../components/validate';

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
	const form = useForm(
		{
			name: product?.name ?? '',
			slug: product?.slug ?? '',
			description: product?.description ?? '',
			homepage_url: product?.homepage_url ?? '',
			requires_wp: product?.requires_wp ?? '',
			requires_php: product?.requires_php ?? '',
			trial_enabled: product?.trial_enabled ?? false,
			trial_days: String( product?.trial_days ?? 14 ),
			trial_activation_limit: String(
				product?.trial_activation_limit ?? 1
			),
			multisite_activation: ( product?.multisite_activation ??
				'network' ) as MultisiteActivation,
		},
		{
			name: [ rules.required( __( 'Name', 'svc-licensing' ) ) ],
			homepage_url: [ rules.url() ],
			requires_wp: [ rules.version() ],
			requires_php: [ rules.version() ],
		}
	);
	const draft = form.values;
	const set = form.set;
	const confirmClose = useUnsavedChanges( form.dirty );
	const close = () => confirmClose() && onClose();
	return (
		<Modal
			title={
				product
					? __( 'Edit product', 'svc-licensing' )
					: __( 'Add product', 'svc-licensing' )
			}
			onRequestClose={ close }
		>
			<form
				noValidate
				onSubmit={ ( event ) => {
					event.preventDefault();
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
						multisite_activation: draft.multisite_activation,
					};
					if ( draft.slug.trim() !== '' ) {
						body.slug = draft.slug.trim();
					}
					form.submit(
						() =>
							product
								? client.updateProduct( product.id, body )
								: client.createProduct( body ),
						{
							success: product
								? __( 'Product saved.', 'svc-licensing' )
								: __( 'Product created.', 'svc-licensing' ),
							onDone: () => {
								onSaved();
								onClose();
							},
						}
					);
				} }
			>
				<FormError message={ form.formError } />
				<div className="svc-form-grid">
					<TextControl
						label={ __( 'Name', 'svc-licensing' ) }
						value={ draft.name }
						onChange={ set( 'name' ) }
						{ ...form.fieldProps( 'name' ) }
						required
					/>
					<TextControl
						label={ __(
							'Slug (empty: made from the name)',
							'svc-licensing'
						) }
						value={ draft.slug }
						onChange={ set( 'slug' ) }
						{ ...form.fieldProps( 'slug' ) }
					/>
					<TextControl
						label={ __( 'Homepage URL', 'svc-licensing' ) }
						type="url"
						value={ draft.homepage_url }
						onChange={ set( 'homepage_url' ) }
						{ ...form.fieldProps( 'homepage_url' ) }
					/>
					<TextControl
						label={ __( 'Requires WordPress', 'svc-licensing' ) }
						value={ draft.requires_wp }
						onChange={ set( 'requires_wp' ) }
						{ ...form.fieldProps( 'requires_wp' ) }
					/>
					<TextControl
						label={ __( 'Requires PHP', 'svc-licensing' ) }
						value={ draft.requires_php }
						onChange={ set( 'requires_php' ) }
						{ ...form.fieldProps( 'requires_php' ) }
					/>
				</div>
				<TextareaControl
					label={ __( 'Description', 'svc-licensing' ) }
					value={ draft.description }
					onChange={ set( 'description' ) }
					{ ...form.fieldProps( 'description' ) }
				/>
				<SelectControl
					label={ __( 'Multisite networks', 'svc-licensing' ) }
					help={ __(
						'How a customer’s WordPress multisite network counts against a licence’s sites.',
						'svc-licensing'
					) }
					value={ draft.multisite_activation }
					options={ [
						{
							value: 'network',
							label: __(
								'One site for the whole network',
								'svc-licensing'
							),
						},
						{
							value: 'site',
							label: __(
								'Each site of the network',
								'svc-licensing'
							),
						},
					] }
					onChange={ ( value: string ) =>
						set( 'multisite_activation' )(
							value as MultisiteActivation
						)
					}
					__nextHasNoMarginBottom
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
							{ ...form.fieldProps( 'trial_days' ) }
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
							{ ...form.fieldProps( 'trial_activation_limit' ) }
						/>
					</div>
				) }
				<FormActions
					onCancel={ close }
					submitLabel={
						product
							? __( 'Save product', 'svc-licensing' )
							: __( 'Create product', 'svc-licensing' )
					}
					busy={ form.busy }
				/>
			</form>
		</Modal>
	);
}
