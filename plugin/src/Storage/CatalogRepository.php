<?php
/**
 * Tiers (what a licence grants: label and features) and prices (a processor price mapped to product, tier,
 * activation limit and period).
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage;

/**
 * CRUD of both small tables. Deleting is refused while licences (or prices, for a tier) refer to a row,
 * decided inside the DELETE statement itself.
 */
final class CatalogRepository extends TableRepository {

	/**
	 * Whether a tier exists.
	 *
	 * @param int $id Tier.
	 */
	public function tier_exists( int $id ): bool {
		return null !== $this->tier( $id );
	}

	/**
	 * A tier by id.
	 *
	 * @param int $id Tier.
	 * @return array<string, mixed>|null
	 */
	public function tier( int $id ): ?array {
		return $this->row( Tables::TIERS, $id );
	}

	/**
	 * A price by id.
	 *
	 * @param int $id Price.
	 * @return array<string, mixed>|null
	 */
	public function price( int $id ): ?array {
		return $this->row( Tables::PRICES, $id );
	}

	/**
	 * Every tier, oldest first.
	 *
	 * @return array<int, array<string, mixed>>
	 */
	public function tiers(): array {
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
		return (array) $this->db->get_results( "SELECT * FROM {$this->table_name( Tables::TIERS )} ORDER BY id", ARRAY_A );
	}

	/**
	 * Every price, oldest first, optionally of one product.
	 *
	 * @param int|null $product_id Product.
	 * @return array<int, array<string, mixed>>
	 */
	public function prices( ?int $product_id ): array {
		$where = null === $product_id ? '1 = 1' : $this->db->prepare( 'product_id = %d', $product_id );
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant, condition prepared above.
		return (array) $this->db->get_results( "SELECT * FROM {$this->table_name( Tables::PRICES )} WHERE {$where} ORDER BY id", ARRAY_A );
	}

	/**
	 * Inserts a tier.
	 *
	 * @param array<string, mixed> $fields Columns.
	 */
	public function create_tier( array $fields ): int {
		return $this->insert_timestamped( Tables::TIERS, $fields );
	}

	/**
	 * Inserts a price unless its processor price id is taken (UNIQUE).
	 *
	 * @param array<string, mixed> $fields Columns.
	 * @return int|null New id, or null when the processor price id exists.
	 */
	public function create_price( array $fields ): ?int {
		return $this->insert_ignore_timestamped( Tables::PRICES, $fields );
	}

	/**
	 * Changes a row's given columns.
	 *
	 * @param string               $table  Tables::TIERS or Tables::PRICES.
	 * @param int                  $id     Row.
	 * @param array<string, mixed> $fields Columns.
	 * @return bool False when the change broke a UNIQUE index.
	 */
	public function update( string $table, int $id, array $fields ): bool {
		return $this->update_row( $table, $id, $fields );
	}

	/**
	 * Sets a price's amount and currency where its amount is not known yet.
	 *
	 * @param string $processor_price_id Processor price id.
	 * @param int    $unit_amount        Minor units.
	 * @param string $currency           ISO 4217 code.
	 */
	public function fill_amount( string $processor_price_id, int $unit_amount, string $currency ): void {
		$this->db->query(
			$this->db->prepare(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
				"UPDATE {$this->table_name( Tables::PRICES )} SET unit_amount = %d, currency = %s, updated_at = %s WHERE processor_price_id = %s AND unit_amount IS NULL",
				$unit_amount,
				$currency,
				gmdate( 'Y-m-d H:i:s' ),
				$processor_price_id
			)
		);
	}

	/**
	 * Deletes a tier no licence or price refers to.
	 *
	 * @param int $id Tier.
	 * @return bool Whether it was deleted.
	 */
	public function delete_unused_tier( int $id ): bool {
		$licenses = $this->table_name( Tables::LICENSES );
		$prices   = $this->table_name( Tables::PRICES );
		return 1 === $this->db->query(
			$this->db->prepare(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table names from constants.
				"DELETE FROM {$this->table_name( Tables::TIERS )} WHERE id = %d AND NOT EXISTS (SELECT 1 FROM {$licenses} WHERE tier_id = %d) AND NOT EXISTS (SELECT 1 FROM {$prices} WHERE tier_id = %d)",
				$id,
				$id,
				$id
			)
		);
	}

	/**
	 * Deletes a price no licence refers to.
	 *
	 * @param int $id Price.
	 * @return bool Whether it was deleted.
	 */
	public function delete_unused_price( int $id ): bool {
		$licenses = $this->table_name( Tables::LICENSES );
		return 1 === $this->db->query(
			$this->db->prepare(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table names from constants.
				"DELETE FROM {$this->table_name( Tables::PRICES )} WHERE id = %d AND NOT EXISTS (SELECT 1 FROM {$licenses} WHERE price_id = %d)",
				$id,
				$id
			)
		);
	}

	/**
	 * A row by id.
	 *
	 * @param string $table A Tables constant.
	 * @param int    $id    Row.
	 * @return array<string, mixed>|null
	 */
	private function row( string $table, int $id ): ?array {
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
		$row = $this->db->get_row( $this->db->prepare( "SELECT * FROM {$this->table_name( $table )} WHERE id = %d", $id ), ARRAY_A );
		return is_array( $row ) ? $row : null;
	}
}
