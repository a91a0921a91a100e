<?php
/**
 * Which licences a notice is due for on a given day.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Renewal;

/**
 * Pure. Days are UTC calendar days. A notice with offset d is due on the day (expiry day + d). A job that did
 * not run that day (WP-Cron on a quiet site, a host that was down) still sends it up to GRACE_DAYS days late,
 * and never later: a week-old "expires in 7 days" would be wrong. A notice before expiry is never sent on or
 * after the expiry day, whatever the grace: by then the "on the day" or "after" notices speak. When several
 * notices of a kind are due for one licence (the job caught up), only the latest-scheduled one goes (pick).
 * The ledger of sent notices (UNIQUE license, notice, expiry) keeps each to one mail across the runs of its
 * window, overlapping runs and web nodes.
 */
final class DueWindow {

	/** Days late a notice is still sent. */
	public const GRACE_DAYS = 3;

	private const DAY = 86400;

	/**
	 * The expiry times a notice is due for at $now: [from, until), what the job reads through the
	 * (status, expires) index.
	 *
	 * @param Notice $notice Notice.
	 * @param int    $now    Unix time.
	 * @return array{0: int, 1: int}
	 */
	public static function expiring( Notice $notice, int $now ): array {
		$today  = intdiv( $now, self::DAY );
		$latest = $today - $notice->offset; // The expiry day of a licence whose notice is due today.
		return array( ( $latest - self::late( $notice ) ) * self::DAY, ( $latest + 1 ) * self::DAY );
	}

	/**
	 * Whether a notice is due at $now for a licence expiring at $expires (null: lifetime, never).
	 *
	 * @param Notice   $notice  Notice.
	 * @param int|null $expires Expiry, Unix time.
	 * @param int      $now     Unix time.
	 */
	public static function is_due( Notice $notice, ?int $expires, int $now ): bool {
		if ( null === $expires ) {
			return false;
		}
		list( $from, $until ) = self::expiring( $notice, $now );
		return $expires >= $from && $expires < $until;
	}

	/**
	 * Of one kind's notices, the one to send a licence at $now: the due one with the latest day, or null.
	 *
	 * @param Notice[] $notices Enabled notices of the licence's kind.
	 * @param int|null $expires Expiry, Unix time.
	 * @param int      $now     Unix time.
	 */
	public static function pick( array $notices, ?int $expires, int $now ): ?Notice {
		$picked = null;
		foreach ( $notices as $notice ) {
			if ( self::is_due( $notice, $expires, $now ) && ( null === $picked || $notice->offset > $picked->offset ) ) {
				$picked = $notice;
			}
		}
		return $picked;
	}

	/**
	 * Whole UTC calendar days between the day a notice is sent and the expiry day, before or after it ({days}): the
	 * notice's offset when it goes on time, the truth when it goes late.
	 *
	 * @param int $expires Expiry, Unix time.
	 * @param int $now     Unix time of sending.
	 */
	public static function days( int $expires, int $now ): int {
		return abs( intdiv( $expires, self::DAY ) - intdiv( $now, self::DAY ) );
	}

	/**
	 * Days late a notice may still go: GRACE_DAYS, but a notice before expiry only until the day before it.
	 *
	 * @param Notice $notice Notice.
	 */
	private static function late( Notice $notice ): int {
		return $notice->offset < 0 ? min( self::GRACE_DAYS, -$notice->offset - 1 ) : self::GRACE_DAYS;
	}
}
