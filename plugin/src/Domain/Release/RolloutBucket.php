<?php
/**
 * Staged rollout: which licences a release is offered to.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Release;

/**
 * Each (licence, release) pair hashes to a fixed bucket in 0..9999; a release at P % is offered to buckets below
 * P × 100. The same licence always lands in the same bucket for a release, so its answer never flips, and raising
 * P only adds buckets, so nobody who was in drops out. The release is part of the hash so that the same licences
 * are not always the first to receive every release. The licence id (not the key) is hashed, so a rotated key
 * keeps its place.
 */
final class RolloutBucket {
	public const BUCKETS = 10000;

	/**
	 * The bucket of a licence for a release.
	 *
	 * @param int    $license_id Licence id.
	 * @param int    $product_id Product id.
	 * @param string $version    Release version.
	 */
	public static function of( int $license_id, int $product_id, string $version ): int {
		$digest = hash( 'sha256', "svc-rollout\0{$product_id}\0{$version}\0{$license_id}", true );
		// The first four bytes as an unsigned big-endian number.
		return (int) hexdec( bin2hex( substr( $digest, 0, 4 ) ) ) % self::BUCKETS;
	}

	/**
	 * Whether a licence is offered a release rolled out to a percentage of licences.
	 *
	 * @param int    $license_id Licence id.
	 * @param int    $product_id Product id.
	 * @param string $version    Release version.
	 * @param int    $percentage 0–100.
	 */
	public static function includes( int $license_id, int $product_id, string $version, int $percentage ): bool {
		$percentage = max( 0, min( 100, $percentage ) );
		return self::of( $license_id, $product_id, $version ) < $percentage * ( self::BUCKETS / 100 );
	}
}
