<?php
/**
 * Whether a request names one of the old clients' protocols: the one test every request pays for in the fast lane.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\MoveIn;

/**
 * The parameter each old client sends its action in (by POST or GET), the cheap test the fast lane makes before
 * anything loads, and the days an answered request is counted on (Site Health shows the last 30 UTC days, today
 * included). Pure, without dependencies: the lane's entry requires this file alone before the autoloader.
 */
final class OldProtocolRequest {

	/** EDD Software Licensing's action parameter. */
	public const EDD_SL_PARAM = 'edd_action';

	/** Software License Manager's action parameter. */
	public const SLM_PARAM = 'slm_action';

	/** Days whose requests count, today included. */
	public const DAYS = 30;

	/**
	 * Whether the query or the form carries an old client's action parameter.
	 *
	 * @param array<string, mixed> $query $_GET.
	 * @param array<string, mixed> $body  $_POST.
	 */
	public static function present( array $query, array $body ): bool {
		foreach ( array( self::EDD_SL_PARAM, self::SLM_PARAM ) as $name ) {
			if ( isset( $query[ $name ] ) || isset( $body[ $name ] ) ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * The UTC day a request is counted on.
	 *
	 * @param int $now Unix time.
	 */
	public static function day( int $now ): string {
		return gmdate( 'Y-m-d', $now );
	}

	/**
	 * The first UTC day that still counts: today and the 29 days before it.
	 *
	 * @param int $now Unix time.
	 */
	public static function first_counted_day( int $now ): string {
		return gmdate( 'Y-m-d', $now - ( self::DAYS - 1 ) * 86400 );
	}
}
