/**
 * Create and edit forms of a licence, on the panel's useForm: each field's problem shows under it in plain words,
 * the form's own checks first, then what the server refused. "Unlimited sites" sends the schema's maximum.
 */
import {
	CheckboxControl,
	Modal,
	SelectControl,
	TextControl,
} from '@wordpress/components';
import { useLayoutEffect, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type { ServiceClient } from '../../api/client';
import type {
	CreatedLicense,
	License,
	LicenseStatus,
	Product,
} from '../../api/types';
import { LICENSE_STATUSES } from '../../api/types';
import { endOfDay } from '../../components/format';
import { FormActions } from '../../components/confirm';
import {
	FormError,
	useForm,
	useUnsavedChanges,
} from '../../components/mutation';
import { SecretOnce } from '../../components/secret-once';
import { rules } from '../../components/validate';
import { isUnlimited, statusLabel, UNLIMITED } from './license-utils';

/** What both forms edit, under the server's field names: customer, site limit and expiry (empty: lifetime). */
interface Terms extends Record< string, string | boolean > {
	customer_email: string;
	customer_name: string;
	activation_limit: string;
	unlimited: boolean;
	expires: string;
}

const termsRules = () => ( {
	customer_email: [
		rules.required( __( 'Customer email', 'svc-licensing' ) ),
		rules.email(),
	],
	activation_limit: [ rules.intRange( 1, UNLIMITED - 1 ) ],
} );

type TermsForm = ReturnType< typeof useForm< Terms > >;

function TermsFields( { form }: { form: TermsForm } ) {
	const { values, set, fieldProps } = form;
	return (
		<>
			<TextControl
				label={ __( 'Customer email', 'svc-licensing' ) }
				type="email"
				value={ values.customer_email }
				onChange={ set( 'customer_email' ) }
				required
				{ ...fieldProps( 'customer_email' ) }
			/>
			<TextControl
				label={ __( 'Customer name', 'svc-licensing' ) }
				value={ values.customer_name }
				onChange={ set( 'customer_name' ) }
				{ ...fieldProps( 'customer_name' ) }
			/>
			<CheckboxControl
				label={ __( 'Unlimited sites', 'svc-licensing' ) }
				checked={ values.unlimited }
				onChange={ ( checked ) => {
					set( 'unlimited' )( checked );
					if ( checked ) {
						// The hidden limit must not hold back the form.
						set( 'activation_limit' )( '1' );
					}
				} }
				__nextHasNoMarginBottom
			/>
			{ ! values.unlimited && (
				<TextControl
					label={ __( 'Activation limit', 'svc-licensing' ) }
					type="number"
					min={ 1 }
					value={ values.activation_limit }
					onChange={ set( 'activation_limit' ) }
					{ ...fieldProps( 'activation_limit' ) }
				/>
			) }
			<TextControl
				label={ __( 'Expires (empty: lifetime)', 'svc-licensing' ) }
				type="date"
				value={ values.expires }
				onChange={ set( 'expires' ) }
				{ ...fieldProps( 'expires' ) }
			/>
		</>
	);
}

const termsBody = ( terms: Terms ) => ( {
	customer_email: terms.customer_email.trim(),
	customer_name: terms.customer_name,
	activation_limit: terms.unlimited
		? UNLIMITED
		: Number( terms.activation_limit ),
	expires: endOfDay( terms.expires ),
} );

export function CreateLicenseModal( {
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
	const [ productId, setProductId ] = useState(
		String( products[ 0 ]?.id ?? '' )
	);
	const form = useForm< Terms >(
		{
			customer_email: '',
			customer_name: '',
			activation_limit: '1',
			unlimited: false,
			expires: '',
		},
		termsRules()
	);
	const confirmClose = useUnsavedChanges( form.dirty );
	const [ created, setCreated ] = useState< CreatedLicense | null >( null );

	if ( created ) {
		return (
			<Modal
				title={ __( 'Licence created', 'svc-licensing' ) }
				onRequestClose={ onClose }
			>
				<SecretOnce
					label={ __( 'Licence key', 'svc-licensing' ) }
					value={ created.license_key }
					onDone={ onClose }
				/>
			</Modal>
		);
	}
	const close = () => confirmClose() && onClose();
	return (
		<Modal
			title={ __( 'Add licence', 'svc-licensing' ) }
			onRequestClose={ close }
		>
			<form
				noValidate
				onSubmit={ ( event ) => {
					event.preventDefault();
					form.submit(
						( terms ) =>
							client.createLicense( {
								product_id: Number( productId ),
								...termsBody( terms ),
							} ),
						{
							success: __( 'Licence created.', 'svc-licensing' ),
							onDone: ( license ) => {
								setCreated( license );
								onCreated();
							},
						}
					);
				} }
			>
				<FormError message={ form.formError } />
				<SelectControl
					label={ __( 'Product', 'svc-licensing' ) }
					value={ productId }
					options={ products.map( ( product ) => ( {
						value: String( product.id ),
						label: product.name,
					} ) ) }
					onChange={ setProductId }
					__nextHasNoMarginBottom
				/>
				<TermsFields form={ form } />
				<FormActions
					onCancel={ close }
					submitLabel={ __( 'Create licence', 'svc-licensing' ) }
					busy={ form.busy }
					disabled={ ! productId }
				/>
			</form>
		</Modal>
	);
}

/** The edit form in its dialog; closing it with unsaved changes asks first. */
export function EditLicenseModal( {
	client,
	license,
	onDone,
	onClose,
}: {
	client: ServiceClient;
	license: License;
	onDone: () => void;
	onClose: () => void;
} ) {
	const [ dirty, setDirty ] = useState( false );
	const confirmClose = useUnsavedChanges( dirty );
	return (
		<Modal
			title={ __( 'Edit licence', 'svc-licensing' ) }
			onRequestClose={ () => confirmClose() && onClose() }
		>
			<EditLicenseForm
				client={ client }
				license={ license }
				onDone={ onDone }
				onCancel={ onClose }
				onDirty={ setDirty }
			/>
		</Modal>
	);
}

export function EditLicenseForm( {
	client,
	license,
	onDone,
	onCancel,
	onDirty,
}: {
	client: ServiceClient;
	license: License;
	onDone: () => void;
	onCancel?: () => void;
	/** Tells the dialog around the form whether it holds unsaved changes. */
	onDirty?: ( dirty: boolean ) => void;
} ) {
	const [ status, setStatus ] = useState< LicenseStatus >( license.status );
	const unlimited = isUnlimited( license.activation_limit );
	const form = useForm< Terms >(
		{
			customer_email: license.customer_email,
			customer_name: license.customer_name,
			activation_limit: unlimited
				? '1'
				: String( license.activation_limit ),
			unlimited,
			expires: license.expires ? license.expires.slice( 0, 10 ) : '',
		},
		termsRules()
	);
	const dirty = form.dirty || status !== license.status;
	const confirmClose = useUnsavedChanges( dirty );
	// Told before the browser handles the next key: with a passive effect, Escape pressed right after typing could
	// reach the dialog while it still thought the form clean, and close it without asking (a CI run saw it).
	useLayoutEffect( () => onDirty?.( dirty ), [ dirty, onDirty ] );
	return (
		<form
			noValidate
			onSubmit={ ( event ) => {
				event.preventDefault();
				form.submit(
					( terms ) =>
						client.updateLicense( license.id, {
							status,
							...termsBody( terms ),
						} ),
					{
						success: __( 'Licence saved.', 'svc-licensing' ),
						onDone,
					}
				);
			} }
		>
			<FormError message={ form.formError } />
			<SelectControl
				label={ __( 'Status', 'svc-licensing' ) }
				value={ status }
				options={ LICENSE_STATUSES.map( ( value ) => ( {
					value,
					label: statusLabel( value ),
				} ) ) }
				onChange={ ( value ) => setStatus( value as LicenseStatus ) }
				__nextHasNoMarginBottom
			/>
			<TermsFields form={ form } />
			<FormActions
				onCancel={ () => confirmClose() && ( onCancel ?? onDone )() }
				submitLabel={ __( 'Save', 'svc-licensing' ) }
				busy={ form.busy }
			/>
		</form>
	);
}
