<?php
/**
 * Client test sites only: moves the clocks of the update data and does what WP-CLI and remote managers do, for the
 * specs of updates taken hours after a check (e2e/client/late-updates.spec.ts). Routes under svc-client-test/v1
 * answer only with the site's test token.
 *
 * @package SvcLicensing
 */

defined( 'ABSPATH' ) || exit;

if ( ! defined( 'SVC_TEST_HELPERS_TOKEN' ) ) {
	return;
}

/**
 * Core's update data of one kind as stored, read and written around every filter (as it lies in the database), so a
 * test moves it without the SDK seeing a save.
 *
 * @param string     $kind  plugins or themes.
 * @param mixed|null $value The value to store, or null to read.
 * @return mixed The stored value.
 */
function svc_test_client_update_data( string $kind, $value = null ) {
	$name = '_site_transient_update_' . $kind;
	if ( null !== $value ) {
		update_site_option( $name, $value );
	}
	return get_site_option( $name, false );
}

add_action(
	'rest_api_init',
	static function () {
		$allowed = static function ( WP_REST_Request $request ) {
			return hash_equals( SVC_TEST_HELPERS_TOKEN, (string) $request->get_header( 'x-svc-test-token' ) );
		};
		// Time passes for the client site's update data: core's last check of plugins and themes, and the SDK's last
		// ask of each server, move `seconds` into the past; or (snapshot / restore) core's update data is kept aside
		// and put back as it was, old download links and all.
		register_rest_route(
			'svc-client-test/v1',
			'/update-data',
			array(
				array(
					'methods'             => 'GET',
					'permission_callback' => $allowed,
					'callback'            => static function () {
						global $wpdb;
						$sdk = array();
						foreach ( $wpdb->get_col( $wpdb->prepare( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE %s", $wpdb->esc_like( 'svc_licensing_client_product_' ) . '%' . $wpdb->esc_like( '_update' ) ) ) as $name ) { // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- a test helper.
							$sdk[ $name ] = get_option( $name );
						}
						return array(
							'plugins' => svc_test_client_update_data( 'plugins' ),
							'themes'  => svc_test_client_update_data( 'themes' ),
							'sdk'     => $sdk,
						);
					},
				),
				array(
					'methods'             => 'POST',
					'permission_callback' => $allowed,
					'callback'            => static function ( WP_REST_Request $request ) {
						$action  = (string) $request->get_param( 'action' );
						$seconds = (int) $request->get_param( 'seconds' );
						$kinds   = $request->get_param( 'kinds' ) ? array_map( 'strval', (array) $request->get_param( 'kinds' ) ) : array( 'plugins', 'themes' );
						foreach ( array_intersect( array( 'plugins', 'themes' ), $kinds ) as $kind ) {
							if ( 'snapshot' === $action ) {
								update_option( 'svc_client_test_update_data_' . $kind, svc_test_client_update_data( $kind ), false );
							} elseif ( 'restore' === $action ) {
								svc_test_client_update_data( $kind, get_option( 'svc_client_test_update_data_' . $kind ) );
							}
							$data = svc_test_client_update_data( $kind );
							if ( $seconds > 0 && is_object( $data ) && isset( $data->last_checked ) ) {
								$data->last_checked = (int) $data->last_checked - $seconds;
								svc_test_client_update_data( $kind, $data );
							}
						}
						global $wpdb;
						$names = $wpdb->get_col( $wpdb->prepare( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE %s", $wpdb->esc_like( 'svc_licensing_client_updates_asked_' ) . '%' ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- a test helper.
						foreach ( $names as $name ) {
							$asked = get_option( $name );
							if ( $seconds > 0 && is_array( $asked ) && isset( $asked['at'] ) ) {
								update_option( $name, array( 'at' => (int) $asked['at'] - $seconds ), false );
							}
						}
						return svc_test_client_update_data( 'plugins' );
					},
				),
			)
		);
		// Puts a plugin's files back at another version from a package (base64 zip), as a site restored from a backup
		// would be: no upgrader, no hook.
		register_rest_route(
			'svc-client-test/v1',
			'/plugin-files',
			array(
				'methods'             => 'POST',
				'permission_callback' => $allowed,
				'callback'            => static function ( WP_REST_Request $request ) {
					$slug = sanitize_key( (string) $request->get_param( 'slug' ) );
					$zip  = base64_decode( (string) $request->get_param( 'zip' ), true ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_decode -- a test upload.
					if ( '' === $slug || false === $zip ) {
						return new WP_Error( 'bad_request', 'slug and zip (base64) are required.', array( 'status' => 400 ) );
					}
					require_once ABSPATH . 'wp-admin/includes/file.php';
					require_once ABSPATH . 'wp-admin/includes/plugin.php';
					WP_Filesystem();
					$file = wp_tempnam( $slug . '.zip' );
					file_put_contents( $file, $zip ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents -- a test upload.
					global $wp_filesystem;
					$wp_filesystem->delete( WP_PLUGIN_DIR . '/' . $slug, true );
					$done = unzip_file( $file, WP_PLUGIN_DIR );
					wp_delete_file( $file );
					wp_clean_plugins_cache( false );
					return is_wp_error( $done ) ? $done : array( 'restored' => $slug );
				},
			)
		);
		// Activates or deactivates a plugin (basename) as the Plugins screen does; DELETE /plugin-files removes an
		// installed test plugin's folder.
		register_rest_route(
			'svc-client-test/v1',
			'/plugin-active',
			array(
				'methods'             => 'POST',
				'permission_callback' => $allowed,
				'callback'            => static function ( WP_REST_Request $request ) {
					require_once ABSPATH . 'wp-admin/includes/plugin.php';
					$plugin = (string) $request->get_param( 'plugin' );
					if ( $request->get_param( 'active' ) ) {
						$done = activate_plugin( $plugin );
						if ( is_wp_error( $done ) ) {
							return $done;
						}
					} else {
						deactivate_plugins( $plugin, true );
					}
					return array( 'active' => is_plugin_active( $plugin ) );
				},
			)
		);
		register_rest_route(
			'svc-client-test/v1',
			'/plugin-files/(?P<slug>[a-z0-9-]+)',
			array(
				'methods'             => 'DELETE',
				'permission_callback' => $allowed,
				'callback'            => static function ( WP_REST_Request $request ) {
					require_once ABSPATH . 'wp-admin/includes/file.php';
					require_once ABSPATH . 'wp-admin/includes/plugin.php';
					WP_Filesystem();
					global $wp_filesystem;
					$wp_filesystem->delete( WP_PLUGIN_DIR . '/' . sanitize_key( (string) $request['slug'] ), true );
					wp_clean_plugins_cache( false );
					return array( 'deleted' => true );
				},
			)
		);
		// Turns core's auto-updates on for one plugin and makes core's automatic updater due now, so the next
		// WP-Cron request runs it (a later cron run, with the update data as it is).
		register_rest_route(
			'svc-client-test/v1',
			'/auto-update-due',
			array(
				'methods'             => 'POST',
				'permission_callback' => $allowed,
				'callback'            => static function ( WP_REST_Request $request ) {
					update_site_option( 'auto_update_plugins', array( (string) $request->get_param( 'plugin' ) ) );
					wp_clear_scheduled_hook( 'wp_maybe_auto_update' );
					wp_schedule_single_event( time() - 1, 'wp_maybe_auto_update' );
					delete_option( 'auto_updater.lock' );
					return array( 'due' => true );
				},
			)
		);
		// What `wp plugin update` and remote managers (MainWP, ManageWP, InfiniteWP) do, in a request that is none of
		// core's update screens: optionally clear core's update data, call wp_update_plugins(), then (unless install
		// is false) update the given plugins with core's Plugin_Upgrader::bulk_upgrade(). Answers what core's update data offered for each
		// plugin and what the upgrade did.
		register_rest_route(
			'svc-client-test/v1',
			'/remote-update',
			array(
				'methods'             => 'POST',
				'permission_callback' => $allowed,
				'callback'            => static function ( WP_REST_Request $request ) {
					$plugins = array_map( 'strval', (array) $request->get_param( 'plugins' ) );
					require_once ABSPATH . 'wp-admin/includes/admin.php';
					require_once ABSPATH . 'wp-admin/includes/class-wp-upgrader.php';
					if ( $request->get_param( 'clear' ) ) {
						delete_site_transient( 'update_plugins' );
					}
					wp_update_plugins();
					$data    = get_site_transient( 'update_plugins' );
					$offered = array();
					foreach ( $plugins as $plugin ) {
						$offered[ $plugin ] = is_object( $data ) && isset( $data->response[ $plugin ] ) ? $data->response[ $plugin ]->new_version : 'none';
					}
					if ( false === $request->get_param( 'install' ) ) {
						return array(
							'offered'  => $offered,
							'results'  => array(),
							'messages' => array(),
						);
					}
					$skin     = new Automatic_Upgrader_Skin();
					$upgrader = new Plugin_Upgrader( $skin );
					$results  = $upgrader->bulk_upgrade( $plugins );
					$outcome  = array();
					foreach ( $plugins as $plugin ) {
						$result             = is_array( $results ) ? ( $results[ $plugin ] ?? null ) : $results;
						$outcome[ $plugin ] = is_wp_error( $result ) ? $result->get_error_code() . ': ' . $result->get_error_message() : ( is_array( $result ) ? true : $result );
					}
					$errors = array();
					foreach ( (array) $skin->get_upgrade_messages() as $message ) {
						$errors[] = wp_strip_all_tags( (string) $message );
					}
					return array(
						'offered'  => $offered,
						'results'  => $outcome,
						'messages' => $errors,
					);
				},
			)
		);
	}
);
