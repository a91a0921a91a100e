<?php
/**
 * The daily job that stores the expired status (decisions.md).
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Jobs;

use Svc\Licensing\Storage\Tables;
use wpdb;

/**
 * Validation already treats a licence past its expiry as expired; this makes the stored status, the filters
 * and the counts agree. One conditional UPDATE.
 */
final class LicenseExpiryJob {

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
	 * Hooks.
	 */
	public function add_hooks(): void {
		add_action( CronHooks::EXPIRE_LICENSES, array( $this, 'run' ) );
	}

	/**
	 * Marks active and trial licences past their expiry as expired.
	 *
	 * @param int|null $now Unix time; now when omitted.
	 * @return int Licences changed.
	 */
	public function run( $now = null ): int {
		$at    = gmdate( 'Y-m-d H:i:s', is_numeric( $now ) ? (int) $now : time() );
		$table = $this->db->prefix . Tables::LICENSES;
		return (int) $this->db->query(
			$this->db->prepare(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
				"UPDATE {$table} SET status = 'expired', updated_at = %s WHERE status IN ('active', 'trial') AND expires IS NOT NULL AND expires <= %s",
				$at,
				$at
			)
		);
	}
}
