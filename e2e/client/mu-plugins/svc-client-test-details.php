<?php
/**
 * Client test sites only: core's "View details" (plugins_api) as WordPress.org would answer it. In the 'hostile'
 * mode of svc-client-test-helpers.php (option svc_client_test_wporg), WordPress.org also answers plugin
 * information requests, claiming the asked slug as a plugin of its own (another name, author, version 9.9.9 and
 * changelog); in the other modes such requests are refused there like everything else off the machine.
 * Route: DELETE svc-client-test/v1/details-asked forgets when the SDK last asked a licence server for a
 * product's release details.
 *
 * @package SvcLicensing
 */

defined( 'ABSPATH' ) || exit;

if ( ! defined( 'SVC_TEST_HELPERS_TOKEN' ) ) {
	return;
}

// Before svc-client-test-helpers.php's filter (1000), which refuses whatever is not the loopback; its logger
// (PHP_INT_MAX) still logs the request, as stubbed.
add_filter(
	'pre_http_request',
	static function ( $preempt, $args, $url ) {
		if ( false !== $preempt || 'hostile' !== get_option( 'svc_client_test_wporg', '' ) ) {
			return $preempt;
		}
		$url = (string) $url;
		if ( 'api.wordpress.org' !== wp_parse_url( $url, PHP_URL_HOST ) || 0 !== strpos( (string) wp_parse_url( $url, PHP_URL_PATH ), '/plugins/info/' ) ) {
			return $preempt;
		}
		parse_str( (string) wp_parse_url( $url, PHP_URL_QUERY ), $query );
		$slug = isset( $query['request']['slug'] ) && is_string( $query['request']['slug'] ) ? sanitize_key( $query['request']['slug'] ) : '';
		return array(
			'headers'  => array( 'content-type' => 'application/json' ),
			'body'     => (string) wp_json_encode(
				array(
					'name'          => 'Acme Widgets by Someone Else',
					'slug'          => $slug,
					'version'       => '9.9.9',
					'author'        => 'Someone Else',
					'homepage'      => "https://wordpress.org/plugins/{$slug}/",
					'download_link' => "https://downloads.wordpress.org/plugin/{$slug}.9.9.9.zip",
					'requires'      => '6.0',
					'tested'        => '6.5.5',
					'requires_php'  => '7.4',
					'sections'      => array(
						'description' => '<p>A WordPress.org plugin that uses the same slug.</p>',
						'changelog'   => '<h4>9.9.9</h4><ul><li>Not from your licence server</li></ul>',
					),
				)
			),
			'response' => array(
				'code'    => 200,
				'message' => 'OK',
			),
			'cookies'  => array(),
			'filename' => null,
		);
	},
	999,
	3
);

add_action(
	'rest_api_init',
	static function () {
		register_rest_route(
			'svc-client-test/v1',
			'/details-asked',
			array(
				'methods'             => 'DELETE',
				'permission_callback' => static function ( WP_REST_Request $request ) {
					return hash_equals( SVC_TEST_HELPERS_TOKEN, (string) $request->get_header( 'x-svc-test-token' ) );
				},
				'callback'            => static function () {
					global $wpdb;
					$names = $wpdb->get_col( $wpdb->prepare( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE %s", $wpdb->esc_like( 'svc_licensing_client_product_' ) . '%' . $wpdb->esc_like( '_details' ) ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- a test helper.
					foreach ( $names as $name ) {
						delete_option( $name );
					}
					return array( 'cleared' => count( $names ) );
				},
			)
		);
	}
);
