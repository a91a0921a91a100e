<?php
/**
 * The plugin's own name/value rows (svc_meta).
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage;

use wpdb;

/**
 * Fingerprints of secrets kept in the options table (the key secret's, the lease keys'), stored beside the
 * licences so a restore of one without the other is noticed. Works before the table exists (schema step 7):
 * reads answer null and writes answer false.
 */
final class MetaRepository {

	/**
	 * Database.
	 *
	 * @var wpdb
	 */
	private $db;

	/**
	 * Constructor.
	 *
	 * @param wpdb $db Database.
	 */
	public function __construct( wpdb $db ) {
		$this->db = $db;
	}

	/**
	 * A value, or null (also before the table exists).
	 *
	 * @param string $name Name.
	 */
	public function get( string $name ): ?string {
		$suppressed = $this->db->suppress_errors( true );
		$value      = $this->db->get_var(
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
			$this->db->prepare( "SELECT value FROM {$this->db->prefix}" . Tables::META . ' WHERE name = %s', $name )
		);
		$this->db->suppress_errors( $suppressed );
		return null === $value ? null : (string) $value;
	}

	/**
	 * Writes a value: a first write never overwrites one another request just made; a replacement does.
	 *
	 * @param string $name    Name.
	 * @param string $value   Value.
	 * @param bool   $replace Whether a stored value is replaced.
	 * @return bool False when there is no table to write in yet.
	 */
	public function put( string $name, string $value, bool $replace ): bool {
		$suppressed = $this->db->suppress_errors( true );
		$table      = $this->db->prefix . Tables::META;
		$written    = $this->db->query(
			$this->db->prepare(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
				( $replace ? 'INSERT' : 'INSERT IGNORE' ) . " INTO {$table} (name, value, updated_at) VALUES (%s, %s, %s)" . ( $replace ? ' ON DUPLICATE KEY UPDATE value = VALUES(value), updated_at = VALUES(updated_at)' : '' ),
				$name,
				$value,
				gmdate( 'Y-m-d H:i:s' )
			)
		);
		$this->db->suppress_errors( $suppressed );
		return false !== $written;
	}
}
