<?php
/**
 * Whether a site's health report on a release may count: the release must be one the site was offered.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Release;

/**
 * The report rule of docs/rollouts-gate.md, pure. A licence holder may report only on what the service offered
 * that licence and site: a published release (a draft answers as an unknown version, so a report never tells a
 * customer which drafts exist), on a channel the site sees (another channel's release answers the same way), not
 * newer than the site's or the licence's pin, and rolled out to the licence's bucket. Whether the licence is usable
 * and the site activated on it is the caller's first question (LicenseFinder, the activation row).
 */
final class ReportedRelease {

	/** The release may be reported on. */
	public const OFFERED = 'offered';

	/** Answer as for a version the product has no release of. */
	public const UNKNOWN = 'unknown';

	/** A release the site may know of but was not offered: the report is answered, not counted. */
	public const NOT_OFFERED = 'not_offered';

	/**
	 * The verdict for a report on a release.
	 *
	 * @param array<string, mixed> $release    Release row (published_at, channel, version, rollout, rollout_plan).
	 * @param Channels             $channels   The product's channels.
	 * @param array<string, mixed> $activation The reporting site's activation (channel, pinned_version).
	 * @param array<string, mixed> $license    The licence (id, product_id, channel, pinned_version).
	 * @param int|null             $paused_at  When the release was paused (Unix), or null.
	 * @param int                  $now        Unix time.
	 * @return string One of the constants.
	 */
	public static function verdict( array $release, Channels $channels, array $activation, array $license, ?int $paused_at, int $now ): string {
		if ( null === ( $release['published_at'] ?? null ) ) {
			return self::UNKNOWN;
		}
		$channel = $channels->resolve( $activation['channel'] ?? null, $license['channel'] ?? null );
		if ( ! in_array( (string) $release['channel'], $channels->visible_from( $channel ), true ) ) {
			return self::UNKNOWN;
		}
		$version = Version::parse( (string) $release['version'] );
		foreach ( array( $activation['pinned_version'] ?? null, $license['pinned_version'] ?? null ) as $pin ) {
			if ( null !== $pin && '' !== $pin && Version::is_valid( (string) $pin ) ) {
				if ( $version->is_newer_than( Version::parse( (string) $pin ) ) ) {
					return self::NOT_OFFERED;
				}
				break;
			}
		}
		$percentage = RolloutPlan::effective( RolloutPlan::from_storage( $release['rollout_plan'] ?? null ), (int) $release['rollout'], $paused_at, $now );
		if ( ! RolloutBucket::includes( (int) $license['id'], (int) $license['product_id'], (string) $release['version'], $percentage ) ) {
			return self::NOT_OFFERED;
		}
		return self::OFFERED;
	}
}
