<?php
/**
 * Activation, deactivation and uninstall.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing;

use Svc\Licensing\Storage\DataInventory;
use Svc\Licensing\Storage\KeySecret;
use Svc\Licensing\Storage\LeaseKeys;
use Svc\Licensing\Storage\LatestReleaseCache;
use Svc\Licensing\Storage\PackageDirectory;
use Svc\Licensing\Storage\LicenseCounts;
use Svc\Licensing\Storage\SchemaMigrator;
use Svc\Licensing\Storage\Settings;
use Svc\Licensing\Storage\Tables;
use Svc\Licensing\Storage\UninstallPolicy;
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
		Lane\Loader::remove();
		foreach ( Jobs\CronHooks::ALL as $hook ) {
			wp_clear_scheduled_hook( $hook );
		}
	}

	/**
	 * Called from uninstall.php when the plugin is deleted. Scheduled hooks always go. The data (tables, options
	 * with the settings and the key secret, release packages) stays unless the site opted in (UninstallPolicy):
	 * deleting and reinstalling the plugin is an ordinary repair step and must not cost a seller every licence.
	 * On a network, each site is handled under its own choice, and only the packages its releases name go.
	 *
	 * @param wpdb $db Database.
	 */
	public static function uninstall( wpdb $db ): void {
		Lane\Loader::remove();
		if ( ! is_multisite() ) {
			self::uninstall_site( $db );
			return;
		}
		foreach ( get_sites(
			array(
				'fields' => 'ids',
				'number' => 0,
			)
		) as $site_id ) {
			switch_to_blog( (int) $site_id );
			self::uninstall_site( $db );
			restore_current_blog();
		}
	}

	/**
	 * Uninstall for the current site.
	 *
	 * @param wpdb $db Database (its prefix follows switch_to_blog).
	 */
	private static function uninstall_site( wpdb $db ): void {
		foreach ( Jobs\CronHooks::ALL as $hook ) {
			wp_clear_scheduled_hook( $hook );
		}
		// A cache, not data: it goes either way.
		LatestReleaseCache::forget_all( $db );
		$policy = new UninstallPolicy();
		if ( ! $policy->removes_data() ) {
			return;
		}
		$packages = PackageDirectory::from_environment();
		// This site's packages are the ones its releases name: on a network the folder is shared.
		$packages->delete( ...( new DataInventory( $db, $packages ) )->stored_packages() );
		foreach ( array_merge( Tables::summaries(), array_reverse( Tables::all() ) ) as $table ) {
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared,WordPress.DB.DirectDatabaseQuery.SchemaChange -- table names from constants; the admin asked for removal.
			$db->query( "DROP TABLE IF EXISTS {$db->prefix}{$table}" );
		}
		if ( is_multisite() ) {
			$packages->remove_if_empty();
		} else {
			$packages->purge();
		}
		foreach ( array( SchemaMigrator::VERSION_OPTION, SchemaMigrator::LOCK_OPTION, Settings::OPTION, KeySecret::OPTION, LeaseKeys::OPTION, UninstallPolicy::OPTION, LicenseCounts::KEPT_OPTION ) as $option ) {
			delete_option( $option );
		}
	}
}
