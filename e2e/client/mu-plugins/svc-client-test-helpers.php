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

// Core's automatic updater skips a site whose plugin folder, or any folder above it up to /, holds a version-control
// checkout (WP_Automatic_Updater::is_vcs_checkout()). The stack's sites live inside this repository's git checkout,
// so without this answer core would never auto-update anything here; a real customer site has no .git above it.
add_filter( 'automatic_updates_is_vcs_checkout', '__return_false' );

/**
 * What the test asked WordPress.org to answer (option svc_client_test_wporg): '' (not at all: the request is
 * refused, as on a firewalled site), 'answer' (WordPress.org knows nothing of our products), or 'hostile' (it
 * claims plugins and themes with our slugs at 9.9.9).
 *
 * @param string $url The URL core is about to request.
 * @return array<string, mixed>|null The stubbed response, or null when this is not one of core's update checks.
 */
function svc_test_client_wporg_answer( string $url ): ?array {
	$mode = (string) get_option( 'svc_client_test_wporg', '' );
	$path = (string) wp_parse_url( $url, PHP_URL_PATH );
	if ( '' === $mode || 'api.wordpress.org' !== wp_parse_url( $url, PHP_URL_HOST ) ) {
		return null;
	}
	$hostile = 'hostile' === $mode;
	if ( 0 === strpos( $path, '/core/version-check/' ) ) {
		$version = $GLOBALS['wp_version'];
		$body    = array(
			'offers'       => array(
				array(
					'response'        => 'latest',
					'download'        => "https://downloads.wordpress.org/release/wordpress-{$version}.zip",
					'locale'          => 'en_US',
					'packages'        => array(
						'full'        => "https://downloads.wordpress.org/release/wordpress-{$version}.zip",
						'no_content'  => "https://downloads.wordpress.org/release/wordpress-{$version}-no-content.zip",
						'new_bundled' => "https://downloads.wordpress.org/release/wordpress-{$version}-new-bundled.zip",
						'partial'     => false,
						'rollback'    => false,
					),
					'current'         => $version,
					'version'         => $version,
					'php_version'     => '7.0.0',
					'mysql_version'   => '5.5.5',
					'new_bundled'     => '6.4',
					'partial_version' => false,
				),
			),
			'translations' => array(),
		);
	} elseif ( 0 === strpos( $path, '/plugins/update-check/' ) ) {
		$claim = array(
			'id'           => 'w.org/plugins/acme-widgets',
			'slug'         => 'acme-widgets',
			'plugin'       => 'acme-widgets/acme-widgets.php',
			'new_version'  => '9.9.9',
			'url'          => 'https://wordpress.org/plugins/acme-widgets/',
			'package'      => 'https://downloads.wordpress.org/plugin/acme-widgets.9.9.9.zip',
			'icons'        => array(),
			'banners'      => array(),
			'banners_rtl'  => array(),
			'requires'     => '6.0',
			'tested'       => '6.5.5',
			'requires_php' => '7.4',
		);
		$body  = array(
			'plugins'      => $hostile ? array( 'acme-widgets/acme-widgets.php' => $claim ) : array(),
			'translations' => array(),
			'no_update'    => array(),
		);
	} elseif ( 0 === strpos( $path, '/themes/update-check/' ) ) {
		$claim = array(
			'theme'        => 'acme-theme',
			'new_version'  => '9.9.9',
			'url'          => 'https://wordpress.org/themes/acme-theme/',
			'package'      => 'https://downloads.wordpress.org/theme/acme-theme.9.9.9.zip',
			'requires'     => '6.0',
			'requires_php' => '7.4',
		);
		$body  = array(
			'themes'       => $hostile ? array( 'acme-theme' => $claim ) : array(),
			'translations' => array(),
			'no_update'    => array(),
		);
	} else {
		return null;
	}
	return array(
		'headers'  => array( 'content-type' => 'application/json' ),
		'body'     => (string) wp_json_encode( $body ),
		'response' => array(
			'code'    => 200,
			'message' => 'OK',
		),
		'cookies'  => array(),
		'filename' => null,
	);
}

