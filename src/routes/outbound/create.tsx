/**
 * Add an outbound endpoint: URL, the events it gets, an optional product. The signing secret is shown once.
 * A URL the service refuses (not http(s), a private or loopback address while that is not allowed) shows the
 * service's message under the field, and the field is marked invalid and focused.
 */
import {
	Button,
	CheckboxControl,
	Modal,
	Notice,
	TextControl,
} from '@wordpress/components';
import { useRef, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import { ServiceError, type ServiceClient } from '../../api/client';
import { type Product } from '../../api/types';
import { panelConfig } from '../../panel-config';
import { FormActions } from '../../components/confirm';
import { errorMessage, useNotify } from '../../components/notices';
import { ProductScopeSelect } from '../../components/product-scope';
import { SecretOnce } from '../../components/secret-once';

/** The event log's types, as the PHP side lists them (EventType::ALL): what an endpoint may ask for. */
const EVENT_TYPES = panelConfig().eventTypes;

/** The service's message when it refused this field (400 invalid_params naming it), else null. */
export function fieldError( error: unknown, field: string ): string | null {
	if (
		error instanceof ServiceError &&
		error.code === 'invalid_params' &&
		typeof error.envelope.data.params === 'object' &&
		error.envelope.data.params !== null &&
		field in error.envelope.data.params
	) {
		return error.message;
	}
	return null;
}

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
	const notify = useNotify();
	const urlField = useRef< HTMLInputElement >( null );
	const [ url, setUrl ] = useState( '' );
	const [ description, setDescription ] = useState( '' );
	const [ types, setTypes ] = useState< string[] >( [ 'license.created' ] );
	const [ scope, setScope ] = useState( '' );
	const [ busy, setBusy ] = useState( false );
	const [ urlError, setUrlError ] = useState< string | null >( null );
	const [ formError, setFormError ] = useState< string | null >( null );
	const [ secret, setSecret ] = useState< string | null >( null );
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
			onRequestClose={ onClose }
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
						setBusy( true );
						setUrlError( null );
						setFormError( null );
						client
							.createWebhookEndpoint( {
								url: url.trim(),
								event_types: types,
								product_id:
									scope === '' ? null : Number( scope ),
								description: description.trim(),
							} )
							.then(
								( created ) => {
									setSecret( created.secret );
									notify.success(
										__( 'Endpoint added.', 'svc-licensing' )
									);
									onCreated();
								},
								( error ) => {
									const message = fieldError( error, 'url' );
									if ( message !== null ) {
										setUrlError( message );
										urlField.current?.focus();
									} else {
										setFormError( errorMessage( error ) );
									}
								}
							)
							.finally( () => setBusy( false ) );
					} }
				>
					{ formError && (
						<Notice status="error" isDismissible={ false }>
							{ sprintf(
								/* translators: %s: the service's message. */
								__(
									'The endpoint was not added: %s',
									'svc-licensing'
								),
								formError
							) }
						</Notice>
					) }
					<TextControl
						ref={ urlField }
						label={ __( 'URL', 'svc-licensing' ) }
						type="url"
						value={ url }
						onChange={ ( value ) => {
							setUrl( value );
							setUrlError( null );
						} }
						required
						aria-invalid={ urlError !== null }
						className={ urlError ? 'svc-has-error' : undefined }
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
						value={ description }
						onChange={ setDescription }
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
						value={ scope }
						onChange={ setScope }
					/>
					<FormActions
						onCancel={ onClose }
						submitLabel={ __( 'Add endpoint', 'svc-licensing' ) }
						busy={ busy }
						disabled={ url.trim() === '' || types.length === 0 }
					/>
				</form>
			) }
		</Modal>
	);
}
