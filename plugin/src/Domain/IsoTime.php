<?php
/**
 * The API's one timestamp format: ISO 8601 in UTC.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain;

/**
 * Converts between unix seconds, stored UTC DATETIME strings and the API's form.
 */
final class IsoTime {

	/**
	 * Unix seconds to 2026-01-31T12:00:00Z.
	 *
	 * @param int $unix Unix seconds.
	 */
	public static function format( int $unix ): string {
		return gmdate( 'Y-m-d\TH:i:s\Z', $unix );
	}

	/**
	 * A stored UTC DATETIME (Y-m-d H:i:s) to the API form; null stays null.
	 *
	 * @param string|null $datetime Stored value.
	 */
	public static function from_storage( ?string $datetime ): ?string {
		$unix = self::unix_from_storage( $datetime );
		return null === $unix ? null : self::format( $unix );
	}

	/**
	 * A stored UTC DATETIME as unix seconds; null, empty and zero dates are null.
	 *
	 * @param string|null $datetime Stored value.
	 */
	public static function unix_from_storage( ?string $datetime ): ?int {
		if ( null === $datetime || '' === $datetime || 0 === strpos( $datetime, '0000-00-00' ) ) {
			return null;
		}
		$unix = strtotime( $datetime . ' UTC' );
		return false === $unix ? null : $unix;
	}

	/**
	 * Unix seconds to the stored UTC DATETIME form.
	 *
	 * @param int $unix Unix seconds.
	 */
	public static function to_storage( int $unix ): string {
		return gmdate( 'Y-m-d H:i:s', $unix );
	}
}
