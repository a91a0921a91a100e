<?php
/**
 * Client test sites only (linked into wp-content/mu-plugins by tools/stack): counts and logs every outgoing HTTP
 * request, so a test can prove that ordinary admin pages make none. Routes under svc-client-test/v1 answer only
 * with the site's test token (SVC_TEST_HELPERS_TOKEN in wp-config.php).
 *
 * @package SvcLicensing
 */

defined( 'ABSPATH' ) || exit;

if ( ! defined( 'SVC_TEST_HELPERS_TOKEN' ) ) {
	return;
}

// Every request WordPress is about to send, logged before it leaves (one line: time, method, URL, page).
add_filter(
	'pre_http_request',
	static function ( $preempt, $args, $url ) {
		$line = wp_json_encode(
			array(
				'at'     => microtime( true ),
				'method' => isset( $args['method'] ) ? $args['method'] : 'GET',
				'url'    => $url,
				'page'   => isset( $_SERVER['REQUEST_URI'] ) ? sanitize_text_field( wp_unslash( $_SERVER['REQUEST_URI'] ) ) : '',
				'cron'   => wp_doing_cron(),
			)
		);
		file_put_contents( WP_CONTENT_DIR . '/svc-client-http.log', $line . "\n", FILE_APPEND | LOCK_EX ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents -- a test log.
		return $preempt;
	},
	PHP_INT_MAX,
	3
);

add_action(
	'rest_api_init',
	static function () {
		$allowed = static function ( WP_REST_Request $request ) {
			return hash_equals( SVC_TEST_HELPERS_TOKEN, (string) $request->get_header( 'x-svc-test-token' ) );
		};
		register_rest_route(
			'svc-client-test/v1',
			'/http-log',
			array(
				array(
					'methods'             => 'GET',
					'permission_callback' => $allowed,
					'callback'            => static function () {
						$file  = WP_CONTENT_DIR . '/svc-client-http.log';
						$lines = is_file( $file ) ? file( $file, FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES ) : array();
						return array_map(
							static function ( $line ) {
								return json_decode( $line, true );
							},
							(array) $lines
						);
					},
				),
				array(
					'methods'             => 'DELETE',
					'permission_callback' => $allowed,
					'callback'            => static function () {
						wp_delete_file( WP_CONTENT_DIR . '/svc-client-http.log' );
						return array( 'cleared' => true );
					},
				),
			)
		);
		// The version in an installed plugin's or theme's header, read from disk now.
		register_rest_route(
			'svc-client-test/v1',
			'/installed',
			array(
				'methods'             => 'GET',
				'permission_callback' => $allowed,
				'callback'            => static function ( WP_REST_Request $request ) {
					$plugin = (string) $request->get_param( 'plugin' );
					$theme  = (string) $request->get_param( 'theme' );
					$file   = '' !== $plugin ? WP_PLUGIN_DIR . '/' . $plugin : get_theme_root() . '/' . $theme . '/style.css';
					if ( ( '' === $plugin && '' === $theme ) || 0 !== validate_file( '' !== $plugin ? $plugin : $theme ) || ! is_file( $file ) ) {
						return new WP_Error( 'not_found', 'No such plugin or theme.', array( 'status' => 404 ) );
					}
					$headers = get_file_data( $file, array( 'Version' => 'Version' ) );
					return array( 'version' => $headers['Version'] );
				},
			)
		);
		// Which SDK copy runs: the registry's choice, every registered version, and the copies whose PHP files
		// this request included.
		register_rest_route(
			'svc-client-test/v1',
			'/sdk',
			array(
				'methods'             => 'GET',
				'permission_callback' => $allowed,
				'callback'            => static function () {
					$copies = array();
					foreach ( get_included_files() as $file ) {
						if ( preg_match( '#/(plugins|themes)/([^/]+)/vendor/svc-licensing-client/src/#', $file, $match ) ) {
							$copies[ $match[2] ] = true;
						}
					}
					global $wpdb;
					return array(
						'options'    => $wpdb->get_col( $wpdb->prepare( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE %s ORDER BY option_name", $wpdb->esc_like( 'svc_licensing_client_' ) . '%' ) ), // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- a test helper.
						'chosen'     => class_exists( 'Svc_Licensing_Client_Versions_1' ) ? Svc_Licensing_Client_Versions_1::chosen() : null,
						'registered' => class_exists( 'Svc_Licensing_Client_Versions_1' ) ? Svc_Licensing_Client_Versions_1::versions() : array(),
						'loaded_src' => array_keys( $copies ),
					);
				},
			)
		);
		// Forgets the SDK's back-off for every server (a test that provoked one cleans up after itself).
		register_rest_route(
			'svc-client-test/v1',
			'/backoff',
			array(
				'methods'             => 'DELETE',
				'permission_callback' => $allowed,
				'callback'            => static function () {
					global $wpdb;
					$names = $wpdb->get_col( $wpdb->prepare( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE %s", $wpdb->esc_like( 'svc_licensing_client_backoff_' ) . '%' ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- a test helper.
					foreach ( $names as $name ) {
						delete_option( $name );
					}
					return array( 'cleared' => count( $names ) );
				},
			)
		);
		// A user with a role (created, or given that role and password), e.g. an Editor who must not see licence notices.
		register_rest_route(
			'svc-client-test/v1',
			'/user',
			array(
				'methods'             => 'POST',
				'permission_callback' => $allowed,
				'callback'            => static function ( WP_REST_Request $request ) {
					$login = sanitize_user( (string) $request->get_param( 'login' ) );
					$user  = get_user_by( 'login', $login );
					$id    = wp_insert_user(
						array(
							'ID'         => $user ? $user->ID : 0,
							'user_login' => $login,
							'user_pass'  => (string) $request->get_param( 'password' ),
							'user_email' => $login . '@client.example',
							'role'       => sanitize_key( (string) $request->get_param( 'role' ) ),
						)
					);
					return is_wp_error( $id ) ? $id : array( 'id' => $id );
				},
			)
		);
		// The SDK's expiry-notice dismissals of every user: DELETE forgets them, POST /age makes them end now.
		register_rest_route(
			'svc-client-test/v1',
			'/notice-dismissals',
			array(
				'methods'             => 'DELETE',
				'permission_callback' => $allowed,
				'callback'            => static function () {
					return array( 'deleted' => delete_metadata( 'user', 0, 'svc_licensing_client_dismissed', '', true ) );
				},
			)
		);
		register_rest_route(
			'svc-client-test/v1',
			'/notice-dismissals/age',
			array(
				'methods'             => 'POST',
				'permission_callback' => $allowed,
				'callback'            => static function () {
					$aged = 0;
					foreach ( get_users( array( 'meta_key' => 'svc_licensing_client_dismissed' ) ) as $user ) { // phpcs:ignore WordPress.DB.SlowDBQuery -- a test helper.
						$until = (array) get_user_meta( $user->ID, 'svc_licensing_client_dismissed', true );
						update_user_meta( $user->ID, 'svc_licensing_client_dismissed', array_fill_keys( array_keys( $until ), time() ) );
						$aged += count( $until );
					}
					return array( 'aged' => $aged );
				},
			)
		);
		// Where Acme Widgets finds its licence server: a URL (e.g. a closed port, a real outage), or null for the
		// client site's own service.
		register_rest_route(
			'svc-client-test/v1',
			'/acme-widgets-server',
			array(
				'methods'             => 'POST',
				'permission_callback' => $allowed,
				'callback'            => static function ( WP_REST_Request $request ) {
					$url = $request->get_param( 'url' );
					if ( is_string( $url ) && '' !== $url ) {
						update_option( 'acme_widgets_server', esc_url_raw( $url ), true );
					} else {
						delete_option( 'acme_widgets_server' );
					}
					return array( 'server' => get_option( 'acme_widgets_server', null ) );
				},
			)
		);
	}
);
