<?php
/**
 * A stored licence as the admin API shows it.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\View;

use Svc\Licensing\Domain\IsoTime;
use Svc\Licensing\Domain\License\LicenseKey;
use Svc\Licensing\Domain\License\Tier;

/**
 * The admin API's licence object, which `GET /admin/licenses/{id}` and `wp svc license get` both show; the key only ever appears masked here.
 */
final class LicenseView {

	/**
	 * A licence row as the admin API shows it.
	 *
	 * @param array<string, mixed> $row Licence row joined with product_name, tier_label and tier_features.
	 * @return array<string, mixed>
	 */
	public static function present( array $row ): array {
		return array(
			'id'                 => (int) $row['id'],
			'license_key_masked' => LicenseKey::mask( (string) $row['key_last'] ),
			'product_id'         => (int) $row['product_id'],
			'product_name'       => (string) ( $row['product_name'] ?? '' ),
			'customer_name'      => (string) $row['customer_name'],
			'customer_email'     => (string) $row['customer_email'],
			'status'             => (string) $row['status'],
			'activation_limit'   => (int) $row['activation_limit'],
			'activation_count'   => (int) $row['activation_count'],
			'expires'            => IsoTime::from_storage( $row['expires'] ),
			'created_at'         => IsoTime::from_storage( $row['created_at'] ),
			'is_trial'           => (bool) $row['is_trial'],
			'trial_ends'         => IsoTime::from_storage( $row['trial_ends'] ),
			'tier'               => Tier::of( $row ),
			'tier_id'            => null === $row['tier_id'] ? null : (int) $row['tier_id'],
			'price_id'           => null === $row['price_id'] ? null : (int) $row['price_id'],
			'channel'            => isset( $row['channel'] ) ? (string) $row['channel'] : null,
			'pinned_version'     => isset( $row['pinned_version'] ) ? (string) $row['pinned_version'] : null,
		);
	}

	/**
	 * A new key's answer (`POST /admin/licenses/{id}/rotate-key` and `wp svc license rotate`): the full new key,
	 * shown this once, and the old key's first group, so the admin can tell which one stopped working.
	 *
	 * @param array<string, mixed> $row     The licence row before the rotation.
	 * @param string               $new_key The new key.
	 * @param int                  $now     Unix time of the rotation.
	 * @return array<string, mixed>
	 */
	public static function rotated( array $row, string $new_key, int $now ): array {
		return array(
			'id'                  => (int) $row['id'],
			'new_license_key'     => $new_key,
			'previous_key_prefix' => (string) $row['key_first'],
			'rotated_at'          => IsoTime::format( $now ),
		);
	}
}