// WordPress.org's update checks, answered by the stub when the test switched it on; every other request to a host
// that is not the loopback is refused here (logged as refused), whatever else the site allows, so nothing leaves
// the machine and a test sees any attempt in the log.
add_filter(
	'pre_http_request',
	static function ( $preempt, $args, $url ) {
		if ( false !== $preempt ) {
			return $preempt;
		}
		$answer = svc_test_client_wporg_answer( (string) $url );
		if ( null !== $answer ) {
			return $answer;
		}
		$host = strtolower( (string) wp_parse_url( (string) $url, PHP_URL_HOST ) );
		if ( ! in_array( $host, array( 'localhost', '127.0.0.1', '[::1]', '::1' ), true ) ) {
			return new WP_Error( 'svc_client_test_offline', 'The client test site sends nothing off the machine.' );
		}
		return $preempt;
	},
	1000,
	3
);

/**
 * Appends one JSON line to a test log in wp-content (svc-client-<name>.log), read back by svc_test_client_log_route().
 *
 * @param string               $name Log name, e.g. http.
 * @param array<string, mixed> $line What happened.
 */
function svc_test_client_log( string $name, array $line ): void {
	file_put_contents( WP_CONTENT_DIR . "/svc-client-{$name}.log", wp_json_encode( $line ) . "\n", FILE_APPEND | LOCK_EX ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents -- a test log.
}

/**
 * A test log's route: GET answers its lines, DELETE clears it.
 *
 * @param string   $route   Route under svc-client-test/v1.
 * @param string   $name    Log name (see svc_test_client_log()).
 * @param callable $allowed Permission callback.
 */
function svc_test_client_log_route( string $route, string $name, callable $allowed ): void {
	$file = WP_CONTENT_DIR . "/svc-client-{$name}.log";
	register_rest_route(
		'svc-client-test/v1',
		$route,
		array(
			array(
				'methods'             => 'GET',
				'permission_callback' => $allowed,
				'callback'            => static function () use ( $file ) {
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
				'callback'            => static function () use ( $file ) {
					wp_delete_file( $file );
					return array( 'cleared' => true );
				},
			),
		)
	);
}

// Every request WordPress is about to send, logged before it leaves (one line: time, method, URL, page, JSON body,
// and what the filters above did: stubbed, refused, or null when it went to the loopback).
add_filter(
	'pre_http_request',
	static function ( $preempt, $args, $url ) {
		svc_test_client_log(
			'http',
			array(
				'at'     => microtime( true ),
				'method' => isset( $args['method'] ) ? $args['method'] : 'GET',
				'url'    => $url,
				'page'   => isset( $_SERVER['REQUEST_URI'] ) ? sanitize_text_field( wp_unslash( $_SERVER['REQUEST_URI'] ) ) : '',
				'cron'   => wp_doing_cron(),
				'fate'   => is_wp_error( $preempt ) ? 'refused' : ( false !== $preempt ? 'stubbed' : null ),
				// A JSON body as sent (the batch update check's items), cut short; anything else is left out.
				'body'   => isset( $args['body'] ) && is_string( $args['body'] ) && '{' === substr( $args['body'], 0, 1 ) ? substr( $args['body'], 0, 8000 ) : null,
			)
		);
		return $preempt;
	},
	PHP_INT_MAX,
	3
);

// What core's automatic updater did, one line per plugin or theme it tried (its update results at
// automatic_updates_complete): type, item, and true or the error's code and message.
add_action(
	'automatic_updates_complete',
	static function ( $results ) {
		foreach ( array( 'plugin', 'theme' ) as $type ) {
			foreach ( isset( $results[ $type ] ) ? (array) $results[ $type ] : array() as $result ) {
				svc_test_client_log(
					'auto-updates',
					array(
						'at'     => microtime( true ),
						'type'   => $type,
						'item'   => 'plugin' === $type ? $result->item->plugin : $result->item->theme,
						'result' => is_wp_error( $result->result ) ? $result->result->get_error_code() . ': ' . $result->result->get_error_message() : $result->result,
					)
				);
			}
		}
	}
);

add_action(
	'rest_api_init',
	static function () {
		$allowed = static function ( WP_REST_Request $request ) {
			return hash_equals( SVC_TEST_HELPERS_TOKEN, (string) $request->get_header( 'x-svc-test-token' ) );
		};
		svc_test_client_log_route( '/http-log', 'http', $allowed );
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
		// The SDK's notice dismissals of every user: DELETE forgets them (expiry and site change), POST /age makes the
		// expiry notices' end now.
		register_rest_route(
			'svc-client-test/v1',
			'/notice-dismissals',
			array(
				'methods'             => 'DELETE',
				'permission_callback' => $allowed,
				'callback'            => static function () {
					// The expiry notices' dismissals and the site-change notice's (SiteChangeNotice::USER_META).
					$expiry = delete_metadata( 'user', 0, 'svc_licensing_client_dismissed', '', true );
					$change = delete_metadata( 'user', 0, 'svc_licensing_client_site_change_dismissed', '', true );
					return array( 'deleted' => $expiry || $change );
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
		// Forgets when the SDK last asked each server for updates and when core last checked (its three update transients),
		// so the next update check of core asks at once, as it would once their minutes had passed (the SDK asks at
		// most once a minute, core's Updates screen once a minute, and a licence screen may just have asked).
		register_rest_route(
			'svc-client-test/v1',
			'/update-asked',
			array(
				'methods'             => 'DELETE',
				'permission_callback' => $allowed,
				'callback'            => static function () {
					global $wpdb;
					$names = $wpdb->get_col( $wpdb->prepare( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE %s", $wpdb->esc_like( 'svc_licensing_client_updates_asked_' ) . '%' ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- a test helper.
					foreach ( $names as $name ) {
						delete_option( $name );
					}
					delete_site_transient( 'update_core' );
					delete_site_transient( 'update_plugins' );
					delete_site_transient( 'update_themes' );
					return array( 'cleared' => count( $names ) );
				},
			)
		);
		// What WordPress.org answers: '' (nothing, refused), 'answer' or 'hostile' (see svc_test_client_wporg_answer).
		register_rest_route(
			'svc-client-test/v1',
			'/wporg',
			array(
				'methods'             => 'POST',
				'permission_callback' => $allowed,
				'callback'            => static function ( WP_REST_Request $request ) {
					$mode = (string) $request->get_param( 'mode' );
					if ( ! in_array( $mode, array( '', 'answer', 'hostile' ), true ) ) {
						return new WP_Error( 'bad_mode', 'mode is "", "answer" or "hostile".', array( 'status' => 400 ) );
					}
					update_option( 'svc_client_test_wporg', $mode, true );
					return array( 'mode' => $mode );
				},
			)
		);
		// What core's automatic updater did since the log was last cleared (see automatic_updates_complete above).
		svc_test_client_log_route( '/auto-updates-log', 'auto-updates', $allowed );
		// WP-Cron's update work: POST makes core's twice-daily update checks due now, so the next wp-cron.php
		// request runs them as it would when their time comes; GET says which of them, and core's automatic
		// updater's event, are still due, and whether a WP-Cron run holds its lock.
		register_rest_route(
			'svc-client-test/v1',
			'/update-cron',
			array(
				array(
					'methods'             => 'POST',
					'permission_callback' => $allowed,
					'callback'            => static function () {
						foreach ( array( 'wp_version_check', 'wp_update_plugins', 'wp_update_themes' ) as $hook ) {
							wp_clear_scheduled_hook( $hook );
							wp_schedule_event( time() - 1, 'twicedaily', $hook );
						}
						return array( 'due' => true );
					},
				),
				array(
					'methods'             => 'GET',
					'permission_callback' => $allowed,
					'callback'            => static function () {
						$due = array();
						foreach ( array( 'wp_version_check', 'wp_update_plugins', 'wp_update_themes', 'wp_maybe_auto_update' ) as $hook ) {
							$next = wp_next_scheduled( $hook );
							if ( false !== $next && $next <= time() ) {
								$due[] = $hook;
							}
						}
						return array(
							'due'     => $due,
							'running' => false !== get_transient( 'doing_cron' ),
						);
					},
				),
			)
		);
		// Turns auto-updates off for every plugin and theme (a test that turned them on cleans up after itself).
		register_rest_route(
			'svc-client-test/v1',
			'/auto-updates',
			array(
				'methods'             => 'DELETE',
				'permission_callback' => $allowed,
				'callback'            => static function () {
					update_site_option( 'auto_update_plugins', array() );
					update_site_option( 'auto_update_themes', array() );
					return array( 'off' => true );
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
