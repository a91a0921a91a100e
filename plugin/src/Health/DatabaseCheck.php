<?php
/**
 * Health: the database answers and the schema is current.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Health;

use Svc\Licensing\Domain\Health\CheckResult;
use Svc\Licensing\Storage\SchemaMigrator;
use Svc\Licensing\Storage\Tables;
use wpdb;

/**
 * Queries one of the plugin's own tables, so a missing table fails as surely as a dead server.
 */
final class DatabaseCheck implements Check {

	/**
	 * Database.
	 *
	 * @var wpdb
	 */
	private $db;

	/**
	 * Schema state.
	 *
	 * @var SchemaMigrator
	 */
	private $migrator;

	/**
	 * Constructor.
	 *
	 * @param wpdb           $db       Database.
	 * @param SchemaMigrator $migrator Schema state.
	 */
	public function __construct( wpdb $db, SchemaMigrator $migrator ) {
		$this->db       = $db;
		$this->migrator = $migrator;
	}

	/**
	 * Runs the probe.
	 */
	public function run(): CheckResult {
		if ( ! $this->migrator->is_current() ) {
			return new CheckResult( 'database', CheckResult::FAIL, 'The database schema is not up to date.' );
		}
		$table      = $this->db->prefix . Tables::PRODUCTS;
		$suppressed = $this->db->suppress_errors( true );
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
		$count = $this->db->get_var( "SELECT COUNT(*) FROM {$table}" );
		$this->db->suppress_errors( $suppressed );
		if ( null === $count || '' !== $this->db->last_error ) {
			return new CheckResult( 'database', CheckResult::FAIL, 'The database did not answer a query.' );
		}
		return new CheckResult( 'database', CheckResult::PASS );
	}
}
