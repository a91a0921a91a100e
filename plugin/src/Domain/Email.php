<?php
/**
 * Customer email addresses.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain;

/**
 * Trimmed and lower-cased, so one person is one trial per product whatever they type.
 */
final class Email {

	/**
	 * The normalised address, or null when it is not a plausible address.
	 *
	 * @param string $input Caller's address.
	 */
	public static function normalise( string $input ): ?string {
		$email = strtolower( trim( $input ) );
		if ( '' === $email || strlen( $email ) > 254 ) {
			return null;
		}
		if ( false === filter_var( $email, FILTER_VALIDATE_EMAIL ) ) {
			return null;
		}
		return $email;
	}
}
