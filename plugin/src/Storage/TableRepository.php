<?php
/**
 * What every repository shares: the database handle and timestamped inserts.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage;

use Svc\Licensing\Domain\Http\PageNumber;
use wpdb;

/**
 * Base of the repositories, one per table.
 */
abstract class TableRepository {

	/**
	 * Database.
	 *
	 * @var wpdb
	 */
	protected $db;

	/**
	 * Constructor.
	 *
	 * @param wpdb $db Database.
	 */
	public function __construct( wpdb $db ) {
		$this->db = $db;
	}

	/**
	 * Whether the database is the SQLite drop-in.
	 */
	protected static function is_sqlite(): bool {
		return defined( 'DB_ENGINE' ) && 'sqlite' === DB_ENGINE;
	}

	/**
	 * Full name of one of the plugin's tables.
	 *
	 * @param string $table A Tables constant.
	 */
	protected function table_name( string $table ): string {
		return $this->db->prefix . $table;
	}

	/**
	 * Inserts a row with created_at and updated_at set to now (UTC) unless given.
	 *
	 * @param string               $table  A Tables constant.
	 * @param array<string, mixed> $fields Column values.
	 * @return int New id.
	 */
	protected function insert_timestamped( string $table, array $fields ): int {
		$this->db->insert( $this->table_name( $table ), self::with_timestamps( $fields ) );
		return (int) $this->db->insert_id;
	}

	/**
	 * INSERT IGNORE of a row with created_at and updated_at set to now (UTC) unless given.
	 *
	 * @param string               $table  A Tables constant.
	 * @param array<string, mixed> $fields Column values.
	 * @return int|null The new row's id, or null when a UNIQUE index refused the row.
	 */
	protected function insert_ignore_timestamped( string $table, array $fields ): ?int {
		return $this->insert_ignore( $table, self::with_timestamps( $fields ) );
	}

	/**
	 * Changes a row's columns and its updated_at. A change that breaks a UNIQUE index fails quietly: the caller
	 * turns the false into its 409.
	 *
	 * @param string               $table  A Tables constant.
	 * @param int                  $id     Row.
	 * @param array<string, mixed> $fields Columns.
	 * @return bool False when the database refused the change.
	 */
	protected function update_row( string $table, int $id, array $fields ): bool {
		$suppressed = $this->db->suppress_errors( true );
		$result     = $this->db->update( $this->table_name( $table ), array_merge( $fields, array( 'updated_at' => gmdate( 'Y-m-d H:i:s' ) ) ), array( 'id' => $id ) );
		$this->db->suppress_errors( $suppressed );
		return false !== $result;
	}

	/**
	 * One page of a query's rows. A page past the last row runs no query at all, so a huge page number never
	 * reaches SQL as an offset (and PageNumber keeps the offset inside the integer range anyway).
	 *
	 * @param string $select   A prepared SELECT with its ORDER BY, without LIMIT.
	 * @param int    $total    Rows in all pages.
	 * @param int    $page     1-based page.
	 * @param int    $per_page Page size.
	 * @return array<int, array<string, mixed>>
	 */
	protected function page_rows( string $select, int $total, int $page, int $per_page ): array {
		$offset = PageNumber::offset( $page, $per_page );
		if ( $offset >= $total ) {
			return array();
		}
		// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- $select is prepared by the caller.
		return (array) $this->db->get_results( $select . $this->db->prepare( ' LIMIT %d OFFSET %d', $per_page, $offset ), ARRAY_A );
	}

	/**
	 * Fields with created_at and updated_at defaulting to now (UTC).
	 *
	 * @param array<string, mixed> $fields Column values.
	 * @return array<string, mixed>
	 */
	protected static function with_timestamps( array $fields ): array {
		$now = gmdate( 'Y-m-d H:i:s' );
		return array_merge(
			array(
				'created_at' => $now,
				'updated_at' => $now,
			),
			$fields
		);
	}

	/**
	 * INSERT IGNORE of one row: a row that would break a UNIQUE index is silently not written, which is how
	 * the database, not PHP, decides races (one trial per email, one activation per site).
	 *
	 * @param string               $table  A Tables constant.
	 * @param array<string, mixed> $fields Column values (int or string; null columns are left out).
	 * @return int|null The new row's id, or null when the row was not written.
	 */
	protected function insert_ignore( string $table, array $fields ): ?int {
		$fields       = array_filter(
			$fields,
			static function ( $value ): bool {
				return null !== $value;
			}
		);
		$names        = implode( ', ', array_keys( $fields ) );
		$placeholders = implode(
			', ',
			array_map(
				static function ( $value ): string {
					return is_int( $value ) ? '%d' : '%s';
				},
				$fields
			)
		);
		$written      = $this->db->query(
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared,WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- names from code, values as placeholders.
			$this->db->prepare( "INSERT IGNORE INTO {$this->table_name( $table )} ({$names}) VALUES ({$placeholders})", array_values( $fields ) )
		);
		return 1 === $written ? (int) $this->db->insert_id : null;
	}
}
