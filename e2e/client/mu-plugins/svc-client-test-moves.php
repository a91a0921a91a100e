<?php
/**
 * Client test sites only: the site at another address, as a move or a copy of the site with its database leaves it
 * (issue 44, e2e/client/site-moves.spec.ts). A migration tool rewrites the `home` and `siteurl` options of the copied
 * database; the client site defines WP_HOME and WP_SITEURL in wp-config.php, which core's filters put over those
 * options, so the new address is kept in a test option and put over them after core. The same files and database
 * then answer at the new address (the site's php -S listens on every loopback address), and home_url(), which the
 * SDK sends, is the new one.
 *
 * @package SvcLicensing
 */

defined( 'ABSPATH' ) || exit;

if ( ! defined( 'SVC_TEST_HELPERS_TOKEN' ) ) {
	return;
}

/**
 * The address the site was moved or copied to, '' when it is at its own.
 */
function svc_test_client_address(): string {
	$address = get_option( 'svc_client_test_address', '' );
	return is_string( $address ) ? $address : '';
}

foreach ( array( 'option_home', 'option_siteurl' ) as $svc_test_option ) {
	add_filter(
		$svc_test_option,
		static function ( $value ) {
			$address = svc_test_client_address();
			return '' === $address ? $value : $address;
		},
		99
	);
}
unset( $svc_test_option );

add_action(
	'rest_api_init',
	static function () {
		register_rest_route(
			'svc-client-test/v1',
			'/address',
			array(
				'methods'             => 'POST',
				'permission_callback' => static function ( WP_REST_Request $request ) {
					return hash_equals( SVC_TEST_HELPERS_TOKEN, (string) $request->get_header( 'x-svc-test-token' ) );
				},
				'callback'            => static function ( WP_REST_Request $request ) {
					$url = $request->get_param( 'url' );
					if ( is_string( $url ) && '' !== $url ) {
						update_option( 'svc_client_test_address', untrailingslashit( esc_url_raw( $url ) ), true );
					} else {
						delete_option( 'svc_client_test_address' );
					}
					return array(
						'home'    => home_url(),
						'siteurl' => site_url(),
					);
				},
			)
		);
	}
);
