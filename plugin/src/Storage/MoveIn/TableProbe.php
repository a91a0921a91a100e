<?php
/**
 * Whether a table is in this site's database.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage\MoveIn;

use wpdb;

/**
 * One SELECT that fails on a missing table, with the error kept out of the log; it answers alike on MariaDB and
 * on the SQLite drop-in.
 */
final class TableProbe {

	/**
	 * Which of the tables are missing.
	 *
	 * @param wpdb     $db     Database.
	 * @param string[] $tables Full table names.
	 * @return string[]
	 */
	public static function missing( wpdb $db, array $tables ): array {
		$missing    = array();
		$suppressed = $db->suppress_errors( true );
		foreach ( $tables as $table ) {
			$db->last_error = '';
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- a table name of the source's layout.
			$db->get_var( "SELECT COUNT(*) FROM {$table} WHERE 1 = 0" );
			if ( self::failed( $db ) ) {
				$missing[] = $table;
			}
		}
		$db->suppress_errors( $suppressed );
		$db->last_error = '';
		return $missing;
	}

	/**
	 * Whether the last query failed (wpdb sets last_error on a failure; the stubs type it as always empty).
	 *
	 * @param wpdb $db Database.
	 */
	private static function failed( wpdb $db ): bool {
		return '' !== (string) $db->last_error;
	}
}
