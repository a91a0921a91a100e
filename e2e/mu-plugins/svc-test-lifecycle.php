<?php
/**
 * Plugin Name: Licence Service test helpers: plugin lifecycle
 * Description: Test-only. The plugin's lifecycle as WordPress runs it (deactivate, uninstall, activate), the
 *              removal switch of wp-config.php, the plugin's files put back after a delete, and everything of the
 *              plugin's a site still holds (svc-test/v1/lifecycle, remove-all-data-constant, plugin-files, leftovers).
 *
 * @package SvcLicensing
 */

defined( 'ABSPATH' ) || exit;
require_once __DIR__ . '/svc-test-base.php';
require_once __DIR__ . '/svc-test-schema.php'; // The lifecycle route reports the tables.
if ( ! svc_test_enabled() ) {
	return;
}

// On the stack's copy sites: the checkout's plugin folder, to put the files back from (see /plugin-files).
define( 'SVC_TEST_PLUGIN_SOURCE', WP_CONTENT_DIR . '/svc-test-plugin-source' );
// The host's wp-config.php switch for removal on delete, simulated by a flag file (the uninstall test sets it).
define( 'SVC_TEST_REMOVE_ALL_DATA_FLAG', WP_CONTENT_DIR . '/svc-test-remove-all-data' );
if ( is_file( SVC_TEST_REMOVE_ALL_DATA_FLAG ) && ! defined( 'SVC_LICENSING_REMOVE_ALL_DATA' ) ) {
	define( 'SVC_LICENSING_REMOVE_ALL_DATA', true );
}

/**
 * Copies a folder, following links, into a new folder.
 *
 * @param string $from Source.
 * @param string $to   Target (must not exist).
 */
function svc_test_lifecycle_copy_tree( string $from, string $to ): void {
	wp_mkdir_p( $to );
	$items = new RecursiveIteratorIterator( new RecursiveDirectoryIterator( $from, FilesystemIterator::SKIP_DOTS | FilesystemIterator::FOLLOW_SYMLINKS ), RecursiveIteratorIterator::SELF_FIRST );
	foreach ( $items as $item ) {
		$target = $to . '/' . substr( $item->getPathname(), strlen( $from ) + 1 );
		if ( $item->isDir() ) {
			wp_mkdir_p( $target );
		} else {
			copy( $item->getPathname(), $target );
		}
	}
}

