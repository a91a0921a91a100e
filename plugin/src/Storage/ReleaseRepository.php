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
	 * The columns of a release with its health reports counted as the gate counts them (reports_installed,
	 * reports_failed: the licences' votes of the current gate round) and the activated sites whose last check offered it (offered): the admin
	 * reads' SELECT list, for a table aliased r. The update check reads releases without it.
	 */
	private function with_reports(): string {
		$reports   = $this->table_name( Tables::RELEASE_REPORTS );
		$decisions = $this->table_name( Tables::UPDATE_DECISIONS );
		$votes     = ReleaseReportRepository::vote_counts( $reports, 'r' );
		return "r.*, {$votes['installed']} AS reports_installed, {$votes['failed']} AS reports_failed, (SELECT COUNT(*) FROM {$decisions} d WHERE d.product_id = r.product_id AND d.offered_version = r.version AND d.answer = '" . UpdateDecision::OFFERED . "' AND d.activation_id IS NOT NULL) AS offered";
	}

	/**
	 * A release by id, with its reports counted.
	 *
	 * @param int $id Id.
	 * @return array<string, mixed>|null
	 */
	public function find( int $id ): ?array {
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table names from constants.
		$row = $this->db->get_row( $this->db->prepare( "SELECT {$this->with_reports()} FROM {$this->table()} r WHERE r.id = %d", $id ), ARRAY_A );
		return is_array( $row ) ? self::cast( $row ) : null;
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
	 * A product's published releases (withdrawn ones too), for the update check to choose from.
	 *
	 * @param int $product_id Product.
	 * @return list<array<string, mixed>>
	 */
	public function published_of_product( int $product_id ): array {
		return array_values(
			array_map(
				array( self::class, 'cast' ),
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
				(array) $this->db->get_results( $this->db->prepare( "SELECT * FROM {$this->table()} WHERE product_id = %d AND published_at IS NOT NULL", $product_id ), ARRAY_A )
			)
		);
	}

	/**
	 * A product's release of a version, published or not.
	 *
	 * @param int    $product_id Product.
	 * @param string $version    Version.
	 * @return array<string, mixed>|null
	 */
	public function of_version( int $product_id, string $version ): ?array {
		$row = $this->db->get_row(
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
			$this->db->prepare( "SELECT * FROM {$this->table()} WHERE product_id = %d AND version = %s", $product_id, $version ),
			ARRAY_A
		);
		return is_array( $row ) ? self::cast( $row ) : null;
	}

	/**
	 * Every paused release with its product's name, newest pause first (the admin notice).
	 *
	 * @return array<int, array<string, mixed>> id, product_id, product_name, version, paused_at, pause_reason.
	 */
	public function paused(): array {
		$products = $this->table_name( Tables::PRODUCTS );
		return (array) $this->db->get_results(
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table names from constants.
			"SELECT r.id, r.product_id, p.name AS product_name, r.version, r.paused_at, r.pause_reason FROM {$this->table()} r JOIN {$products} p ON p.id = r.product_id WHERE r.paused_at IS NOT NULL ORDER BY r.paused_at DESC, r.id DESC",
			ARRAY_A
		);
	}

	/**
	 * A product's releases, highest version first, with their reports counted.
	 *
	 * @param int $product_id Product.
	 * @return array<int, array<string, mixed>>
	 */
	public function of_product( int $product_id ): array {
		$rows = array_map(
			array( self::class, 'cast' ),
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table names from constants.
			(array) $this->db->get_results( $this->db->prepare( "SELECT {$this->with_reports()} FROM {$this->table()} r WHERE r.product_id = %d", $product_id ), ARRAY_A )
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
	 * Marks a release published (its first publication time is kept) and no longer withdrawn. Making it the product's current version is
	 * ProductRepository's write: Core\Releases does both in one transaction, with the event that records it.
	 *
	 * @param int $id Release.
	 */
	public function mark_published( int $id ): void {
		$now = gmdate( 'Y-m-d H:i:s' );
		$this->db->query(
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
			$this->db->prepare( "UPDATE {$this->table()} SET published_at = COALESCE(published_at, %s), withdrawn_at = NULL, updated_at = %s WHERE id = %d", $now, $now, $id )
		);
	}

	/**
	 * Pauses a release unless it is paused already, in one conditional statement (the seller by hand, or the
	 * health gate): its rollout stays where it was at this moment.
	 *
	 * @param int    $id     Release.
	 * @param string $reason Why, shown to the seller (cut to 255 characters).
	 * @param int    $now    Unix time.
	 * @return bool Whether this call paused it.
	 */
	public function pause_unless_paused( int $id, string $reason, int $now ): bool {
		return 1 === $this->db->query(
			$this->db->prepare(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
				"UPDATE {$this->table()} SET paused_at = %s, pause_reason = %s, updated_at = %s WHERE id = %d AND paused_at IS NULL",
				gmdate( 'Y-m-d H:i:s', $now ),
				mb_substr( $reason, 0, 255 ),
				gmdate( 'Y-m-d H:i:s' ),
				$id
			)
		);
	}

	/**
	 * Resumes a paused release, in one conditional statement, and starts the gate's next round: the reports sent
	 * before the Resume no longer decide.
	 *
	 * @param int $id Release.
	 * @return bool Whether it was paused.
	 */
	public function resume_if_paused( int $id ): bool {
		return 1 === $this->db->query(
			$this->db->prepare(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
				"UPDATE {$this->table()} SET paused_at = NULL, pause_reason = '', gate_round = gate_round + 1, updated_at = %s WHERE id = %d AND paused_at IS NOT NULL",
				gmdate( 'Y-m-d H:i:s' ),
				$id
			)
		);
	}

	/**
	 * Withdraws a published release (a rollback): it is offered no more, and sites that run it are offered the
	 * release the update check chooses instead, even when older.
	 *
	 * @param int $id  Release.
	 * @param int $now Unix time.
	 * @return bool Whether it was published and not withdrawn.
	 */
	public function withdraw( int $id, int $now ): bool {
		return 1 === $this->db->query(
			$this->db->prepare(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
				"UPDATE {$this->table()} SET withdrawn_at = %s, updated_at = %s WHERE id = %d AND published_at IS NOT NULL AND withdrawn_at IS NULL",
				gmdate( 'Y-m-d H:i:s', $now ),
				gmdate( 'Y-m-d H:i:s' ),
				$id
			)
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
		foreach ( array( 'gate_threshold', 'gate_min_reports', 'gate_round', 'reports_installed', 'reports_failed' ) as $column ) {
			if ( isset( $row[ $column ] ) ) {
				$row[ $column ] = (int) $row[ $column ];
			}
		}
		$row['package_size'] = null === $row['package_size'] ? null : (int) $row['package_size'];
		if ( array_key_exists( 'offered', $row ) ) {
			$row['offered'] = (int) $row['offered'];
		}
		return $row;
	}
}
