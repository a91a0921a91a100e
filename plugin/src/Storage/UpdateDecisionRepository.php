<?php
/**
 * The last update check's decision per product and site.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage;

use Svc\Licensing\Domain\Release\UpdateDecision;

/**
 * The only writer of svc_update_decisions. A decision belongs to a licence and a site (docs/explain.md): a check
 * writes its row with one upsert on the (product, licence, slot) UNIQUE key, where the slot is the site's activation
 * on the licence, or 0 for a site without one (the licence's latest such check). No read before the write, so
 * parallel checks never add a row, and a check with one licence's key never touches another licence's row, whatever
 * site URL it names. A licence holds at most its activations + 1 rows per product: the write also drops the
 * licence's rows whose activation is gone, and the slot-0 row of a site that is now activated. Reads join the
 * product for its name and slug.
 */
final class UpdateDecisionRepository extends TableRepository {

	/**
	 * A decision that has not changed is written again after this many seconds (its checked_at is then at most a
	 * day old while the site keeps checking).
	 */
	public const REFRESH_EVERY = 86400;

	/**
	 * Records a check's decision, replacing the licence's previous one for this activation (or, without one, its
	 * previous check from any site that is not activated on it).
	 *
	 * @param int            $product_id    Product.
	 * @param string         $site          Normalised site, as activations store it.
	 * @param int            $license_id    Licence found.
	 * @param int|null       $activation_id The site's activation, or null.
	 * @param UpdateDecision $decision      The decision.
	 * @param int            $now           Unix time of the check.
	 * @return bool Whether a row was written (false: the stored row already says this, and is less than a day old).
	 */
	public function save( int $product_id, string $site, int $license_id, ?int $activation_id, UpdateDecision $decision, int $now ): bool {
		$table   = $this->table_name( Tables::UPDATE_DECISIONS );
		$columns = array(
			'site_url'          => array( '%s', $site ),
			'activation_id'     => array( null === $activation_id ? 'NULL' : '%d', $activation_id ),
			'checked_at'        => array( '%s', gmdate( 'Y-m-d H:i:s', $now ) ),
			'installed_version' => array( '%s', substr( $decision->installed(), 0, 64 ) ),
			'offered_version'   => array( null === $decision->offered() ? 'NULL' : '%s', $decision->offered() ),
			'answer'            => array( '%s', $decision->answer() ),
			'steps'             => array( '%s', $decision->compact() ),
			'wp_version'        => array( null === $decision->wp_version() ? 'NULL' : '%s', $decision->wp_version() ),
			'php_version'       => array( null === $decision->php_version() ? 'NULL' : '%s', $decision->php_version() ),
		);
		$values  = array();
		$marks   = array();
		$updates = array();
		foreach ( $columns as $column => list( $mark, $value ) ) {
			$marks[]   = $mark;
			$updates[] = "{$column} = {$mark}";
			if ( 'NULL' !== $mark ) {
				$values[] = $value;
			}
		}
		$names = implode( ', ', array_keys( $columns ) );
		$slot  = null === $activation_id ? 0 : $activation_id;
		if ( $this->unchanged( $product_id, $license_id, $slot, $columns, $now ) ) {
			return false;
		}
		// The values are given twice (insert, then update) rather than through VALUES(), which both databases read alike.
		$this->db->query(
			$this->db->prepare(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table and column names from constants, values as placeholders.
				"INSERT INTO {$table} (product_id, license_id, slot, {$names}) VALUES (%d, %d, %d, " . implode( ', ', $marks ) . ') ON DUPLICATE KEY UPDATE ' . implode( ', ', $updates ),
				array_merge( array( $product_id, $license_id, $slot ), $values, $values )
			)
		);
		$this->drop_stale( $product_id, $license_id, $site, $slot );
		return true;
	}

	/**
	 * Whether the stored row of this licence's slot already says what the check decided (every column but the
	 * time) and was written within REFRESH_EVERY: a site that keeps checking and gets the same answer writes
	 * nothing (issue 42). One read by the UNIQUE key; a row erased meanwhile is simply written again.
	 *
	 * @param int                                       $product_id Product.
	 * @param int                                       $license_id Licence.
	 * @param int                                       $slot       The site's activation, or 0.
	 * @param array<string, array{0: string, 1: mixed}> $columns    The columns to write, as save() lists them.
	 * @param int                                       $now        Unix time of the check.
	 */
	private function unchanged( int $product_id, int $license_id, int $slot, array $columns, int $now ): bool {
		$table = $this->table_name( Tables::UPDATE_DECISIONS );
		$names = implode( ', ', array_keys( $columns ) );
		$row   = $this->db->get_row(
			$this->db->prepare(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table and column names from constants.
				"SELECT {$names} FROM {$table} WHERE product_id = %d AND license_id = %d AND slot = %d",
				$product_id,
				$license_id,
				$slot
			),
			ARRAY_A
		);
		if ( ! is_array( $row ) ) {
			return false;
		}
		$written = strtotime( (string) $row['checked_at'] . ' UTC' );
		if ( false === $written || $now - $written >= self::REFRESH_EVERY || $now < $written ) {
			return false;
		}
		foreach ( $columns as $column => list( $mark, $value ) ) {
			if ( 'checked_at' === $column ) {
				continue;
			}
			$stored = $row[ $column ];
			if ( 'NULL' === $mark ? null !== $stored : (string) $value !== (string) $stored ) {
				return false;
			}
		}
		return true;
	}

