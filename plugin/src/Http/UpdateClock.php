<?php
/**
 * The time the update check runs at.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

/**
 * The one place the update check's and the download route's controllers take `now` from (the use cases take it as
 * a parameter): a rollout schedule's step, a pause and a download link's expiry are judged at this time. In
 * production this is time(). The filter exists for test sites only: the test mu-plugin moves the clock forward so
 * a spec sees a schedule advance, or an old client use its link hours later, without waiting.
 * Nothing in the plugin adds to it.
 */
final class UpdateClock {
	public const FILTER = 'svc_licensing_update_now';

	/**
	 * Unix time.
	 */
	public static function now(): int {
		$now = time();
		return has_filter( self::FILTER ) ? (int) apply_filters( 'svc_licensing_update_now', $now ) : $now;
	}
}
