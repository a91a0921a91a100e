<?php
/**
 * Licence fields typed as text (a CSV cell, a command-line flag), read into the values LicenseAdmin takes.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\License;

use InvalidArgumentException;
use Svc\Licensing\Domain\IsoTime;

/**
 * Pure parsing: each reader returns the field's value or throws InvalidArgumentException with a plain-words
 * reason. The rules that need the database (the email's form, tiers and prices) stay LicenseAdmin's.
 */
final class LicenseInput {

	/**
	 * Highest activation limit, as the admin API's schema allows.
	 */
	public const MAX_ACTIVATIONS = 1000000;

	/**
	 * A status, one of LicenseStatus::ALL.
	 *
	 * @param string $text Text.
	 * @throws InvalidArgumentException When it is none of them.
	 */
	public static function status( string $text ): string {
		$status = strtolower( trim( $text ) );
		if ( ! in_array( $status, LicenseStatus::ALL, true ) ) {
			throw new InvalidArgumentException( 'status must be one of ' . implode( ', ', LicenseStatus::ALL ) . '.' );
		}
		return $status;
	}

	/**
	 * An expiry: a date (YYYY-MM-DD, the start of that day in UTC) or an ISO 8601 date-time with its offset,
	 * returned in the admin API's form (2027-01-31T00:00:00Z).
	 *
	 * @param string $text Text.
	 * @throws InvalidArgumentException When it is neither.
	 */
	public static function expires( string $text ): string {
		$text = trim( $text );
		$utc  = new \DateTimeZone( 'UTC' );
		$date = false;
		$seen = '';
		if ( 1 === preg_match( '/^\d{4}-\d{2}-\d{2}$/', $text ) ) {
			$date = \DateTimeImmutable::createFromFormat( '!Y-m-d', $text, $utc );
			$seen = false === $date ? '' : $date->format( 'Y-m-d' );
		} elseif ( 1 === preg_match( '/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:Z|[+-]\d{2}:\d{2})$/', $text ) ) {
			$date = \DateTimeImmutable::createFromFormat( 'Y-m-d\TH:i:sP', str_replace( 'Z', '+00:00', $text ), $utc );
			$seen = false === $date ? '' : $date->format( 'Y-m-d\TH:i:s' );
		}
		// createFromFormat rolls 2027-02-30 over to March: a date that does not read back the same is refused.
		if ( false === $date || substr( $text, 0, strlen( $seen ) ) !== $seen || '' === $seen ) {
			throw new InvalidArgumentException( 'expires must be a date (2027-01-31) or a date-time (2027-01-31T12:00:00Z).' );
		}
		return IsoTime::format( $date->getTimestamp() );
	}

	/**
	 * An activation limit: a whole number from 1 to MAX_ACTIVATIONS.
	 *
	 * @param string $text Text.
	 * @throws InvalidArgumentException When it is not.
	 */
	public static function activation_limit( string $text ): int {
		$text = trim( $text );
		if ( 1 !== preg_match( '/^\d{1,7}$/', $text ) || (int) $text < 1 || (int) $text > self::MAX_ACTIVATIONS ) {
			throw new InvalidArgumentException( 'max_activations must be a whole number from 1 to ' . self::MAX_ACTIVATIONS . '.' );
		}
		return (int) $text;
	}

	/**
	 * A licence key brought from elsewhere; it must have this service's form.
	 *
	 * @param string $text Text.
	 * @throws InvalidArgumentException When it does not.
	 */
	public static function key( string $text ): LicenseKey {
		if ( ! LicenseKey::is_well_formed( $text ) ) {
			throw new InvalidArgumentException( 'key must be a licence key of the form XXXX-XXXX-XXXX-XXXX (letters and the digits 2-9).' );
		}
		return LicenseKey::parse( $text );
	}
}
