<?php
/**
 * Tiers and prices, as licences refer to them.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage;

/**
 * Lookups that licence creation needs (the tiers and prices admin routes will add their CRUD here).
 */
final class CatalogRepository extends TableRepository {

	/**
	 * Whether a tier exists.
	 *
	 * @param int $id Tier.
	 */
	public function tier_exists( int $id ): bool {
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
		return null !== $this->db->get_var( $this->db->prepare( "SELECT id FROM {$this->table_name( Tables::TIERS )} WHERE id = %d", $id ) );
	}

	/**
	 * A price by id.
	 *
	 * @param int $id Price.
	 * @return array<string, mixed>|null
	 */
	public function price( int $id ): ?array {
		$row = $this->db->get_row(
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
			$this->db->prepare( "SELECT * FROM {$this->table_name( Tables::PRICES )} WHERE id = %d", $id ),
			ARRAY_A
		);
		return is_array( $row ) ? $row : null;
	}
}