svc_test_routes(
	array(
		// Runs the plugin's lifecycle as WordPress does: deactivate, uninstall (uninstall.php, files kept; the UI's
		// delete would follow the development symlink into the repository) and activate.
		'/lifecycle'                => array(
			'methods'  => 'POST',
			'args'     => array(
				'action' => array(
					'type'     => 'string',
					'enum'     => array( 'deactivate', 'uninstall', 'uninstall-opted-in', 'activate', 'keep-data' ),
					'required' => true,
				),
			),
			'callback' => static function ( WP_REST_Request $request ) {
				global $wpdb;
				require_once ABSPATH . 'wp-admin/includes/plugin.php';
				$plugin = 'svc-licensing/svc-licensing.php';
				switch ( $request->get_param( 'action' ) ) {
					case 'deactivate':
						deactivate_plugins( $plugin );
						break;
					case 'uninstall':
						uninstall_plugin( $plugin );
						break;
					case 'uninstall-opted-in':
						( new Svc\Licensing\Storage\UninstallPolicy() )->set( true );
						uninstall_plugin( $plugin );
						break;
					case 'keep-data':
						// The admin's opt-in taken back, as before any opt-in (the plugin is active).
						( new Svc\Licensing\Storage\UninstallPolicy() )->set( false );
						break;
					default:
						$result = activate_plugin( $plugin );
						if ( is_wp_error( $result ) ) {
							return $result;
						}
				}
				$options = array();
				foreach ( array( Svc\Licensing\Storage\SchemaMigrator::VERSION_OPTION, Svc\Licensing\Storage\Settings::OPTION, Svc\Licensing\Storage\LeaseKeys::OPTION ) as $option ) {
					$options[ $option ] = $wpdb->get_var( $wpdb->prepare( "SELECT option_value FROM {$wpdb->options} WHERE option_name = %s", $option ) );
				}
				$packages = glob( Svc\Licensing\Storage\PackageDirectory::from_environment()->path() . '/*.zip' );
				clearstatcache();
				return array(
					'active'      => is_plugin_active( $plugin ),
					'tables'      => svc_test_schema_tables(),
					'options'     => $options,
					'packages'    => false === $packages ? 0 : count( $packages ),
					'lane_loader' => is_file( SVC_TEST_LANE_LOADER ),
				);
			},
		),
		// Sets or clears the simulated SVC_LICENSING_REMOVE_ALL_DATA constant.
		'/remove-all-data-constant' => array(
			'methods'  => 'POST',
			'callback' => static function ( WP_REST_Request $request ): array {
				if ( $request->get_param( 'on' ) ) {
					file_put_contents( SVC_TEST_REMOVE_ALL_DATA_FLAG, '1' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents -- test helper.
				} elseif ( is_file( SVC_TEST_REMOVE_ALL_DATA_FLAG ) ) {
					wp_delete_file( SVC_TEST_REMOVE_ALL_DATA_FLAG );
				}
				return array( 'on' => is_file( SVC_TEST_REMOVE_ALL_DATA_FLAG ) );
			},
		),
		// Puts the plugin's files back after the uninstall test deleted them, as a site owner uploading the plugin
		// again would. Only on the stack's copy sites (they hold the source path; the plugin there was never a link
		// to the checkout, so deleting it cannot reach the checkout).
		'/plugin-files'             => array(
			'methods'  => 'POST',
			'callback' => static function () {
				clearstatcache( true );
				$dir    = WP_PLUGIN_DIR . '/svc-licensing';
				$source = is_file( SVC_TEST_PLUGIN_SOURCE ) ? trim( (string) file_get_contents( SVC_TEST_PLUGIN_SOURCE ) ) : ''; // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- test helper.
				if ( '' === $source || ! is_dir( $source ) || is_link( $dir ) || 0 === strpos( (string) realpath( WP_PLUGIN_DIR ), (string) realpath( $source ) ) ) {
					return new WP_Error( 'not_a_copy_site', 'Only a site holding a copy of the plugin can have it put back.', array( 'status' => 500 ) );
				}
				if ( ! file_exists( $dir ) ) {
					svc_test_lifecycle_copy_tree( $source, $dir );
				}
				return array(
					'is_link' => is_link( $dir ),
					'exists'  => is_file( $dir . '/svc-licensing.php' ),
				);
			},
		),
		// Everything of the plugin's that a site holds: tables, options, package files, scheduled hooks.
		'/leftovers'                => array(
			'methods'  => 'GET',
			'callback' => static function (): array {
				global $wpdb;
				$packages = defined( 'SVC_LICENSING_PACKAGE_DIR' ) ? (string) SVC_LICENSING_PACKAGE_DIR : WP_CONTENT_DIR . '/svc-licensing-packages';
				$files    = is_dir( $packages ) ? array_values( array_diff( (array) scandir( $packages ), array( '.', '..' ) ) ) : array();
				$hooks    = array();
				foreach ( (array) _get_cron_array() as $events ) {
					foreach ( array_keys( (array) $events ) as $hook ) {
						if ( 0 === strpos( (string) $hook, 'svc_licensing' ) ) {
							$hooks[] = $hook;
						}
					}
				}
				wp_cache_flush();
				return array(
					'tables'           => array_values( (array) $wpdb->get_col( $wpdb->prepare( 'SHOW TABLES LIKE %s', $wpdb->esc_like( $wpdb->prefix . 'svc_' ) . '%' ) ) ),
					'options'          => array_values( (array) $wpdb->get_col( $wpdb->prepare( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE %s", $wpdb->esc_like( 'svc_licensing' ) . '%' ) ) ),
					'package_dir'      => is_dir( $packages ),
					'package_files'    => $files,
					'cron_hooks'       => $hooks,
					'plugin_installed' => is_file( WP_PLUGIN_DIR . '/svc-licensing/svc-licensing.php' ),
					'lane_loader'      => is_file( SVC_TEST_LANE_LOADER ),
				);
			},
		),
	)
);
