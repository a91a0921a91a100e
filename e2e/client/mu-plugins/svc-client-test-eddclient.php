<?php
/**
 * Client test sites only: what e2e/client/edd-old-client.spec.ts needs around the Old EDD Client sample plugin
 * (e2e/client/plugins/old-edd-client, a seller's plugin that shipped EDD SL's updater). Routes under
 * svc-client-test/v1, answering only with the site's test token:
 *
 * - POST /old-edd-client {item_id, item_name, item_name_encoding, forget}: the EDD download the plugin names (a seller
 *   hard-codes it; each run imports its own) and how it sends item_name (urlencode, rawurlencode, none), as another
 *   copy of the plugin whose updater has kept nothing yet; with forget, also the key, status and last answer its
 *   licence screen kept, and the downloads recorded below.
 * - GET /old-edd-client/downloads: each package core's upgrader downloaded for that plugin: URL and SHA-256 of the
 *   file as written to disk.
 * - GET /old-edd-client/cache: what its updater keeps, as EDD's class keeps it: whether an answer is cached, the
 *   seconds its 3 hours have left, its package link, and the seconds a failed request's marker has left (or null).
 * - POST /old-edd-client/age {seconds}: time passes for those: the cache's timeout and the marker's end move that
 *   far into the past (the site's clock cannot be moved, the ends it compares with can).
 *
 * And one allowance of the test stack, not of the plugin: core downloads packages with wp_safe_remote_get(), which
 * takes ports 80, 443 and 8080 only; the test licence service listens on another port of the loopback (a real store
 * is on 443). While core's upgrader downloads this plugin's package, and only then, the service's port is allowed.
 *
 * @package SvcLicensing
 */

defined( 'ABSPATH' ) || exit;

if ( ! defined( 'SVC_TEST_HELPERS_TOKEN' ) ) {
	return;
}

define( 'SVC_TEST_EDD_CLIENT_PLUGIN', 'old-edd-client/old-edd-client.php' );
define( 'SVC_TEST_EDD_CLIENT_DOWNLOADS', 'svc_client_test_edd_downloads' );

/**
 * Whether this request's upgrader is downloading the Old EDD Client's package (set at upgrader_pre_download).
 *
 * @param bool|null $set Set it.
 */
function svc_test_edd_client_downloading( ?bool $set = null ): bool {
	static $downloading = false;
	if ( null !== $set ) {
		$downloading = $set;
	}
	return $downloading;
}

add_filter(
	'upgrader_pre_download',
	static function ( $reply, $package, $upgrader = null, $hook_extra = array() ) {
		if ( is_array( $hook_extra ) && isset( $hook_extra['plugin'] ) && SVC_TEST_EDD_CLIENT_PLUGIN === $hook_extra['plugin'] ) {
			svc_test_edd_client_downloading( true );
		}
		return $reply;
	},
	10,
	4
);

add_filter(
	'http_allowed_safe_ports',
	static function ( $ports ) {
		if ( svc_test_edd_client_downloading() && defined( 'SVC_CLIENT_SERVER' ) ) {
			$port = wp_parse_url( (string) SVC_CLIENT_SERVER, PHP_URL_PORT );
			if ( is_int( $port ) ) {
				$ports[] = $port;
			}
		}
		return $ports;
	}
);

// The file core's download wrote (a streamed request), hashed once the response is complete.
add_action(
	'http_api_debug',
	static function ( $response, $context, $transport, $args, $url ) {
		if ( ! svc_test_edd_client_downloading() || 'response' !== $context || empty( $args['stream'] ) || empty( $args['filename'] ) || ! is_file( $args['filename'] ) ) {
			return;
		}
		$downloads   = (array) get_option( SVC_TEST_EDD_CLIENT_DOWNLOADS, array() );
		$downloads[] = array(
			'url'    => (string) $url,
			'status' => is_wp_error( $response ) ? 0 : (int) wp_remote_retrieve_response_code( $response ),
			'sha256' => (string) hash_file( 'sha256', $args['filename'] ),
		);
		update_option( SVC_TEST_EDD_CLIENT_DOWNLOADS, $downloads, false );
	},
	10,
	5
);

