<?php
/**
 * Amounts in minor units (as Stripe sends them) and in major units (as people read them).
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain;

/**
 * Stripe's zero-decimal currencies have no minor unit; every other currency here has two decimals.
 */
final class Money {
	private const ZERO_DECIMAL = array( 'BIF', 'CLP', 'DJF', 'GNF', 'JPY', 'KMF', 'KRW', 'MGA', 'PYG', 'RWF', 'UGX', 'VND', 'VUV', 'XAF', 'XOF', 'XPF' );

	/**
	 * Minor units as a major-unit number.
	 *
	 * @param int    $minor    Amount in minor units.
	 * @param string $currency ISO 4217 code.
	 * @return float|int
	 */
	public static function to_major( int $minor, string $currency ) {
		if ( in_array( strtoupper( $currency ), self::ZERO_DECIMAL, true ) ) {
			return $minor;
		}
		return round( $minor / 100, 2 );
	}

	/**
	 * A major-unit amount in minor units, rounded to the nearest one.
	 *
	 * @param float|int $major    Amount as people write it (19.99).
	 * @param string    $currency ISO 4217 code.
	 */
	public static function to_minor( $major, string $currency ): int {
		if ( in_array( strtoupper( $currency ), self::ZERO_DECIMAL, true ) ) {
			return (int) round( $major );
		}
		return (int) round( $major * 100 );
	}
}