	/**
	 * Drops the licence's rows for this product that no longer say anything true: those whose activation is gone
	 * (a released site), and, after a check from an activated site, the slot-0 row naming that same site.
	 *
	 * @param int    $product_id Product.
	 * @param int    $license_id Licence.
	 * @param string $site       The site just recorded.
	 * @param int    $slot       Its slot.
	 */
	private function drop_stale( int $product_id, int $license_id, string $site, int $slot ): void {
		$table       = $this->table_name( Tables::UPDATE_DECISIONS );
		$activations = $this->table_name( Tables::ACTIVATIONS );
		$this->db->query(
			$this->db->prepare(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table names from constants, values as placeholders.
				"DELETE FROM {$table} WHERE product_id = %d AND license_id = %d AND ( ( slot <> 0 AND slot NOT IN ( SELECT id FROM {$activations} WHERE license_id = %d ) ) OR ( %d <> 0 AND slot = 0 AND site_url = %s ) )",
				$product_id,
				$license_id,
				$license_id,
				$slot,
				$site
			)
		);
	}

	/**
	 * Every decision recorded for a site, product name first.
	 *
	 * @param string   $site       Normalised site.
	 * @param int|null $product_id Only this product (a scoped caller), or null.
	 * @return list<array<string, mixed>>
	 */
	public function of_site( string $site, ?int $product_id ): array {
		return $this->rows( 'd.site_url = %s', array( $site ), $product_id );
	}

	/**
	 * Every decision recorded for a licence's sites.
	 *
	 * @param int $license_id Licence.
	 * @return list<array<string, mixed>>
	 */
	public function of_license( int $license_id ): array {
		return $this->rows( 'd.license_id = %d', array( $license_id ), null );
	}

	/**
	 * Every decision recorded for these licences' sites (a customer's personal-data export).
	 *
	 * @param int[] $license_ids Licences.
	 * @return list<array<string, mixed>>
	 */
	public function of_licenses( array $license_ids ): array {
		$ids = array_values( array_unique( array_map( 'intval', $license_ids ) ) );
		if ( array() === $ids ) {
			return array();
		}
		return $this->rows( 'd.license_id IN (' . implode( ', ', array_fill( 0, count( $ids ), '%d' ) ) . ')', $ids, null );
	}

	/**
	 * Deletes the decisions of these licences (a customer's erase, a licence deleted).
	 *
	 * @param int[] $license_ids Licences.
	 * @return int Rows deleted.
	 */
	public function remove_of_licenses( array $license_ids ): int {
		$deleted = 0;
		$table   = $this->table_name( Tables::UPDATE_DECISIONS );
		foreach ( array_chunk( array_values( array_unique( array_map( 'intval', $license_ids ) ) ), 500 ) as $chunk ) {
			$marks = implode( ', ', array_fill( 0, count( $chunk ), '%d' ) );
			// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared,WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant, values as placeholders.
			$deleted += (int) $this->db->query( $this->db->prepare( "DELETE FROM {$table} WHERE license_id IN ({$marks})", $chunk ) );
		}
		return $deleted;
	}

	/**
	 * Decisions matching a condition, with the product's name and slug, by product name then site.
	 *
	 * @param string                 $where      Condition on `d`, with placeholders.
	 * @param array<int, int|string> $args       Its values.
	 * @param int|null               $product_id Only this product, or null.
	 * @return list<array<string, mixed>>
	 */
	private function rows( string $where, array $args, ?int $product_id ): array {
		$table    = $this->table_name( Tables::UPDATE_DECISIONS );
		$products = $this->table_name( Tables::PRODUCTS );
		if ( null !== $product_id ) {
			$where .= ' AND d.product_id = %d';
			$args[] = $product_id;
		}
		$rows = (array) $this->db->get_results(
			$this->db->prepare(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared,WordPress.DB.PreparedSQL.NotPrepared -- table names from constants, values as placeholders.
				"SELECT d.*, p.name AS product_name, p.slug AS product_slug FROM {$table} d JOIN {$products} p ON p.id = d.product_id WHERE {$where} ORDER BY p.name, d.site_url, d.license_id, d.slot",
				$args
			),
			ARRAY_A
		);
		return array_values( $rows );
	}
}
