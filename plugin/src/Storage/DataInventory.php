<?php
/**
 * What the plugin holds on this site, counted (read only).
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage;

use wpdb;

/**
 * The figures an admin sees before choosing to erase on delete, and that export and restore report.
 */
final class DataInventory {

	/**
	 * Database.
	 *
	 * @var wpdb
	 */
	private $db;

	/**
	 * Release packages.
	 *
	 * @var PackageDirectory
	 */
	private $packages;

	/**
	 * Constructor.
	 *
	 * @param wpdb             $db       Database.
	 * @param PackageDirectory $packages Release packages.
	 */
	public function __construct( wpdb $db, PackageDirectory $packages ) {
		$this->db       = $db;
		$this->packages = $packages;
	}

	/**
	 * Licences, products and stored release files.
	 *
	 * @return array{licenses: int, products: int, release_files: int}
	 */
	public function counts(): array {
		return array(
			'licenses'      => $this->rows( Tables::LICENSES ),
			'products'      => $this->rows( Tables::PRODUCTS ),
			'release_files' => count( $this->stored_packages() ),
		);
	}

	/**
	 * Names of this site's stored package files: the ones its releases name (a network shares the folder).
	 *
	 * @return string[]
	 */
	public function stored_packages(): array {
		$suppressed = $this->db->suppress_errors( true );
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
		$names = (array) $this->db->get_col( "SELECT package_file FROM {$this->db->prefix}" . Tables::RELEASES . ' WHERE package_file IS NOT NULL' );
		$this->db->suppress_errors( $suppressed );
		return array_values(
			array_filter(
				array_map( 'strval', $names ),
				function ( string $name ): bool {
					return null !== $this->packages->file( $name );
				}
			)
		);
	}

	/**
	 * Rows of one table (0 when it does not exist).
	 *
	 * @param string $table A Tables constant.
	 */
	public function rows( string $table ): int {
		$suppressed = $this->db->suppress_errors( true );
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
		$count = (int) $this->db->get_var( "SELECT COUNT(*) FROM {$this->db->prefix}{$table}" );
		$this->db->suppress_errors( $suppressed );
		return $count;
	}
}
