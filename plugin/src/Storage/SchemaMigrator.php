<?php
/**
 * Runs pending schema steps against the site's database.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage;

use RuntimeException;
use Svc\Licensing\Storage\Migrations\CreateLicenseCounts;
use wpdb;

/**
 * Compares the stored schema version with the code's and runs the missing steps, one process at a time.
 * It hooks early into every request (front end, REST, admin, cron), so an update that replaced the plugin's
 * files without running activation still upgrades the tables on the next API call.
 */
final class SchemaMigrator {
	public const VERSION_OPTION = 'svc_licensing_schema_version';
	public const LOCK_OPTION    = 'svc_licensing_schema_lock';
	private const LOCK_SECONDS  = 300;
	private const WAIT_SECONDS  = 10;

	/**
	 * Database.
	 *
	 * @var wpdb
	 */
	private $db;

	/**
	 * Steps, when given; otherwise Schema::plan(), built only when an upgrade runs.
	 *
	 * @var MigrationPlan|null
	 */
	private $plan;

	/**
	 * Constructor. Without a plan (the plugin, the lane) the latest version is Schema::LATEST and the steps are
	 * built only to upgrade; a plan (a test bringing a site to an older schema) sets both.
	 *
	 * @param wpdb               $db   Database.
	 * @param MigrationPlan|null $plan Steps, or null for the shipped schema.
	 */
	public function __construct( wpdb $db, ?MigrationPlan $plan = null ) {
		$this->db   = $db;
		$this->plan = $plan;
	}

	/**
	 * Hooks.
	 */
	public function add_hooks(): void {
		add_action( 'plugins_loaded', array( $this, 'maybe_upgrade' ), 1 );
	}

	/**
	 * Whether the stored version is the code's latest. Reads an autoloaded option: no query.
	 */
	public function is_current(): bool {
		return $this->version() >= $this->latest();
	}

	/**
	 * The stored schema version (an autoloaded option: no query).
	 */
	public function version(): int {
		return (int) get_option( self::VERSION_OPTION, 0 );
	}

	/**
	 * The newest schema version the code knows.
	 */
	public function latest(): int {
		return null === $this->plan ? Schema::LATEST : $this->plan->latest();
	}

	/**
	 * Upgrades when behind. Never breaks the request: a failure is logged and the health check reports it.
	 */
	public function maybe_upgrade(): void {
		if ( $this->is_current() ) {
			return;
		}
		try {
			if ( ! $this->upgrade() ) {
				$this->wait_for_other_upgrade();
			}
		} catch ( RuntimeException $e ) {
			// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- an operator must see a failed upgrade.
			error_log( 'svc-licensing: ' . $e->getMessage() );
		}
	}

	/**
	 * Runs every pending step under a lock; records the version after each step, so a failure resumes there.
	 *
	 * @return bool False when another process holds the lock.
	 * @throws RuntimeException When a statement fails.
	 */
	public function upgrade(): bool {
		if ( ! $this->acquire_lock() ) {
			return false;
		}
		try {
			$ran = false;
			foreach ( ( $this->plan ?? Schema::plan() )->pending( $this->read_stored_version() ) as $step ) {
				foreach ( $step->statements( $this->db->prefix, $this->db->get_charset_collate() ) as $sql ) {
					// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- schema DDL built from constants.
					if ( false === $this->db->query( $sql ) ) {
						throw new RuntimeException( sprintf( 'schema step %d failed: %s', $step->version(), $this->db->last_error ) );
					}
				}
				update_option( self::VERSION_OPTION, $step->version(), true );
				$ran = true;
			}
			// The triggers that keep the counts are installed again after any step (the SQLite drop-in rebuilds a
			// table on some ALTERs, and that drops its triggers), and on activation when the database refused them
			// before (Site Health asks the owner to grant the privilege and activate again).
			$counts = new LicenseCounts( $this->db );
			if ( $this->latest() >= CreateLicenseCounts::VERSION && ( $ran || ! $counts->kept() ) ) {
				$counts->install();
			}
		} finally {
			$this->release_lock();
			// Another process may have finished the steps just before this one took the lock; either way the
			// version this request cached at start-up is stale now.
			$this->forget_cached_version();
		}
		return true;
	}

	/**
	 * Another request holds the lock: wait (briefly) until it has finished, so this request does not run
	 * against a half-made schema. The health check reports it if the wait runs out.
	 */
	private function wait_for_other_upgrade(): void {
		$deadline = microtime( true ) + self::WAIT_SECONDS;
		while ( microtime( true ) < $deadline ) {
			usleep( 100000 );
			if ( $this->read_stored_version() >= $this->latest() ) {
				$this->forget_cached_version();
				return;
			}
		}
	}

	/**
	 * Drops the request's cached copy of the version option, so get_option() reads it again.
	 */
	private function forget_cached_version(): void {
		wp_cache_delete( 'alloptions', 'options' );
		wp_cache_delete( self::VERSION_OPTION, 'options' );
	}

	/**
	 * The stored version straight from the table, bypassing a cache another process may have outdated.
	 */
	private function read_stored_version(): int {
		$value = $this->db->get_var(
			$this->db->prepare( "SELECT option_value FROM {$this->db->options} WHERE option_name = %s", self::VERSION_OPTION )
		);
		return (int) $value;
	}

	/**
	 * Claims the lock row; the option name's UNIQUE index makes exactly one INSERT win.
	 */
	private function acquire_lock(): bool {
		$now = time();
		$this->db->query(
			$this->db->prepare(
				"DELETE FROM {$this->db->options} WHERE option_name = %s AND option_value < %s",
				self::LOCK_OPTION,
				(string) ( $now - self::LOCK_SECONDS )
			)
		);
		$inserted = $this->db->query(
			$this->db->prepare(
				"INSERT IGNORE INTO {$this->db->options} (option_name, option_value, autoload) VALUES (%s, %s, 'no')",
				self::LOCK_OPTION,
				(string) $now
			)
		);
		return 1 === $inserted;
	}

	/**
	 * Frees the lock row.
	 */
	private function release_lock(): void {
		$this->db->delete( $this->db->options, array( 'option_name' => self::LOCK_OPTION ) );
	}
}
