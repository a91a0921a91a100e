/**
 * Create and edit forms of a licence. Each field's problem shows under it in plain words: the form's own checks
 * first, then what the server refused (its 400's data.params, mapped onto the fields).
 */
import {
	CheckboxControl,
	Modal,
	Notice,
	SelectControl,
	TextControl,
} from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import { ServiceError, type ServiceClient } from '../../api/client';
import type {
	CreatedLicense,
	License,
	LicenseStatus,
	Product,
} from '../../api/types';
import { LICENSE_STATUSES } from '../../api/types';
import { endOfDay } from '../../components/format';
import { FormActions } from '../../components/confirm';
import { errorMessage, useNotify } from '../../components/notices';
import { SecretOnce } from '../../components/secret-once';
import { isUnlimited, statusLabel, UNLIMITED } from './licence-utils';

/** What both forms edit: customer, site limit and expiry (a date input; empty is lifetime). */
interface Terms {
	email: string;
	name: string;
	limit: string;
	unlimited: boolean;
	expires: string;
}

type Errors = Partial< Record< keyof Terms | 'form', string > >;

/** The server's field names, as the form's. */
const FIELD_OF: Record< string, keyof Terms > = {
	customer_email: 'email',
	customer_name: 'name',
	activation_limit: 'limit',
	expires: 'expires',
};

/** The form's own checks, in plain words. */
export function checkTerms( terms: Terms ): Errors {
	const errors: Errors = {};
	const email = terms.email.trim();
	if ( email === '' ) {
		errors.email = __(
			'Enter the customer’s email address.',
			'svc-licensing'
		);
	} else if ( ! /^[^@\s]+@[^@\s.]+(\.[^@\s.]+)+$/.test( email ) ) {
		errors.email = __(
			'Enter an email address like name@example.com.',
			'svc-licensing'
		);
	}
	if ( ! terms.unlimited ) {
		const limit = Number( terms.limit );
		if ( ! Number.isInteger( limit ) || limit < 1 || limit >= UNLIMITED ) {
			errors.limit = __(
				'Enter a whole number of sites from 1 to 999,999, or tick Unlimited.',
				'svc-licensing'
			);
		}
	}
	return errors;
}

/** What the server refused, on the fields it names; anything else for the top of the form. */
function serverErrors( error: unknown ): Errors {
	const errors: Errors = {};
	if ( error instanceof ServiceError ) {
		const params = error.envelope.data?.params;
		if ( params && typeof params === 'object' ) {
			for ( const [ name, reason ] of Object.entries( params ) ) {
				const field = FIELD_OF[ name ];
				if ( field ) {
					errors[ field ] = String( reason );
				}
			}
		}
	}
	if ( Object.keys( errors ).length === 0 ) {
		errors.form = errorMessage( error );
	}
	return errors;
}

const fieldProps = ( errors: Errors, name: keyof Terms ) =>
	errors[ name ]
		? {
				help: errors[ name ],
				className: 'svc-field-error',
				'aria-invalid': true,
			}
		: {};

function TermsFields( {
	terms,
	errors,
	onChange,
}: {
	terms: Terms;
	errors: Errors;
	onChange: ( terms: Terms ) => void;
} ) {
	const set =
		< K extends keyof Terms >( name: K ) =>
		( value: Terms[ K ] ) =>
			onChange( { ...terms, [ name ]: value } );
	return (
		<>
			<TextControl
				label={ __( 'Customer email', 'svc-licensing' ) }
				type="email"
				value={ terms.email }
				onChange={ set( 'email' ) }
				required
				{ ...fieldProps( errors, 'email' ) }
			/>
			<TextControl
				label={ __( 'Customer name', 'svc-licensing' ) }
				value={ terms.name }
				onChange={ set( 'name' ) }
				{ ...fieldProps( errors, 'name' ) }
			/>
			<CheckboxControl
				label={ __( 'Unlimited sites', 'svc-licensing' ) }
				checked={ terms.unlimited }
				onChange={ set( 'unlimited' ) }
				__nextHasNoMarginBottom
			/>
			{ ! terms.unlimited && (
				<TextControl
					label={ __( 'Activation limit', 'svc-licensing' ) }
					type="number"
					min={ 1 }
					value={ terms.limit }
					onChange={ set( 'limit' ) }
					{ ...fieldProps( errors, 'limit' ) }
				/>
			) }
			<TextControl
				label={ __( 'Expires (empty: lifetime)', 'svc-licensing' ) }
				type="date"
				value={ terms.expires }
				onChange={ set( 'expires' ) }
				{ ...fieldProps( errors, 'expires' ) }
			/>
		</>
	);
}

