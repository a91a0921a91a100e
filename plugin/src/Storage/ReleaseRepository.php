<?php
/**
 * Releases table.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage;

use Svc\Licensing\Domain\Release\UpdateDecision;
use Svc\Licensing\Domain\Release\Version;

/**
 * Reads and writes releases. Publishing moves the product's current_version in the same transaction, so
 * the update check never sees a current version whose release is unpublished.
 */
final class ReleaseRepository extends TableRepository {

	/**
	 * Table name.
	 */
	private function table(): string {
		return $this->table_name( Tables::RELEASES );
	}

	/**
	 * A release by id.
	 *
	 * @param int $id Id.
	 * @return array<string, mixed>|null
	 */
	public function find( int $id ): ?array {
		// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- with_offered() is built from constants.
		$row = $this->db->get_row( $this->db->prepare( $this->with_offered() . ' WHERE r.id = %d', $id ), ARRAY_A );
		return is_array( $row ) ? self::cast( $row ) : null;
	}

	/**
	 * The SELECT of releases (as `r`) with `offered`: how many sites' last update check offered the release (their
	 * rows in svc_update_decisions, read here, written by UpdateDecisionRepository). The update check's own read,
	 * published(), goes without it.
	 */
	private function with_offered(): string {
		$decisions = $this->table_name( Tables::UPDATE_DECISIONS );
		return "SELECT r.*, (SELECT COUNT(*) FROM {$decisions} d WHERE d.product_id = r.product_id AND d.offered_version = r.version AND d.answer = '" . UpdateDecision::OFFERED . "') AS offered FROM {$this->table()} r";
	}

	/**
	 * The published release of a product's version.
	 *
	 * @param int    $product_id Product.
	 * @param string $version    Version.
	 * @return array<string, mixed>|null
	 */
	public function published( int $product_id, string $version ): ?array {
		$row = $this->db->get_row(
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
			$this->db->prepare( "SELECT * FROM {$this->table()} WHERE product_id = %d AND version = %s AND published_at IS NOT NULL", $product_id, $version ),
			ARRAY_A
		);
		return is_array( $row ) ? self::cast( $row ) : null;
	}

	/**
	 * A product's releases, highest version first.
	 *
	 * @param int $product_id Product.
	 * @return array<int, array<string, mixed>>
	 */
	public function of_product( int $product_id ): array {
		$rows = array_map(
			array( self::class, 'cast' ),
			// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- with_offered() is built from constants.
			(array) $this->db->get_results( $this->db->prepare( $this->with_offered() . ' WHERE r.product_id = %d', $product_id ), ARRAY_A )
		);
		usort(
			$rows,
			static function ( array $a, array $b ): int {
				return Version::parse( $b['version'] )->compare( Version::parse( $a['version'] ) );
			}
		);
		return $rows;
	}

	/**
	 * Inserts a release unless the product already has that version (the UNIQUE index decides).
	 *
	 * @param array<string, mixed> $fields Columns.
	 * @return int|null New id, or null when the version exists.
	 */
	public function create_unique( array $fields ): ?int {
		return $this->insert_ignore_timestamped( Tables::RELEASES, $fields );
	}

	/**
	 * Changes the given columns.
	 *
	 * @param int                  $id     Release.
	 * @param array<string, mixed> $fields Columns.
	 */
	public function update( int $id, array $fields ): void {
		$this->update_row( Tables::RELEASES, $id, $fields );
	}

	/**
	 * Marks a release published (its first publication time is kept). Making it the product's current version is
	 * ProductRepository's write: Core\Releases does both in one transaction, with the event that records it.
	 *
	 * @param int $id Release.
	 */
	public function mark_published( int $id ): void {
		$now = gmdate( 'Y-m-d H:i:s' );
		$this->db->query(
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
			$this->db->prepare( "UPDATE {$this->table()} SET published_at = COALESCE(published_at, %s), updated_at = %s WHERE id = %d", $now, $now, $id )
		);
	}

	/**
	 * Takes a published release back to a draft unless it is its product's current one, in one statement.
	 *
	 * @param int $id Release.
	 * @return bool Whether it was a published release other than the current one.
	 */
	public function unpublish_unless_current( int $id ): bool {
		$products = $this->table_name( Tables::PRODUCTS );
		$changed  = $this->db->query(
			$this->db->prepare(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table names from constants.
				"UPDATE {$this->table()} SET published_at = NULL, updated_at = %s WHERE id = %d AND published_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM {$products} p WHERE p.id = {$this->table()}.product_id AND p.current_version = {$this->table()}.version)",
				gmdate( 'Y-m-d H:i:s' ),
				$id
			)
		);
		return 1 === $changed;
	}

	/**
	 * Deletes a release unless it is its product's current one, in one statement.
	 *
	 * @param int $id Release.
	 * @return bool Whether it was deleted.
	 */
	public function delete_unless_current( int $id ): bool {
		$products = $this->table_name( Tables::PRODUCTS );
		$deleted  = $this->db->query(
			$this->db->prepare(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table names from constants.
				"DELETE FROM {$this->table()} WHERE id = %d AND (published_at IS NULL OR NOT EXISTS (SELECT 1 FROM {$products} p WHERE p.id = {$this->table()}.product_id AND p.current_version = {$this->table()}.version))",
				$id
			)
		);
		return 1 === $deleted;
	}

	/**
	 * Deletes every release of a product.
	 *
	 * @param int $product_id Product.
	 * @return string[] Names of the package files the rows pointed at.
	 */
	public function delete_of_product( int $product_id ): array {
		$files = $this->db->get_col(
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
			$this->db->prepare( "SELECT package_file FROM {$this->table()} WHERE product_id = %d AND package_file IS NOT NULL", $product_id )
		);
		$this->db->delete( $this->table(), array( 'product_id' => $product_id ) );
		return array_map( 'strval', (array) $files );
	}

	/**
	 * Counts one download, atomically.
	 *
	 * @param int $id Release.
	 */
	public function count_download( int $id ): void {
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
		$this->db->query( $this->db->prepare( "UPDATE {$this->table()} SET downloads = downloads + 1 WHERE id = %d", $id ) );
	}

	/**
	 * Casts a row's numeric columns.
	 *
	 * @param array<string, mixed> $row Row.
	 * @return array<string, mixed>
	 */
	private static function cast( array $row ): array {
		foreach ( array( 'id', 'product_id', 'rollout', 'downloads' ) as $column ) {
			$row[ $column ] = (int) $row[ $column ];
		}
		$row['package_size'] = null === $row['package_size'] ? null : (int) $row['package_size'];
		if ( array_key_exists( 'offered', $row ) ) {
			$row['offered'] = (int) $row['offered'];
		}
		return $row;
	}
}
