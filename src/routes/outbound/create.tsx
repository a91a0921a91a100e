/**
 * Add an outbound endpoint: URL, the events it gets, an optional product. The signing secret is shown once.
 * A URL the service refuses (not http(s), a private or loopback address while that is not allowed) shows the
 * service's message under the field, and the field is marked invalid and focused.
 */
import {
	Button,
	CheckboxControl,
	Modal,
	TextControl,
} from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type { ServiceClient } from '../../api/client';
import { type Product } from '../../api/types';
import { panelConfig } from '../../panel-config';
import { FormActions } from '../../components/confirm';
import {
	FormError,
	useForm,
	useUnsavedChanges,
} from '../../components/mutation';
import { rules } from '../../components/validate';
import { ProductScopeSelect } from '../../components/product-scope';
import { SecretOnce } from '../../components/secret-once';

/** The event log's types, as the PHP side lists them (EventType::ALL): what an endpoint may ask for. */
const EVENT_TYPES = panelConfig().eventTypes;

export function CreateEndpoint( {
	client,
	products,
	onClose,
	onCreated,
}: {
	client: ServiceClient;
	products: Product[];
	onClose: () => void;
	onCreated: () => void;
} ) {
	const form = useForm(
		{ url: '', description: '', product_id: '' },
		{ url: [ rules.required( __( 'URL', 'svc-licensing' ) ), rules.url() ] }
	);
	const [ types, setTypes ] = useState< string[] >( [ 'license.created' ] );
	const [ secret, setSecret ] = useState< string | null >( null );
	const confirmClose = useUnsavedChanges(
		secret === null &&
			( form.dirty ||
				types.length !== 1 ||
				types[ 0 ] !== 'license.created' )
	);
	const close = () => confirmClose() && onClose();
	const urlError = form.errors.url;
	const toggle = ( type: string, on: boolean ) =>
		setTypes( ( current ) =>
			on
				? EVENT_TYPES.filter(
						( t ) => t === type || current.includes( t )
					)
				: current.filter( ( t ) => t !== type )
		);
	return (
		<Modal
			title={ __( 'Add endpoint', 'svc-licensing' ) }
			onRequestClose={ close }
			className="svc-endpoint-modal"
		>
			{ secret ? (
				<SecretOnce
					label={ __( 'Signing secret', 'svc-licensing' ) }
					value={ secret }
					note={ __(
						'Copy it now: you will not see this again. The receiver verifies the Svc-Webhook-Signature header of each delivery with it.',
						'svc-licensing'
					) }
					onDone={ onClose }
				/>
			) : (
				<form
					noValidate
					onSubmit={ ( event ) => {
						event.preventDefault();
						form.submit(
							( values ) =>
								client.createWebhookEndpoint( {
									url: values.url.trim(),
									event_types: types,
									product_id:
										values.product_id === ''
											? null
											: Number( values.product_id ),
									description: values.description.trim(),
								} ),
							{
								success: __(
									'Endpoint added.',
									'svc-licensing'
								),
								onDone: ( created ) => {
									setSecret( created.secret );
									onCreated();
								},
							}
						);
					} }
				>
					<FormError message={ form.formError } />
					<TextControl
						label={ __( 'URL', 'svc-licensing' ) }
						type="url"
						value={ form.values.url }
						onChange={ form.set( 'url' ) }
						required
						{ ...form.fieldProps( 'url' ) }
						help={
							urlError ? (
								<span
									className="svc-field-error"
									data-testid="svc-url-error"
								>
									{ urlError }
								</span>
							) : (
								__(
									'Deliveries are POSTed here (http:// or https://). Private and loopback addresses are refused unless Settings allows them.',
									'svc-licensing'
								)
							)
						}
					/>
					<TextControl
						label={ __(
							'Description (optional)',
							'svc-licensing'
						) }
						value={ form.values.description }
						onChange={ form.set( 'description' ) }
						{ ...form.fieldProps( 'description' ) }
						maxLength={ 200 }
					/>
					<fieldset className="svc-event-choice">
						<legend>
							{ __( 'Events to send', 'svc-licensing' ) }
						</legend>
						<div className="svc-event-grid">
							{ EVENT_TYPES.map( ( type ) => (
								<CheckboxControl
									key={ type }
									label={ type }
									checked={ types.includes( type ) }
									onChange={ ( on ) => toggle( type, on ) }
									__nextHasNoMarginBottom
								/>
							) ) }
						</div>
						<Button
							variant="link"
							onClick={ () =>
								setTypes(
									types.length === EVENT_TYPES.length
										? []
										: [ ...EVENT_TYPES ]
								)
							}
						>
							{ types.length === EVENT_TYPES.length
								? __( 'Clear all', 'svc-licensing' )
								: __( 'Select all', 'svc-licensing' ) }
						</Button>
					</fieldset>
					<ProductScopeSelect
						label={ __( 'Product', 'svc-licensing' ) }
						help={ __(
							'Only this product’s events, or every product’s.',
							'svc-licensing'
						) }
						products={ products }
						value={ form.values.product_id }
						onChange={ form.set( 'product_id' ) }
					/>
					<FormActions
						onCancel={ close }
						submitLabel={ __( 'Add endpoint', 'svc-licensing' ) }
						busy={ form.busy }
						disabled={ types.length === 0 }
					/>
				</form>
			) }
		</Modal>
	);
}
