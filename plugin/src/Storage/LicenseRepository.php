<?php
/**
 * Licences table (with their tier, for the public answers).
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage;

/**
 * Reads and writes licences. A licence is looked up by product and keyed hash, never by the key itself.
 */
final class LicenseRepository extends TableRepository {


	/**
	 * Table name.
	 */
	public function table(): string {
		return $this->table_name( Tables::LICENSES );
	}

	/**
	 * The licence of a product with this key hash, with its tier's label and features.
	 *
	 * @param int    $product_id Product.
	 * @param string $key_hash   Keyed hash of the licence key.
	 * @return array<string, mixed>|null
	 */
	public function find_by_key( int $product_id, string $key_hash ): ?array {
		$tiers = $this->table_name( Tables::TIERS );
		$row   = $this->db->get_row(
			$this->db->prepare(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table names from constants.
				"SELECT l.*, t.label AS tier_label, t.features AS tier_features FROM {$this->table()} l LEFT JOIN {$tiers} t ON t.id = l.tier_id WHERE l.key_hash = %s AND l.product_id = %d",
				$key_hash,
				$product_id
			),
			ARRAY_A
		);
		return is_array( $row ) ? self::cast( $row ) : null;
	}

	/**
	 * Inserts a licence.
	 *
	 * @param array<string, mixed> $fields Column values.
	 * @return int New id.
	 */
	public function create( array $fields ): int {
		return $this->insert_timestamped( Tables::LICENSES, $fields );
	}

	/**
	 * Inserts a trial licence unless this email already had a trial of this product
	 * (UNIQUE product_id + trial_email decides, also between parallel requests).
	 *
	 * @param array<string, mixed> $fields Column values, trial_email included.
	 * @return bool Whether the trial was created.
	 */
	public function create_trial( array $fields ): bool {
		$now = gmdate( 'Y-m-d H:i:s' );
		return null !== $this->insert_ignore(
			Tables::LICENSES,
			array_merge(
				array(
					'created_at' => $now,
					'updated_at' => $now,
				),
				$fields
			)
		);
	}

	/**
	 * Casts a row's numeric and boolean columns.
	 *
	 * @param array<string, mixed> $row Row.
	 * @return array<string, mixed>
	 */
	private static function cast( array $row ): array {
		foreach ( array( 'id', 'product_id', 'activation_limit', 'activation_count' ) as $column ) {
			$row[ $column ] = (int) $row[ $column ];
		}
		foreach ( array( 'tier_id', 'price_id' ) as $column ) {
			$row[ $column ] = null === $row[ $column ] ? null : (int) $row[ $column ];
		}
		$row['is_trial'] = (bool) (int) $row['is_trial'];
		return $row;
	}
}
