<?php
/**
 * Counts behind GET /admin/stats.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage;

/**
 * Statuses are counted as validation sees them: an active or trial licence past its expiry counts as expired.
 */
final class StatsRepository extends TableRepository {

	/**
	 * The counts, optionally for one product.
	 *
	 * @param int|null $product_id Only this product.
	 * @param string   $now        Current UTC DATETIME.
	 * @return array<string, array<string, int>>
	 */
	public function counts( ?int $product_id, string $now ): array {
		$products    = $this->table_name( Tables::PRODUCTS );
		$licenses    = $this->table_name( Tables::LICENSES );
		$activations = $this->table_name( Tables::ACTIVATIONS );
		$only        = null === $product_id ? '1 = 1' : $this->db->prepare( 'product_id = %d', $product_id );
		$only_p      = null === $product_id ? '1 = 1' : $this->db->prepare( 'id = %d', $product_id );
		$only_l      = null === $product_id ? '1 = 1' : $this->db->prepare( 'l.product_id = %d', $product_id );
		$running     = $this->db->prepare( "status IN ('active', 'trial') AND (expires IS NULL OR expires > %s)", $now );
		$lapsed      = $this->db->prepare( "(status = 'expired' OR (status IN ('active', 'trial') AND expires IS NOT NULL AND expires <= %s))", $now );
		// phpcs:disable WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table names from constants, conditions prepared above.
		$product = $this->db->get_row( "SELECT COUNT(*) AS total, SUM(CASE WHEN is_active = 1 THEN 1 ELSE 0 END) AS active FROM {$products} WHERE {$only_p}", ARRAY_A );
		$license = $this->db->get_row(
			"SELECT COUNT(*) AS total,
				SUM(CASE WHEN status = 'active' AND ({$running}) THEN 1 ELSE 0 END) AS active,
				SUM(CASE WHEN {$lapsed} THEN 1 ELSE 0 END) AS expired,
				SUM(CASE WHEN status = 'suspended' THEN 1 ELSE 0 END) AS suspended,
				SUM(CASE WHEN status = 'cancelled' THEN 1 ELSE 0 END) AS cancelled,
				SUM(CASE WHEN status = 'trial' AND ({$running}) THEN 1 ELSE 0 END) AS trial
			FROM {$licenses} WHERE {$only}",
			ARRAY_A
		);
		$site    = $this->db->get_row(
			// Activations have neither status nor expires, so the licence's columns need no qualifier. Staging
			// sites use no slot and are not counted.
			"SELECT COUNT(*) AS total, SUM(CASE WHEN {$running} THEN 1 ELSE 0 END) AS active
			FROM {$activations} a JOIN {$licenses} l ON l.id = a.license_id WHERE {$only_l} AND a.is_staging = 0",
			ARRAY_A
		);
		// phpcs:enable
		$ints = static function ( $row ): array {
			return array_map( 'intval', (array) $row );
		};
		return array(
			'products'    => $ints( $product ),
			'licenses'    => $ints( $license ),
			'activations' => $ints( $site ),
		);
	}

	/**
	 * How far the service is set up: how many products, releases, mapped prices and licences exist.
	 *
	 * @return array{products: int, releases: int, prices: int, licenses: int}
	 */
	public function setup_counts(): array {
		$count = function ( string $table ): int {
			$name = $this->table_name( $table );
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
			return (int) $this->db->get_var( "SELECT COUNT(*) FROM {$name}" );
		};
		return array(
			'products' => $count( Tables::PRODUCTS ),
			'releases' => $count( Tables::RELEASES ),
			'prices'   => $count( Tables::PRICES ),
			'licenses' => $count( Tables::LICENSES ),
		);
	}

	/**
	 * New licences and new activations per UTC day since a time, optionally for one product.
	 *
	 * @param int|null $product_id Only this product.
	 * @param string   $since      UTC DATETIME.
	 * @return array{licenses: array<string, int>, activations: array<string, int>} Day (Y-m-d) => count.
	 */
	public function daily( ?int $product_id, string $since ): array {
		$licenses    = $this->table_name( Tables::LICENSES );
		$activations = $this->table_name( Tables::ACTIVATIONS );
		$only        = null === $product_id ? '' : $this->db->prepare( ' AND l.product_id = %d', $product_id );
		// phpcs:disable WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table names from constants, product condition prepared above.
		$new_licenses = $this->db->get_results(
			$this->db->prepare( "SELECT SUBSTR(l.created_at, 1, 10) AS day, COUNT(*) AS n FROM {$licenses} l WHERE l.created_at >= %s{$only} GROUP BY SUBSTR(l.created_at, 1, 10)", $since ),
			ARRAY_A
		);
		$new_sites    = $this->db->get_results(
			$this->db->prepare( "SELECT SUBSTR(a.activated_at, 1, 10) AS day, COUNT(*) AS n FROM {$activations} a JOIN {$licenses} l ON l.id = a.license_id WHERE a.activated_at >= %s AND a.is_staging = 0{$only} GROUP BY SUBSTR(a.activated_at, 1, 10)", $since ),
			ARRAY_A
		);
		// phpcs:enable
		$by_day = static function ( $rows ): array {
			$days = array();
			foreach ( (array) $rows as $row ) {
				$days[ (string) $row['day'] ] = (int) $row['n'];
			}
			return $days;
		};
		return array(
			'licenses'    => $by_day( $new_licenses ),
			'activations' => $by_day( $new_sites ),
		);
	}
}
