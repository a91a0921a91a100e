<?php
/**
 * Client test sites only: the client site as the hosts customers have (e2e/client/hosts.spec.ts), switched per test
 * by the option svc_client_test_host, a list of:
 * - `streams`: no cURL. Requests (WordPress' HTTP API) then sends every request through its fsockopen transport, the
 *   streams transport of WordPress 6.5 (WordPress 6.4 deprecated the http_api_transports filter: wp_remote_request()
 *   no longer reads it). The transport is named per request, as Requests names it when curl_init is missing.
 * - `system_cron`: DISABLE_WP_CRON, as on a host whose system cron runs wp-cron.php (the spec runs `php wp-cron.php`
 *   in the docroot, from outside); no page load spawns WP-Cron.
 * - `ftpext`: FS_METHOD ftpext, as on a host where WordPress must ask for FTP credentials to write files.
 * - `open_basedir`: PHP may open only the site's own folders (its docroot, database and logs, the folders the stack
 *   links into wp-content) and the temporary folder, set here before any plugin loads.
 * Routes under svc-client-test/v1 answer only with the site's test token.
 *
 * @package SvcLicensing
 */

defined( 'ABSPATH' ) || exit;

if ( ! defined( 'SVC_TEST_HELPERS_TOKEN' ) ) {
	return;
}

$svc_test_host = get_option( 'svc_client_test_host', array() );
$svc_test_host = is_array( $svc_test_host ) ? $svc_test_host : array();

if ( in_array( 'system_cron', $svc_test_host, true ) && ! defined( 'DISABLE_WP_CRON' ) ) {
	define( 'DISABLE_WP_CRON', true ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedConstantFound -- core's constant, as a host's wp-config.php sets it.
}
if ( in_array( 'ftpext', $svc_test_host, true ) && ! defined( 'FS_METHOD' ) ) {
	define( 'FS_METHOD', 'ftpext' ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedConstantFound -- core's constant, as a host's wp-config.php sets it.
}
if ( in_array( 'open_basedir', $svc_test_host, true ) ) {
	// The site's own folders: its root (docroot, database, logs), and where the stack's links in wp-content point
	// (on a host these files would sit in the docroot itself); and the temporary folder.
	$svc_test_dirs = array( dirname( ABSPATH ), get_temp_dir() );
	foreach ( array( WP_PLUGIN_DIR, WPMU_PLUGIN_DIR, WP_CONTENT_DIR ) as $svc_test_folder ) {
		foreach ( (array) glob( $svc_test_folder . '/*' ) as $svc_test_entry ) {
			if ( is_link( $svc_test_entry ) ) {
				$svc_test_dirs[] = dirname( (string) realpath( $svc_test_entry ) );
			}
		}
	}
	ini_set( 'open_basedir', implode( PATH_SEPARATOR, array_unique( $svc_test_dirs ) ) ); // phpcs:ignore WordPress.PHP.IniSet.Risky -- a host's restriction, for the test.
}
if ( in_array( 'streams', $svc_test_host, true ) ) {
	add_action(
		'requests-requests.before_request',
		static function ( &$url, &$headers, &$data, &$type, &$options ) {
			$options['transport'] = \WpOrg\Requests\Transport\Fsockopen::class;
		},
		10,
		5
	);
	// Which requests fsockopen sent (dispatched by that transport alone, with the URL), so the test sees it at work.
	add_action(
		'requests-fsockopen.remote_host_path',
		static function ( $path, $url ) {
			svc_test_client_log(
				'transport',
				array(
					'url'       => (string) $url,
					'transport' => 'fsockopen',
				)
			);
		},
		10,
		2
	);
}
unset( $svc_test_host );

add_action(
	'rest_api_init',
	static function () {
		$allowed = static function ( WP_REST_Request $request ) {
			return hash_equals( SVC_TEST_HELPERS_TOKEN, (string) $request->get_header( 'x-svc-test-token' ) );
		};
		// The host the next requests meet: POST sets the list of conditions (see above), GET answers it.
		register_rest_route(
			'svc-client-test/v1',
			'/host',
			array(
				array(
					'methods'             => 'POST',
					'permission_callback' => $allowed,
					'callback'            => static function ( WP_REST_Request $request ) {
						$conditions = array_values( array_intersect( array( 'streams', 'system_cron', 'ftpext', 'open_basedir' ), array_map( 'strval', (array) $request->get_param( 'conditions' ) ) ) );
						update_option( 'svc_client_test_host', $conditions, true );
						if ( ! in_array( 'ftpext', $conditions, true ) ) {
							delete_option( 'ftp_credentials' ); // The host name and user core keeps from its FTP form.
						}
						return array( 'conditions' => $conditions );
					},
				),
				array(
					'methods'             => 'GET',
					'permission_callback' => $allowed,
					'callback'            => static function () {
						return array(
							'conditions'   => get_option( 'svc_client_test_host', array() ),
							'cron_off'     => defined( 'DISABLE_WP_CRON' ) && DISABLE_WP_CRON,
							'fs_method'    => defined( 'FS_METHOD' ) ? FS_METHOD : '',
							'open_basedir' => (string) ini_get( 'open_basedir' ),
						);
					},
				),
			)
		);
		svc_test_client_log_route( '/transport-log', 'transport', $allowed );
		// A product's WP-Cron events, due now: its daily licence check (and its health report, when one is held), so
		// the next WP-Cron run, whoever starts it, runs them. GET says which of them are still due.
		register_rest_route(
			'svc-client-test/v1',
			'/sdk-cron/(?P<slug>[a-z0-9-]+)',
			array(
				array(
					'methods'             => 'POST',
					'permission_callback' => $allowed,
					'callback'            => static function ( WP_REST_Request $request ) {
						$check = 'svc_licensing_client_check_' . $request['slug'];
						wp_clear_scheduled_hook( $check );
						wp_schedule_event( time() - 1, 'daily', $check );
						return array( 'due' => array( $check ) );
					},
				),
				array(
					'methods'             => 'GET',
					'permission_callback' => $allowed,
					'callback'            => static function ( WP_REST_Request $request ) {
						$due = array();
						foreach ( array( 'check', 'report' ) as $what ) {
							$hook = 'svc_licensing_client_' . $what . '_' . $request['slug'];
							$next = wp_next_scheduled( $hook );
							if ( false !== $next && $next <= time() ) {
								$due[] = $hook;
							}
						}
						return array( 'due' => $due );
					},
				),
			)
		);
	}
);
