<?php
/**
 * Plugin Name: Licence Service test helpers: the fast lane's loader
 * Description: Test-only. The fast lane's must-use loader as the site holds it (GET svc-test/v1/lane) and changes
 *              to it (POST lane: stale, other_api, legacy, remove, lock, unlock; POST lane-loader writes it), and
 *              requests run as under DISALLOW_FILE_MODS (X-Svc-Test-Disallow-File-Mods).
 *
 * @package SvcLicensing
 */

defined( 'ABSPATH' ) || exit;
require_once __DIR__ . '/svc-test-base.php';
if ( ! svc_test_enabled() ) {
	return;
}

// A request that carries X-Svc-Test-Disallow-File-Mods with the token runs as on a site whose wp-config.php sets
// DISALLOW_FILE_MODS. A constant cannot be taken back once defined, so it is per request: the lane spec sends the
// header with every request of a step (this file sorts before the fast lane's loader, so the loader sees it too).
if ( svc_test_header_has_token( 'HTTP_X_SVC_TEST_DISALLOW_FILE_MODS' ) && ! defined( 'DISALLOW_FILE_MODS' ) ) {
	define( 'DISALLOW_FILE_MODS', true ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedConstantFound -- core's constant, as wp-config.php sets it.
}

/**
 * The fast lane's loader as the site holds it, and the must-use folder's state.
 *
 * @return array<string, mixed>
 */
function svc_test_lane_state(): array {
	clearstatcache();
	$content = is_file( SVC_TEST_LANE_LOADER ) ? (string) file_get_contents( SVC_TEST_LANE_LOADER ) : ''; // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- test helper.
	$version = WP_PLUGIN_DIR . '/svc-licensing/src/version.php';
	return array(
		'loader'          => is_file( SVC_TEST_LANE_LOADER ),
		'loader_version'  => preg_match( '/^ \* Version: (\S+)$/m', $content, $match ) ? $match[1] : null,
		'plugin_version'  => is_file( $version ) ? (string) require $version : null,
		'folder_writable' => wp_is_writable( WPMU_PLUGIN_DIR ),
	);
}

/**
 * Makes the must-use folder read-only, or writable again. The stack's servers run as root, whom file modes do not
 * stop, so a folder that is still writable after chmod also gets the immutable attribute, which stops root too.
 *
 * @param bool $locked Read-only when true.
 */
function svc_test_lane_lock_mu_plugins( bool $locked ): void {
	// phpcs:disable WordPress.PHP.DiscouragedPHPFunctions.system_calls_exec, WordPress.WP.AlternativeFunctions.file_system_operations_chmod -- test helper.
	if ( $locked ) {
		chmod( WPMU_PLUGIN_DIR, 0555 );
		clearstatcache();
		if ( wp_is_writable( WPMU_PLUGIN_DIR ) ) {
			exec( 'chattr +i ' . escapeshellarg( WPMU_PLUGIN_DIR ) . ' 2>&1' );
		}
	} else {
		exec( 'lsattr -d ' . escapeshellarg( WPMU_PLUGIN_DIR ) . ' 2>/dev/null', $attributes );
		if ( isset( $attributes[0] ) && false !== strpos( (string) strtok( $attributes[0], ' ' ), 'i' ) ) {
			exec( 'chattr -i ' . escapeshellarg( WPMU_PLUGIN_DIR ) . ' 2>&1' );
		}
		chmod( WPMU_PLUGIN_DIR, 0755 );
	}
	// phpcs:enable
	clearstatcache();
}

svc_test_routes(
	array(
		// The fast lane's loader (GET), and changes to it (POST): stale (the loader rewritten for another plugin
		// version, as after an upgrade before the next admin page), other_api (the loader calling an entry of a
		// lane API this plugin does not have, as one written by a later version would), legacy (the loader as the
		// plugin wrote it before its entry was versioned, calling svc_licensing_lane() unguarded), remove (as if
		// never written), lock and unlock (the must-use folder read-only or writable).
		'/lane'        => array(
			array(
				'methods'  => 'GET',
				'callback' => 'svc_test_lane_state',
			),
			array(
				'methods'  => 'POST',
				'args'     => array(
					'action' => array(
						'type'     => 'string',
						'enum'     => array( 'stale', 'other_api', 'legacy', 'remove', 'lock', 'unlock' ),
						'required' => true,
					),
				),
				'callback' => static function ( WP_REST_Request $request ) {
					$state = svc_test_lane_state();
					switch ( $request->get_param( 'action' ) ) {
						case 'stale':
							if ( ! $state['loader'] || null === $state['loader_version'] ) {
								return new WP_Error( 'no_loader', 'There is no loader to make stale.', array( 'status' => 409 ) );
							}
							$old     = (string) $state['loader_version'];
							$content = (string) file_get_contents( SVC_TEST_LANE_LOADER ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- test helper.
							$content = str_replace( array( ' * Version: ' . $old . "\n", "'" . $old . "'" ), array( " * Version: 0.0.1-stale\n", "'0.0.1-stale'" ), $content );
							file_put_contents( SVC_TEST_LANE_LOADER, $content ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents -- test helper.
							break;
						case 'other_api':
							if ( ! $state['loader'] ) {
								return new WP_Error( 'no_loader', 'There is no loader to change.', array( 'status' => 409 ) );
							}
							$content = (string) file_get_contents( SVC_TEST_LANE_LOADER ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- test helper.
							$content = (string) preg_replace( '/\bsvc_licensing_lane(?:_v\d+)?\b/', 'svc_licensing_lane_v999', $content );
							file_put_contents( SVC_TEST_LANE_LOADER, $content ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents -- test helper.
							break;
						case 'legacy':
							$lane    = WP_PLUGIN_DIR . '/svc-licensing/lane.php';
							$version = (string) $state['plugin_version'];
							// phpcs:disable WordPress.PHP.DevelopmentFunctions.error_log_var_export -- writes PHP literals.
							$content = "<?php\n/**\n * Plugin Name: Licence Service fast lane\n * Version: {$version}\n */\n\ndefined( 'ABSPATH' ) || exit;\n\n"
								. 'if ( is_file( ' . var_export( $lane, true ) . " ) ) {\n"
								. "\trequire " . var_export( $lane, true ) . ";\n"
								. "\tsvc_licensing_lane( " . var_export( $version, true ) . ", 'svc-licensing/svc-licensing.php' );\n}\n";
							// phpcs:enable
							file_put_contents( SVC_TEST_LANE_LOADER, $content ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents -- test helper.
							break;
						case 'remove':
							if ( is_file( SVC_TEST_LANE_LOADER ) ) {
								wp_delete_file( SVC_TEST_LANE_LOADER );
							}
							break;
						default:
							svc_test_lane_lock_mu_plugins( 'lock' === $request->get_param( 'action' ) );
					}
					return svc_test_lane_state();
				},
			),
		),
		// Writes the fast lane's loader whatever the setting says, as a web node that has not seen the switch still
		// holds its own copy (the stack's nodes share one folder, so the node that saved the setting removed it).
		'/lane-loader' => array(
			'methods'  => 'POST',
			'callback' => static function (): array {
				$plugin = WP_PLUGIN_DIR . '/svc-licensing/svc-licensing.php';
				$loader = new Svc\Licensing\Lane\Loader( $plugin, (string) require WP_PLUGIN_DIR . '/svc-licensing/src/version.php', new Svc\Licensing\Storage\Settings() );
				// phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents -- test helper.
				file_put_contents( Svc\Licensing\Lane\Loader::path(), $loader->content() );
				return array( 'written' => is_file( Svc\Licensing\Lane\Loader::path() ) );
			},
		),
	)
);
