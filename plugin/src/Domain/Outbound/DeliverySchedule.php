<?php
/**
 * When an outbound webhook delivery is tried again, and when its endpoint is given up on.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Outbound;

/**
 * A delivery gets a first attempt and six retries, 1 min, 5 min, 30 min, 2 h, 12 h and 24 h after the failure
 * before each (about 39.5 hours in all). Only a 2xx answer is a success: redirects are never followed, so a 3xx
 * is a failure like any other. When a delivery's last attempt fails and its endpoint has had no success for at
 * least DISABLE_AFTER seconds, the endpoint is disabled.
 */
final class DeliverySchedule {

	/**
	 * Seconds before retry 1 … 6.
	 */
	public const DELAYS = array( 60, 300, 1800, 7200, 43200, 86400 );

	public const MAX_ATTEMPTS = 7;

	public const DISABLE_AFTER = 86400;

	/**
	 * When to try again after a failed attempt, or null when that was the last.
	 *
	 * @param int $attempts Attempts made, including the failed one.
	 * @param int $now      Unix time of the failure.
	 */
	public static function next_attempt_after_failure( int $attempts, int $now ): ?int {
		$attempts = max( 1, $attempts );
		if ( $attempts >= self::MAX_ATTEMPTS ) {
			return null;
		}
		return $now + self::DELAYS[ $attempts - 1 ];
	}

	/**
	 * Whether an answer's status code counts as delivered.
	 *
	 * @param int|null $status_code HTTP status, or null when no answer came.
	 */
	public static function is_success( ?int $status_code ): bool {
		return null !== $status_code && $status_code >= 200 && $status_code < 300;
	}

	/**
	 * Whether a failure disables the endpoint.
	 *
	 * @param bool     $exhausted     Whether the failed attempt was the delivery's last.
	 * @param int|null $failing_since Unix time of the endpoint's first failure since its last success, or null.
	 * @param int      $now           Unix time.
	 */
	public static function disables_endpoint( bool $exhausted, ?int $failing_since, int $now ): bool {
		return $exhausted && null !== $failing_since && $now - $failing_since >= self::DISABLE_AFTER;
	}
}
