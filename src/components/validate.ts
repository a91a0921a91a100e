/**
 * The panel's client-side checks, in plain words. The server checks the same things again (its answer is mapped
 * onto the same fields by useForm), so a rule here only saves a round trip; it never lets through what the server
 * would refuse.
 */
import { __, sprintf } from '@wordpress/i18n';

/** A rule answers null for a good value and a message for a bad one. */
export type Rule = ( value: string ) => string | null;

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
/** A required WordPress or PHP version as the server accepts it (View/ProductSchema.php): 6.5, 6.5.2. */
const VERSION = /^\d+(\.\d+){0,2}$/;

export const rules = {
	required:
		( label: string ): Rule =>
		( value ) =>
			value.trim() === ''
				? sprintf(
						/* translators: %s: field name. */
						__( 'Enter the %s.', 'svc-licensing' ),
						label.toLowerCase()
					)
				: null,
	email: (): Rule => ( value ) =>
		value.trim() === '' || EMAIL.test( value.trim() )
			? null
			: __(
					'Enter an email address with a domain, such as name@example.com.',
					'svc-licensing'
				),
	version: (): Rule => ( value ) =>
		value.trim() === '' || VERSION.test( value.trim() )
			? null
			: __(
					'Enter a version number such as 6.5 or 1.2.3.',
					'svc-licensing'
				),
	url: (): Rule => ( value ) => {
		if ( value.trim() === '' ) {
			return null;
		}
		try {
			const url = new URL( value.trim() );
			return url.protocol === 'http:' || url.protocol === 'https:'
				? null
				: __(
						'Enter an address starting with https://.',
						'svc-licensing'
					);
		} catch {
			return __(
				'Enter a full address, such as https://example.com/.',
				'svc-licensing'
			);
		}
	},
	currency: (): Rule => ( value ) =>
		/^[A-Za-z]{3}$/.test( value.trim() )
			? null
			: __(
					'Enter a three-letter currency code, such as USD or EUR.',
					'svc-licensing'
				),
	intRange:
		( min: number, max?: number ): Rule =>
		( value ) => {
			const number = Number( value );
			if (
				value.trim() === '' ||
				! Number.isInteger( number ) ||
				number < min ||
				( max !== undefined && number > max )
			) {
				return max === undefined
					? sprintf(
							/* translators: %d: smallest allowed number. */
							__(
								'Enter a whole number of %d or more.',
								'svc-licensing'
							),
							min
						)
					: sprintf(
							/* translators: 1: smallest, 2: largest allowed number. */
							__(
								'Enter a whole number from %1$d to %2$d.',
								'svc-licensing'
							),
							min,
							max
						);
			}
			return null;
		},
};

/** The first message of a field's rules, or null. */
export function check( value: string, fieldRules: Rule[] ): string | null {
	for ( const rule of fieldRules ) {
		const message = rule( value );
		if ( message !== null ) {
			return message;
		}
	}
	return null;
}
