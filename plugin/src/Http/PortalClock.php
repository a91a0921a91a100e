<?php
/**
 * The time the customer portal's routes run at.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

/**
 * The one place the portal's controller takes `now` from; the use cases take it as a parameter. In production
 * this is time(). The filter exists for test sites only: the test mu-plugin moves the portal's clock forward so
 * a browser test can see a sign-in link expire without waiting a quarter of an hour. Nothing in the plugin adds
 * to it.
 */
final class PortalClock {
	public const FILTER = 'svc_licensing_portal_now';

	/**
	 * Unix time.
	 */
	public static function now(): int {
		$now = time();
		return has_filter( self::FILTER ) ? (int) apply_filters( 'svc_licensing_portal_now', $now ) : $now;
	}
}
