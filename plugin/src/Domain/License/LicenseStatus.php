<?php
/**
 * Licence status values and what they allow.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\License;

use Svc\Licensing\Domain\IsoTime;

/**
 * The spec's six statuses. A licence past its expiry counts as expired at once, whatever is stored
 * (decisions.md: a daily job stores that status later).
 */
final class LicenseStatus {
	public const ACTIVE    = 'active';
	public const EXPIRED   = 'expired';
	public const SUSPENDED = 'suspended';
	public const REVOKED   = 'revoked';
	public const TRIAL     = 'trial';
	public const CANCELLED = 'cancelled';

	public const ALL = array( self::ACTIVE, self::EXPIRED, self::SUSPENDED, self::REVOKED, self::TRIAL, self::CANCELLED );

	/**
	 * The status as of now.
	 *
	 * @param string   $stored  Stored status.
	 * @param int|null $expires Expiry (unix seconds), null for lifetime.
	 * @param int      $now     Unix seconds.
	 */
	public static function effective( string $stored, ?int $expires, int $now ): string {
		$running = self::ACTIVE === $stored || self::TRIAL === $stored;
		return $running && null !== $expires && $expires <= $now ? self::EXPIRED : $stored;
	}

	/**
	 * The status of a licence row as of now.
	 *
	 * @param array<string, mixed> $license Row with status and expires (storage format).
	 * @param int                  $now     Unix seconds.
	 */
	public static function of( array $license, int $now ): string {
		return self::effective( (string) $license['status'], IsoTime::unix_from_storage( $license['expires'] ), $now );
	}

	/**
	 * Whether a licence in this (effective) status may be used and activated.
	 *
	 * @param string $effective Effective status.
	 */
	public static function is_usable( string $effective ): bool {
		return self::ACTIVE === $effective || self::TRIAL === $effective;
	}
}
