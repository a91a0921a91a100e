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

	/**
	 * The mailbox an address delivers to, for one-trial-per-person rules: `ada+2@example.com` and
	 * `ada@example.com` are one mailbox unless plus-tags are to count as distinct addresses.
	 *
	 * @param string $normalised    An address from normalise().
	 * @param bool   $tags_distinct Whether a plus-tag makes another address.
	 */
	public static function mailbox( string $normalised, bool $tags_distinct ): string {
		if ( $tags_distinct ) {
			return $normalised;
		}
		$at    = (int) strrpos( $normalised, '@' );
		$local = substr( $normalised, 0, $at );
		$plus  = strpos( $local, '+' );
		return false === $plus || 0 === $plus ? $normalised : substr( $local, 0, $plus ) . substr( $normalised, $at );
	}
}
