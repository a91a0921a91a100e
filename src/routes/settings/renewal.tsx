/**
 * Settings: the renewal page that client sites link to from their expiry notices (validate's renewal_url).
 */
import { TextControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

export function RenewalPageField( {
	value,
	onChange,
}: {
	value: string;
	onChange: ( value: string ) => void;
} ) {
	return (
		<TextControl
			label={ __( 'Renewal page', 'svc-licensing' ) }
			inputMode="url"
			placeholder="https://shop.example/renew/{product}/"
			value={ value }
			onChange={ onChange }
			help={ __(
				"Client sites link to it from their expiry notice. {product} is replaced by the product's slug; the licence key is never added. Empty: the product's homepage, if it has one.",
				'svc-licensing'
			) }
		/>
	);
}
