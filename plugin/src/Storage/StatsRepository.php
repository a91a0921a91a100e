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
	 * The counts, optionally for one product: the summaries (LicenseCounts), less what validation already sees
	 * as expired, which is one short range of the status_expires index (active or trial past expires, waiting
	 * for the expiry job). Nothing reads every row.
	 *
	 * @param int|null $product_id Only this product.
	 * @param string   $now        Current UTC DATETIME.
	 * @return array<string, array<string, int>>
	 */
	public function counts( ?int $product_id, string $now ): array {
		$products    = $this->table_name( Tables::PRODUCTS );
		$licenses    = $this->table_name( Tables::LICENSES );
		$activations = $this->table_name( Tables::ACTIVATIONS );
		$only_p      = null === $product_id ? '1 = 1' : $this->db->prepare( 'id = %d', $product_id );
		$only_l      = null === $product_id ? '' : $this->db->prepare( ' AND l.product_id = %d', $product_id );
		// phpcs:disable WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table names from constants, conditions prepared above.
		$product = $this->db->get_row( "SELECT COUNT(*) AS total, SUM(CASE WHEN is_active = 1 THEN 1 ELSE 0 END) AS active FROM {$products} WHERE {$only_p}", ARRAY_A );
		$lapsed  = (array) $this->db->get_results(
			$this->db->prepare(
				"SELECT l.status AS status, COUNT(DISTINCT l.id) AS licenses, COUNT(a.id) AS sites FROM {$licenses} l LEFT JOIN {$activations} a ON a.license_id = l.id AND a.is_staging = 0
				WHERE l.status IN ('active', 'trial') AND l.expires IS NOT NULL AND l.expires <= %s{$only_l} GROUP BY l.status",
				$now
			),
			ARRAY_A
		);
		// phpcs:enable
		$late = array(
			'active' => array(
				'licenses' => 0,
				'sites'    => 0,
			),
			'trial'  => array(
				'licenses' => 0,
				'sites'    => 0,
			),
		);
		foreach ( $lapsed as $row ) {
			$late[ (string) $row['status'] ] = array(
				'licenses' => (int) $row['licenses'],
				'sites'    => (int) $row['sites'],
			);
		}
		$stored = ( new LicenseCounts( $this->db ) )->by_status( $product_id );
		$of     = static function ( string $status, string $what ) use ( $stored ): int {
			return $stored[ $status ][ $what ] ?? 0;
		};
		$ints   = static function ( $row ): array {
			return array_map( 'intval', (array) $row );
		};
		return array(
			'products'    => $ints( $product ),
			'licenses'    => array(
				'total'     => (int) array_sum( array_column( $stored, 'licenses' ) ),
				'active'    => $of( 'active', 'licenses' ) - $late['active']['licenses'],
				'expired'   => $of( 'expired', 'licenses' ) + $late['active']['licenses'] + $late['trial']['licenses'],
				'suspended' => $of( 'suspended', 'licenses' ),
				'cancelled' => $of( 'cancelled', 'licenses' ),
				'trial'     => $of( 'trial', 'licenses' ) - $late['trial']['licenses'],
			),
			'activations' => array(
				'total'  => (int) array_sum( array_column( $stored, 'sites' ) ),
				'active' => $of( 'active', 'sites' ) + $of( 'trial', 'sites' ) - $late['active']['sites'] - $late['trial']['sites'],
			),
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
			'licenses' => (int) array_sum( array_column( ( new LicenseCounts( $this->db ) )->by_status( null ), 'licenses' ) ),
		);
	}

	/**
	 * New licences and new activations per UTC day since a time, optionally for one product, from the daily
	 * summary (LicenseCounts): licences by the day they were created, sites in use by the day they were activated.
	 *
	 * @param int|null $product_id Only this product.
	 * @param string   $since      UTC DATETIME.
	 * @return array{licenses: array<string, int>, activations: array<string, int>} Day (Y-m-d) => count.
	 */
	public function daily( ?int $product_id, string $since ): array {
		return ( new LicenseCounts( $this->db ) )->daily( $product_id, substr( $since, 0, 10 ) );
	}
}
