/**
 * Settings: the renewal page that client sites link to from their expiry notices (validate's renewal_url).
 */
import { TextControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

export function RenewalPageField( {
	value,
	onChange,
	error,
}: {
	value: string;
	onChange: ( value: string ) => void;
	/** The form's message for the field, shown in place of the help. */
	error?: string;
} ) {
	return (
		<TextControl
			label={ __( 'Renewal page', 'svc-licensing' ) }
			inputMode="url"
			placeholder="https://shop.example/renew/{product}/"
			value={ value }
			onChange={ onChange }
			className={ error ? 'svc-field has-error' : 'svc-field' }
			aria-invalid={ error ? true : undefined }
			help={
				error ??
				__(
					"Client sites link to it from their expiry notice. {product} is replaced by the product's slug; the licence key is never added. Empty: the product's homepage, if it has one.",
					'svc-licensing'
				)
			}
		/>
	);
}
