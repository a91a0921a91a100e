<?php
/**
 * Which licences on this site need an expiry notice, one notice per licence server, and how long a dismissal
 * hides it.
 *
 * @package SvcLicensingClient
 */

namespace Svc\LicensingClient;

/**
 * Pure: it reads what the records hold (the server's last answer) and never asks the server. A licence needs a
 * notice when its last answer says it is expired, or it expires (or its trial ends) within WARN_DAYS; a lifetime
 * licence, a refusal without an expiry, and a licence that was revoked, cancelled or suspended do not (renewing
 * would not bring them back). Every product of one server shares one notice. A dismissal hides one server's
 * notice for DISMISS_DAYS, then it comes back while a licence still needs it.
 */
final class ExpiryNotices {

	/** A licence that expires within this many days gets a notice. */
	public const WARN_DAYS = 14;

	/** A dismissed notice stays hidden this many days. */
	public const DISMISS_DAYS = 14;

	/** The statuses that a renewal concerns. */
	private const RENEWABLE = array( 'active', 'trial', 'expired' );

	/**
	 * The licences that need a notice now, per server, in the order given.
	 *
	 * @param array<string, array{server: string, record: LicenseRecord}> $licenses  Product slug => its server's id and its record.
	 * @param array<string, int>                                          $dismissed Server id => hidden until (Unix time).
	 * @param int                                                         $now       Unix time.
	 * @return array<string, array<string, array{expires: int, expired: bool, renewal_url: string|null}>> Server id => product slug => why.
	 */
	public static function due( array $licenses, array $dismissed, int $now ): array {
		$due = array();
		foreach ( $licenses as $slug => $license ) {
			$server = $license['server'];
			if ( ( $dismissed[ $server ] ?? 0 ) > $now ) {
				continue;
			}
			$record  = $license['record'];
			$answer  = $record->answer() ?? array();
			$status  = is_string( $answer['status'] ?? null ) ? $answer['status'] : '';
			$expires = $record->expires();
			if ( null === $expires || ! in_array( $status, self::RENEWABLE, true ) || $expires - $now > self::WARN_DAYS * 86400 ) {
				continue;
			}
			$due[ $server ][ (string) $slug ] = array(
				'expires'     => $expires,
				'expired'     => 'expired' === $status || $expires <= $now,
				'renewal_url' => $record->renewal_url(),
			);
		}
		return $due;
	}

	/**
	 * The dismissals still running, from what was stored; anything unreadable or ended is dropped.
	 *
	 * @param mixed $stored Server id => hidden until, as stored.
	 * @param int   $now    Unix time.
	 * @return array<string, int>
	 */
	public static function dismissals( $stored, int $now ): array {
		$running = array();
		foreach ( is_array( $stored ) ? $stored : array() as $server => $until ) {
			if ( is_string( $server ) && is_int( $until ) && $until > $now ) {
				$running[ $server ] = $until;
			}
		}
		return $running;
	}

	/**
	 * The dismissals after one server's notice was dismissed now.
	 *
	 * @param mixed  $stored Server id => hidden until, as stored.
	 * @param string $server The server's id.
	 * @param int    $now    Unix time.
	 * @return array<string, int>
	 */
	public static function dismiss( $stored, string $server, int $now ): array {
		return array( $server => $now + self::DISMISS_DAYS * 86400 ) + self::dismissals( $stored, $now );
	}
}
