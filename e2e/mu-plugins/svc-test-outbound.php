<?php
/**
 * Plugin Name: Licence Service test helpers: outbound webhooks
 * Description: Test-only. Runs the outbound webhook job at a chosen moment, and makes sure no outbound webhook
 *              ever leaves the loopback: a delivery request to any other host is stopped in pre_http_request
 *              and written down, so a test of the SSRF guard fails even if the guard itself lets one through.
 *
 * @package SvcLicensing
 */

defined( 'ABSPATH' ) || exit;
require_once __DIR__ . '/svc-test-base.php';
if ( ! svc_test_enabled() ) {
	return;
}

// The test resolver's names (see the filter below).
define( 'SVC_TEST_DNS_FILE', WP_CONTENT_DIR . '/svc-test-dns.json' );

// Requests stopped here, one JSON line each (a file: no rolled-back transaction can undo it).
define( 'SVC_TEST_OUTBOUND_BLOCKED_LOG', WP_CONTENT_DIR . '/svc-test-outbound-blocked.log' );

add_filter(
	'pre_http_request',
	static function ( $short_circuit, array $args, string $url ) {
		$headers = array_change_key_case( (array) ( $args['headers'] ?? array() ), CASE_LOWER );
		if ( ! isset( $headers['svc-webhook-id'] ) ) {
			return $short_circuit;
		}
		$host = strtolower( (string) wp_parse_url( $url, PHP_URL_HOST ) );
		$bare = trim( $host, '[]' );
		$ip   = filter_var( $bare, FILTER_VALIDATE_IP ) ? $bare : null;
		if ( 'localhost' === $bare || ( null !== $ip && ( 0 === strpos( $ip, '127.' ) || '::1' === $ip ) ) ) {
			return $short_circuit;
		}
		// A name of the test resolver that stands only for the loopback: the guard pins the request to it, and
		// without the pin no DNS here knows the name, so nothing can leave.
		$ascii = class_exists( 'Svc\\Licensing\\Core\\OutboundTarget' ) ? Svc\Licensing\Core\OutboundTarget::ascii_host( $bare ) : $bare;
		// phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- local file.
		$map = is_file( SVC_TEST_DNS_FILE ) ? json_decode( (string) file_get_contents( SVC_TEST_DNS_FILE ), true ) : null;
		if ( is_array( $map ) && isset( $map[ $ascii ] ) && array() !== (array) $map[ $ascii ] && array() === array_filter(
			(array) $map[ $ascii ],
			static function ( $address ): bool {
				return 0 !== strpos( (string) $address, '127.' ) && '::1' !== $address;
			}
		) ) {
			return $short_circuit;
		}
		// phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents -- test helper.
		file_put_contents( SVC_TEST_OUTBOUND_BLOCKED_LOG, wp_json_encode( array( 'url' => $url ) ) . "\n", FILE_APPEND | LOCK_EX );
		return new WP_Error( 'svc_test_blocked', 'The test site sends outbound webhooks to the loopback only.' );
	},
	1,
	3
);

// The test resolver: host names the tests made up, with the addresses they answer (a file, no database), so the
// SSRF guard can meet a name that resolves to the loopback without any DNS.
add_filter(
	'svc_licensing_outbound_resolve',
	static function ( $addresses, string $host ) {
		// phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- local file.
		$map = is_file( SVC_TEST_DNS_FILE ) ? json_decode( (string) file_get_contents( SVC_TEST_DNS_FILE ), true ) : null;
		return is_array( $map ) && isset( $map[ $host ] ) ? (array) $map[ $host ] : $addresses;
	},
	10,
	2
);

// A forward proxy configured for the site (wp-config's WP_PROXY_HOST), simulated by a flag file: a port on the
// loopback where nothing listens, so nothing leaves even if a request went through it.
if ( is_file( WP_CONTENT_DIR . '/svc-test-proxy' ) && ! defined( 'WP_PROXY_HOST' ) ) {
	define( 'WP_PROXY_HOST', '127.0.0.1' ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedConstantFound -- core's own constant, as wp-config.php sets it.
	define( 'WP_PROXY_PORT', '9' ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedConstantFound -- core's own constant.
}

svc_test_routes(
	static function (): array {
		if ( ! class_exists( 'Svc\\Licensing\\Jobs\\CronHooks' ) ) {
			return array();
		}
		return array(
			// Runs the outbound webhook job as WP-Cron would, at a chosen moment (the suite's clock).
			'/jobs/outbound-webhooks' => array(
				'methods'  => 'POST',
				'callback' => static function ( WP_REST_Request $request ): array {
					do_action( Svc\Licensing\Jobs\CronHooks::OUTBOUND_WEBHOOKS, (int) $request['now'] );
					return array( 'ran' => true );
				},
			),
			// Sets the test resolver's names ({"hosts": {name: [addresses]}}; empty: none) and the proxy ({"proxy": bool}).
			'/network'                => array(
				'methods'  => 'POST',
				'callback' => static function ( WP_REST_Request $request ): array {
					// phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents -- test helper.
					file_put_contents( SVC_TEST_DNS_FILE, (string) wp_json_encode( (object) (array) $request->get_param( 'hosts' ) ) );
					$flag = WP_CONTENT_DIR . '/svc-test-proxy';
					if ( $request->get_param( 'proxy' ) ) {
						touch( $flag );
					} else {
						wp_delete_file( $flag );
					}
					return array(
						'hosts' => (array) $request->get_param( 'hosts' ),
						'proxy' => is_file( $flag ),
					);
				},
			),
			// The delivery requests stopped above; DELETE forgets them.
			'/outbound-blocked'       => array(
				array(
					'methods'  => 'GET',
					'callback' => static function (): array {
						$lines = is_file( SVC_TEST_OUTBOUND_BLOCKED_LOG ) ? (array) file( SVC_TEST_OUTBOUND_BLOCKED_LOG, FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES ) : array();
						return array_map(
							static function ( $line ) {
								return json_decode( (string) $line, true );
							},
							$lines
						);
					},
				),
				array(
					'methods'  => 'DELETE',
					'callback' => static function (): array {
						wp_delete_file( SVC_TEST_OUTBOUND_BLOCKED_LOG );
						return array( 'cleared' => true );
					},
				),
			),
		);
	}
);
