<?php
/**
 * Rate-limit counters, shared by every web server through the database.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage;

use wpdb;

/**
 * One row per bucket (route + client) and window. The count is decided by the database, never read-then-written
 * in PHP: on MySQL and MariaDB one atomic upsert that returns the new count; on SQLite the upsert and the read
 * share a Transaction (joined when the caller holds one), so the row stays locked between them and each request
 * reads its own number.
 */
final class RateLimitRepository extends TableRepository {

	/**
	 * Transactions.
	 *
	 * @var Transaction
	 */
	private $transaction;

	/**
	 * Constructor.
	 *
	 * @param wpdb        $db          Database.
	 * @param Transaction $transaction Transactions (the one the use cases share, so a nested call joins it).
	 */
	public function __construct( wpdb $db, Transaction $transaction ) {
		parent::__construct( $db );
		$this->transaction = $transaction;
	}

	/**
	 * Counts a request as $cost hits and answers how many the bucket has in this window, this one included.
	 *
	 * @param string $bucket       Hex hash of route and client.
	 * @param int    $window_start Unix seconds.
	 * @param int    $cost         Hits this request counts for (a batch counts its items), at least 1.
	 */
	public function hit( string $bucket, int $window_start, int $cost = 1 ): int {
		$cost  = max( 1, $cost );
		$table = $this->table_name( Tables::RATE_LIMITS );
		if ( ! self::is_sqlite() ) {
			// One atomic statement: the upsert leaves the new count in LAST_INSERT_ID(), which wpdb reads back as
			// insert_id from the same statement's result, so no second query and no transaction.
			$this->db->query(
				$this->db->prepare(
					// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
					"INSERT INTO {$table} (bucket, window_start, hits) VALUES (%s, %d, LAST_INSERT_ID(%d)) ON DUPLICATE KEY UPDATE hits = LAST_INSERT_ID(hits + %d)",
					$bucket,
					$window_start,
					$cost,
					$cost
				)
			);
			$hits = (int) $this->db->insert_id;
		} else {
			// SQLite has no LAST_INSERT_ID(expr): the write lock of the transaction keeps the count exact.
			$hits = (int) $this->transaction->run(
				function () use ( $table, $bucket, $window_start, $cost ) {
					$this->db->query(
						$this->db->prepare(
							// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
							"INSERT INTO {$table} (bucket, window_start, hits) VALUES (%s, %d, %d) ON DUPLICATE KEY UPDATE hits = hits + %d",
							$bucket,
							$window_start,
							$cost,
							$cost
						)
					);
					return $this->db->get_var(
						// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
						$this->db->prepare( "SELECT hits FROM {$table} WHERE bucket = %s AND window_start = %d", $bucket, $window_start )
					);
				}
			);
		}
		// Old windows are worthless; about one request in a hundred sweeps them, so no job is needed.
		if ( 1 === random_int( 1, 100 ) ) {
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
			$this->db->query( $this->db->prepare( "DELETE FROM {$table} WHERE window_start < %d", $window_start - 120 ) );
		}
		return $hits;
	}

}
