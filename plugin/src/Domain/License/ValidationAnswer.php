<?php
/**
 * The body of POST /licenses/validate.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\License;

use Svc\Licensing\Domain\IsoTime;

/**
 * Pure: from the stored licence, product and activation, the answer a client site gets.
 */
final class ValidationAnswer {

	/**
	 * Builds the answer.
	 *
	 * @param array<string, mixed>      $license          Licence row (expires/trial_ends as stored UTC DATETIME).
	 * @param array<string, mixed>      $product          Product row.
	 * @param array<string, mixed>|null $activation       This site's activation, if any.
	 * @param string|null               $fingerprint      Fingerprint the caller sent.
	 * @param bool                      $check_fingerprint Whether the fingerprinting setting is on.
	 * @param int                       $now              Unix seconds.
	 * @return array<string, mixed>
	 */
	public static function build( array $license, array $product, ?array $activation, ?string $fingerprint, bool $check_fingerprint, int $now ): array {
		$status = LicenseStatus::of( $license, $now );
		$valid  = LicenseStatus::is_usable( $status );
		if ( $valid && $check_fingerprint && null !== $activation && null !== $activation['server_fingerprint'] ) {
			// Another server presenting this site's activation: a copied site or a shared key.
			$valid = null !== $fingerprint && hash_equals( strtolower( (string) $activation['server_fingerprint'] ), strtolower( $fingerprint ) );
		}
		return array(
			'valid'             => $valid,
			'status'            => $status,
			'expires'           => IsoTime::from_storage( $license['expires'] ),
			'activation_limit'  => (int) $license['activation_limit'],
			'activation_count'  => (int) $license['activation_count'],
			'already_activated' => null !== $activation,
			'product_version'   => (string) $product['current_version'],
			'is_trial'          => (bool) $license['is_trial'],
			'trial_ends'        => IsoTime::from_storage( $license['trial_ends'] ),
			'tier'              => Tier::of( $license ),
			// An addition to the spec's fields: this site's activation uses no slot (docs/api-decisions.md).
			'is_staging'        => null !== $activation && 1 === (int) ( $activation['is_staging'] ?? 0 ),
		);
	}
}
