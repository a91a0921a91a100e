<?php
/**
 * A fixed one-minute rate-limit window.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\RateLimit;

/**
 * Pure arithmetic of the limit headers: which window a moment falls in, what is left, when it resets.
 */
final class Window {
	public const SECONDS = 60;

	/**
	 * Start of the window holding a moment.
	 *
	 * @param int $now Unix seconds.
	 */
	public static function start( int $now ): int {
		return $now - ( $now % self::SECONDS );
	}

	/**
	 * Requests left in the window after this one.
	 *
	 * @param int $limit Allowed per window.
	 * @param int $hits  Requests counted so far, this one included.
	 */
	public static function remaining( int $limit, int $hits ): int {
		return max( 0, $limit - $hits );
	}

	/**
	 * Whether this request goes over the limit.
	 *
	 * @param int $limit Allowed per window.
	 * @param int $hits  Requests counted so far, this one included.
	 */
	public static function exceeded( int $limit, int $hits ): bool {
		return $hits > $limit;
	}

	/**
	 * Seconds until the window resets (Retry-After), at least 1.
	 *
	 * @param int $now Unix seconds.
	 */
	public static function retry_after( int $now ): int {
		return max( 1, self::start( $now ) + self::SECONDS - $now );
	}
}
