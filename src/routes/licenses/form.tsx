/**
 * Create and edit forms of a licence.
 */
import { Modal, SelectControl, TextControl } from '@wordpress/components';
import { useState } from '@wordpress/element';
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
import { useNotify } from '../../components/notices';
import { SecretOnce } from '../../components/secret-once';
import { statusLabel } from './fields';

/** What both forms edit: customer, site limit and expiry (a date input; empty is lifetime). */
interface Terms {
	email: string;
	name: string;
	limit: string;
	expires: string;
}

function TermsFields( {
	terms,
	onChange,
}: {
	terms: Terms;
	onChange: ( terms: Terms ) => void;
} ) {
	const set = ( name: keyof Terms ) => ( value: string ) =>
		onChange( { ...terms, [ name ]: value } );
	return (
		<>
			<TextControl
				label={ __( 'Customer email', 'svc-licensing' ) }
				type="email"
				value={ terms.email }
				onChange={ set( 'email' ) }
				required
			/>
			<TextControl
				label={ __( 'Customer name', 'svc-licensing' ) }
				value={ terms.name }
				onChange={ set( 'name' ) }
			/>
			<TextControl
				label={ __( 'Activation limit', 'svc-licensing' ) }
				type="number"
				min={ 1 }
				value={ terms.limit }
				onChange={ set( 'limit' ) }
			/>
			<TextControl
				label={ __( 'Expires (empty: lifetime)', 'svc-licensing' ) }
				type="date"
				value={ terms.expires }
				onChange={ set( 'expires' ) }
			/>
		</>
	);
}

const termsBody = ( terms: Terms ) => ( {
	customer_email: terms.email,
	customer_name: terms.name,
	activation_limit: Number( terms.limit ),
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
	const notify = useNotify();
	const [ productId, setProductId ] = useState(
		String( products[ 0 ]?.id ?? '' )
	);
	const [ terms, setTerms ] = useState< Terms >( {
		email: '',
		name: '',
		limit: '1',
		expires: '',
	} );
	const [ busy, setBusy ] = useState( false );
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
				onSubmit={ ( event ) => {
					event.preventDefault();
					setBusy( true );
					client
						.createLicense( {
							product_id: Number( productId ),
							...termsBody( terms ),
						} )
						.then(
							( licence ) => {
								setCreated( licence );
								notify.success(
									__( 'Licence created.', 'svc-licensing' )
								);
								onCreated();
							},
							( error ) =>
								notify.error(
									error,
									__(
										'The licence was not created:',
										'svc-licensing'
									)
								)
						)
						.finally( () => setBusy( false ) );
				} }
			>
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
				<TermsFields terms={ terms } onChange={ setTerms } />
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
}: {
	client: ServiceClient;
	license: License;
	onDone: () => void;
} ) {
	const notify = useNotify();
	const [ status, setStatus ] = useState< LicenseStatus >( license.status );
	const [ terms, setTerms ] = useState< Terms >( {
		email: license.customer_email,
		name: license.customer_name,
		limit: String( license.activation_limit ),
		expires: license.expires ? license.expires.slice( 0, 10 ) : '',
	} );
	const [ busy, setBusy ] = useState( false );
	return (
		<form
			onSubmit={ ( event ) => {
				event.preventDefault();
				setBusy( true );
				client
					.updateLicense( license.id, {
						status,
						...termsBody( terms ),
					} )
					.then(
						() => {
							notify.success(
								__( 'Licence saved.', 'svc-licensing' )
							);
							onDone();
						},
						( error ) =>
							notify.error(
								error,
								__(
									'The licence was not saved:',
									'svc-licensing'
								)
							)
					)
					.finally( () => setBusy( false ) );
			} }
		>
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
			<TermsFields terms={ terms } onChange={ setTerms } />
			<FormActions
				onCancel={ onDone }
				submitLabel={ __( 'Save', 'svc-licensing' ) }
				busy={ busy }
			/>
		</form>
	);
}
