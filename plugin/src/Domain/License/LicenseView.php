<?php
/**
 * A stored licence as the admin API shows it.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\License;

use Svc\Licensing\Domain\IsoTime;

/**
 * Pure: the key only ever appears masked here.
 */
final class LicenseView {

	/**
	 * The admin representation.
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
			'tier'               => self::tier( $row ),
			'tier_id'            => null === $row['tier_id'] ? null : (int) $row['tier_id'],
			'price_id'           => null === $row['price_id'] ? null : (int) $row['price_id'],
		);
	}

	/**
	 * The tier object, or null when the licence has none.
	 *
	 * @param array<string, mixed> $row Row with tier_label and tier_features.
	 * @return array{label: string, features: string[]}|null
	 */
	public static function tier( array $row ): ?array {
		if ( null === ( $row['tier_label'] ?? null ) ) {
			return null;
		}
		$features = json_decode( (string) $row['tier_features'], true );
		return array(
			'label'    => (string) $row['tier_label'],
			'features' => is_array( $features ) ? array_values( array_map( 'strval', $features ) ) : array(),
		);
	}
}