/**
 * The options EDD's updater class keeps on the site: its cached answers and its failed-request marker.
 *
 * @return string[]
 */
function svc_test_edd_client_kept(): array {
	global $wpdb;
	return array_map(
		'strval',
		(array) $wpdb->get_col( $wpdb->prepare( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE %s", $wpdb->esc_like( 'edd_sl_' ) . '%' ) )
	);
}

add_action(
	'rest_api_init',
	static function () {
		$allowed = static function ( WP_REST_Request $request ) {
			return hash_equals( SVC_TEST_HELPERS_TOKEN, (string) $request->get_header( 'x-svc-test-token' ) );
		};
		register_rest_route(
			'svc-client-test/v1',
			'/old-edd-client',
			array(
				'methods'             => 'POST',
				'permission_callback' => $allowed,
				'callback'            => static function ( WP_REST_Request $request ) {
					update_option( 'old_edd_client_item_id', (string) $request->get_param( 'item_id' ) );
					update_option( 'old_edd_client_item_name', (string) $request->get_param( 'item_name' ) );
					update_option( 'old_edd_client_item_name_encoding', (string) ( $request->get_param( 'item_name_encoding' ) ?? 'rawurlencode' ) );
					if ( $request->get_param( 'forget' ) ) {
						foreach ( array( 'old_edd_client_license_key', 'old_edd_client_license_status', 'old_edd_client_last_answer', SVC_TEST_EDD_CLIENT_DOWNLOADS ) as $option ) {
							delete_option( $option );
						}
					}
					// Another copy of the plugin: its updater has kept nothing yet.
					foreach ( svc_test_edd_client_kept() as $option ) {
						delete_option( $option );
					}
					return array( 'item_id' => get_option( 'old_edd_client_item_id' ) );
				},
			)
		);
		register_rest_route(
			'svc-client-test/v1',
			'/old-edd-client/cache',
			array(
				'methods'             => 'GET',
				'permission_callback' => $allowed,
				'callback'            => static function () {
					$cache  = null;
					$failed = null;
					foreach ( svc_test_edd_client_kept() as $option ) {
						$value = get_option( $option );
						if ( 0 === strpos( $option, 'edd_sl_failed_http_' ) ) {
							$failed = is_numeric( $value ) ? (int) $value - time() : null;
						} elseif ( is_array( $value ) ) {
							$cache = $value;
						}
					}
					$answer = null === $cache ? null : json_decode( (string) $cache['value'], true );
					return array(
						'cached'          => null !== $cache,
						'timeout_in'      => null === $cache ? null : (int) $cache['timeout'] - time(),
						'package'         => is_array( $answer ) ? (string) ( $answer['package'] ?? '' ) : null,
						'failed_until_in' => $failed,
					);
				},
			)
		);
		register_rest_route(
			'svc-client-test/v1',
			'/old-edd-client/age',
			array(
				'methods'             => 'POST',
				'permission_callback' => $allowed,
				'callback'            => static function ( WP_REST_Request $request ) {
					$seconds = (int) $request->get_param( 'seconds' );
					foreach ( svc_test_edd_client_kept() as $option ) {
						$value = get_option( $option );
						if ( is_array( $value ) && isset( $value['timeout'] ) ) {
							$value['timeout'] = (int) $value['timeout'] - $seconds;
							update_option( $option, $value, false );
						} elseif ( is_numeric( $value ) ) {
							update_option( $option, (int) $value - $seconds, false );
						}
					}
					return array( 'aged' => $seconds );
				},
			)
		);
		register_rest_route(
			'svc-client-test/v1',
			'/old-edd-client/downloads',
			array(
				'methods'             => 'GET',
				'permission_callback' => $allowed,
				'callback'            => static function () {
					return array_values( (array) get_option( SVC_TEST_EDD_CLIENT_DOWNLOADS, array() ) );
				},
			)
		);
	}
);
