<?php
/**
 * The release a rollback goes back to.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Release;

/**
 * The newest release of the same channel below the one rolled back, published and not withdrawn; null when
 * there is none.
 */
final class PreviousRelease {

	/**
	 * The previous release.
	 *
	 * @param array<int, array<string, mixed>> $releases The product's releases.
	 * @param array<string, mixed>             $release  The one rolled back.
	 * @return array<string, mixed>|null
	 */
	public static function of( array $releases, array $release ): ?array {
		$below = Version::parse( (string) $release['version'] );
		$best  = null;
		foreach ( $releases as $candidate ) {
			if ( null === $candidate['published_at'] || null !== $candidate['withdrawn_at'] || (string) $candidate['channel'] !== (string) $release['channel'] ) {
				continue;
			}
			$version = Version::parse( (string) $candidate['version'] );
			if ( $below->is_newer_than( $version ) && ( null === $best || $version->is_newer_than( Version::parse( (string) $best['version'] ) ) ) ) {
				$best = $candidate;
			}
		}
		return $best;
	}
}
