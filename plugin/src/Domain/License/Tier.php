<?php
/**
 * A licence's tier as clients and admins see it.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\License;

/**
 * Pure: label and features from a licence row joined with its tier (tier_label, tier_features as stored JSON).
 */
final class Tier {

	/**
	 * The tier object, or null when the licence has none.
	 *
	 * @param array<string, mixed> $row Row with tier_label and tier_features.
	 * @return array{label: string, features: string[]}|null
	 */
	public static function of( array $row ): ?array {
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
