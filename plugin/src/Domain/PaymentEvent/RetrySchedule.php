<?php
/**
 * When a failed webhook event is tried again.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\PaymentEvent;

/**
 * The retry_count counts the retries an event has been given: the failure at receipt schedules retry 1 (count 0 → 1,
 * as the spec's lifecycle table says), each failed retry schedules the next, and when the fifth retry fails no
 * retry is left: the count stays 5 and next_retry_at becomes null. Delays follow the previous failure.
 */
final class RetrySchedule {
	public const MAX_RETRIES = 5;

	/**
	 * Seconds before retry 1, 2, 3, 4, 5.
	 */
	public const DELAYS = array( 60, 300, 900, 3600, 14400 );

	/**
	 * The retry count and next retry time after a failed attempt.
	 *
	 * @param int $retry_count Retries given before this failure (0 for the attempt at receipt).
	 * @param int $now         Unix time of the failure.
	 * @return array{retry_count: int, next_retry_at: int|null}
	 */
	public static function after_failure( int $retry_count, int $now ): array {
		$retry_count = max( 0, $retry_count );
		if ( $retry_count >= self::MAX_RETRIES ) {
			return array(
				'retry_count'   => self::MAX_RETRIES,
				'next_retry_at' => null,
			);
		}
		return array(
			'retry_count'   => $retry_count + 1,
			'next_retry_at' => $now + self::DELAYS[ $retry_count ],
		);
	}
}
