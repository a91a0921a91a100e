<?php
/**
 * When the SDK may call a licence server again after a failure. One per server, shared by every product on the
 * site that talks to it.
 *
 * @package SvcLicensingClient
 */

namespace Svc\LicensingClient;

/**
 * Immutable. After a failure the next call waits the server's Retry-After when it sent one (429 and 503), else
 * 1 minute, then 5, 15, 60 minutes, 3 and 6 hours for each further failure in a row. A success clears it.
 */
final class Backoff {

	/** Waits in seconds after the 1st, 2nd, … failure in a row without a Retry-After; the last repeats. */
	public const STEPS = array( 60, 300, 900, 3600, 10800, 21600 );

	/** The longest Retry-After honoured: a day. A longer one (or a date far away) is read as a day. */
	public const MAX_RETRY_AFTER = 86400;

	/**
	 * Unix time before which no call is made.
	 *
	 * @var int
	 */
	private $until;

	/**
	 * Failures in a row.
	 *
	 * @var int
	 */
	private $failures;

	/**
	 * Constructor.
	 *
	 * @param int $until    Unix time before which no call is made.
	 * @param int $failures Failures in a row.
	 */
	public function __construct( int $until = 0, int $failures = 0 ) {
		$this->until    = max( 0, $until );
		$this->failures = max( 0, $failures );
	}

	/**
	 * From what to_array() stored; anything else is no back-off.
	 *
	 * @param mixed $stored Stored value.
	 */
	public static function from_array( $stored ): self {
		if ( ! is_array( $stored ) ) {
			return new self();
		}
		return new self(
			isset( $stored['until'] ) && is_int( $stored['until'] ) ? $stored['until'] : 0,
			isset( $stored['failures'] ) && is_int( $stored['failures'] ) ? $stored['failures'] : 0
		);
	}

	/**
	 * For storage.
	 *
	 * @return array{until: int, failures: int}
	 */
	public function to_array(): array {
		return array(
			'until'    => $this->until,
			'failures' => $this->failures,
		);
	}

	/**
	 * Whether a call may be made at $now.
	 *
	 * @param int $now Unix time.
	 */
	public function allows( int $now ): bool {
		return $now >= $this->until;
	}

	/**
	 * Unix time of the next allowed call.
	 */
	public function until(): int {
		return $this->until;
	}

	/**
	 * Failures in a row.
	 */
	public function failures(): int {
		return $this->failures;
	}

	/**
	 * After a failed call (no answer, a timeout, a 5xx, a 429).
	 *
	 * @param int      $now         Unix time of the failure.
	 * @param int|null $retry_after Seconds from the server's Retry-After header, if it sent one.
	 */
	public function after_failure( int $now, ?int $retry_after = null ): self {
		$failures = $this->failures + 1;
		if ( null !== $retry_after ) {
			$wait = min( max( 1, $retry_after ), self::MAX_RETRY_AFTER );
		} else {
			$wait = self::STEPS[ min( $failures, count( self::STEPS ) ) - 1 ];
		}
		return new self( $now + $wait, $failures );
	}

	/**
	 * After a call the server answered (any 2xx or 4xx other than 429).
	 */
	public function after_success(): self {
		return new self();
	}

	/**
	 * Seconds from a Retry-After header: delta-seconds or an HTTP date; null when absent or unreadable.
	 *
	 * @param string|null $header The header's value.
	 * @param int         $now    Unix time.
	 */
	public static function retry_after_seconds( ?string $header, int $now ): ?int {
		if ( null === $header ) {
			return null;
		}
		$header = trim( $header );
		if ( '' === $header ) {
			return null;
		}
		if ( ctype_digit( $header ) ) {
			return strlen( $header ) > 9 ? self::MAX_RETRY_AFTER : (int) $header;
		}
		// An HTTP date (RFC 9110 IMF-fixdate), the only date form servers send today.
		$at = \DateTimeImmutable::createFromFormat( '!D, d M Y H:i:s \G\M\T', $header, new \DateTimeZone( 'UTC' ) );
		if ( false === $at ) {
			return null;
		}
		return max( 1, $at->getTimestamp() - $now );
	}
}
