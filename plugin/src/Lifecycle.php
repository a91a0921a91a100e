<?php
/**
 * Activation, deactivation and uninstall.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing;

use Svc\Licensing\Storage\KeySecret;
use Svc\Licensing\Storage\PackageDirectory;
use Svc\Licensing\Storage\SchemaMigrator;
use Svc\Licensing\Storage\Settings;
use Svc\Licensing\Storage\Tables;
use wpdb;

/**
 * What happens when a site owner activates, deactivates or deletes the plugin.
 */
final class Lifecycle {

	/**
	 * Schema.
	 *
	 * @var SchemaMigrator
	 */
	private $migrator;

	/**
	 * Constructor.
	 *
	 * @param SchemaMigrator $migrator Schema.
	 */
	public function __construct( SchemaMigrator $migrator ) {
		$this->migrator = $migrator;
	}

	/**
	 * Registers the activation and deactivation hooks.
	 *
	 * @param string $plugin_file Plugin main file.
	 */
	public function add_hooks( string $plugin_file ): void {
		register_activation_hook( $plugin_file, array( $this, 'activate' ) );
		register_deactivation_hook( $plugin_file, array( $this, 'deactivate' ) );
	}

	/**
	 * Creates or upgrades the tables at once, rather than on the next request, and adds the settings row.
	 */
	public function activate(): void {
		$this->migrator->upgrade();
		// An autoloaded (empty) settings row, so reading a setting never costs a query of its own.
		add_option( Settings::OPTION, array(), '', true );
	}

	/**
	 * Stops scheduled work; data stays until uninstall.
	 */
	public function deactivate(): void {
		foreach ( Jobs\CronHooks::ALL as $hook ) {
			wp_clear_scheduled_hook( $hook );
		}
	}

	/**
	 * Removes every table, option, stored package and scheduled hook of the plugin. Called from uninstall.php.
	 *
	 * @param wpdb $db Database.
	 */
	public static function uninstall( wpdb $db ): void {
		foreach ( Jobs\CronHooks::ALL as $hook ) {
			wp_clear_scheduled_hook( $hook );
		}
		foreach ( array_reverse( Tables::all() ) as $table ) {
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared,WordPress.DB.DirectDatabaseQuery.SchemaChange -- table names from constants; uninstall drops them.
			$db->query( "DROP TABLE IF EXISTS {$db->prefix}{$table}" );
		}
		PackageDirectory::from_environment()->purge();
		foreach ( array( SchemaMigrator::VERSION_OPTION, SchemaMigrator::LOCK_OPTION, Settings::OPTION, KeySecret::OPTION ) as $option ) {
			delete_option( $option );
		}
	}
}
