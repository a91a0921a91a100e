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
 * reads answer null and writes answer false. The few rows are read in one query on the first read of a request
 * and kept until this repository writes (ClientApi shares one between KeySecret and LeaseKeys, so checking both
 * fingerprints costs the fast lane one query, as the key secret's alone did); a write forgets them, so the read
 * after a lost race sees the winner's row.
 */
final class MetaRepository {

	/**
	 * Database.
	 *
	 * @var wpdb
	 */
	private $db;

	/**
	 * Every row, name => value, once read; null before the first read and after a write.
	 *
	 * @var array<string, string>|null
	 */
	private $rows;

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
		if ( null === $this->rows ) {
			$suppressed = $this->db->suppress_errors( true );
			$found      = $this->db->get_results(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
				"SELECT name, value FROM {$this->db->prefix}" . Tables::META,
				ARRAY_A
			);
			$failed = '' !== (string) $this->db->last_error;
			$this->db->suppress_errors( $suppressed );
			if ( $failed || ! is_array( $found ) ) {
				// No table yet (or no answer): nothing is kept, the next read asks again.
				return null;
			}
			$this->rows = array();
			foreach ( $found as $row ) {
				$this->rows[ (string) $row['name'] ] = (string) $row['value'];
			}
		}
		return $this->rows[ $name ] ?? null;
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
		$this->rows = null;
		return false !== $written;
	}
}