const termsBody = ( terms: Terms ) => ( {
	customer_email: terms.email.trim(),
	customer_name: terms.name,
	activation_limit: terms.unlimited ? UNLIMITED : Number( terms.limit ),
	expires: endOfDay( terms.expires ),
} );

function FormError( { errors }: { errors: Errors } ) {
	return errors.form ? (
		<Notice status="error" isDismissible={ false }>
			{ errors.form }
		</Notice>
	) : null;
}

/** Checks, then sends; errors land on the fields. */
function useTermsSubmit( notify: ReturnType< typeof useNotify > ) {
	const [ errors, setErrors ] = useState< Errors >( {} );
	const [ busy, setBusy ] = useState( false );
	const submit = < T, >(
		terms: Terms,
		send: () => Promise< T >,
		done: ( value: T ) => void
	) => {
		const found = checkTerms( terms );
		setErrors( found );
		if ( Object.keys( found ).length > 0 ) {
			return;
		}
		setBusy( true );
		send()
			.then( done, ( error ) => {
				const mapped = serverErrors( error );
				setErrors( mapped );
				if ( mapped.form ) {
					notify.error( error );
				}
			} )
			.finally( () => setBusy( false ) );
	};
	return { errors, setErrors, busy, submit };
}

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
	const notify = useNotify();
	const [ productId, setProductId ] = useState(
		String( products[ 0 ]?.id ?? '' )
	);
	const [ terms, setTerms ] = useState< Terms >( {
		email: '',
		name: '',
		limit: '1',
		unlimited: false,
		expires: '',
	} );
	const { errors, setErrors, busy, submit } = useTermsSubmit( notify );
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
	return (
		<Modal
			title={ __( 'Add licence', 'svc-licensing' ) }
			onRequestClose={ onClose }
		>
			<form
				noValidate
				onSubmit={ ( event ) => {
					event.preventDefault();
					submit(
						terms,
						() =>
							client.createLicense( {
								product_id: Number( productId ),
								...termsBody( terms ),
							} ),
						( licence ) => {
							setCreated( licence );
							notify.success(
								__( 'Licence created.', 'svc-licensing' )
							);
							onCreated();
						}
					);
				} }
			>
				<FormError errors={ errors } />
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
				<TermsFields
					terms={ terms }
					errors={ errors }
					onChange={ ( next ) => {
						setTerms( next );
						setErrors( {} );
					} }
				/>
				<FormActions
					onCancel={ onClose }
					submitLabel={ __( 'Create licence', 'svc-licensing' ) }
					busy={ busy }
					disabled={ ! productId }
				/>
			</form>
		</Modal>
	);
}

export function EditLicenseForm( {
	client,
	license,
	onDone,
	onCancel,
}: {
	client: ServiceClient;
	license: License;
	onDone: () => void;
	onCancel?: () => void;
} ) {
	const notify = useNotify();
	const [ status, setStatus ] = useState< LicenseStatus >( license.status );
	const [ terms, setTerms ] = useState< Terms >( {
		email: license.customer_email,
		name: license.customer_name,
		limit: isUnlimited( license.activation_limit )
			? '1'
			: String( license.activation_limit ),
		unlimited: isUnlimited( license.activation_limit ),
		expires: license.expires ? license.expires.slice( 0, 10 ) : '',
	} );
	const { errors, setErrors, busy, submit } = useTermsSubmit( notify );
	return (
		<form
			noValidate
			onSubmit={ ( event ) => {
				event.preventDefault();
				submit(
					terms,
					() =>
						client.updateLicense( license.id, {
							status,
							...termsBody( terms ),
						} ),
					() => {
						notify.success(
							__( 'Licence saved.', 'svc-licensing' )
						);
						onDone();
					}
				);
			} }
		>
			<FormError errors={ errors } />
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
			<TermsFields
				terms={ terms }
				errors={ errors }
				onChange={ ( next ) => {
					setTerms( next );
					setErrors( {} );
				} }
			/>
			<FormActions
				onCancel={ onCancel ?? onDone }
				submitLabel={ __( 'Save', 'svc-licensing' ) }
				busy={ busy }
			/>
		</form>
	);
}
