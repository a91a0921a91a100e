<?php
/**
 * Plugin Name: Licence Service test helpers: customer portal
 * Description: Test-only. The customer portal's clock, moved ahead on request (POST svc-test/v1/portal-clock), and
 *              a home URL that is https while the request reaches PHP over http (X-Svc-Test-Home-Https).
 *
 * @package SvcLicensing
 */

defined( 'ABSPATH' ) || exit;
require_once __DIR__ . '/svc-test-base.php';
if ( ! svc_test_enabled() ) {
	return;
}

// A request that carries X-Svc-Test-Home-Https with the token runs as on a site whose home URL is https while the
// request itself reaches PHP over http (a proxy that ends TLS): the portal spec checks its cookie's Secure flag.
if ( svc_test_header_has_token( 'HTTP_X_SVC_TEST_HOME_HTTPS' ) ) {
	add_filter(
		'option_home',
		static function ( $home ) {
			return (string) preg_replace( '#^http://#i', 'https://', (string) $home );
		}
	);
}

// The portal's clock runs the offset the portal-clock route stored ahead of the real one.
add_filter(
	'svc_licensing_portal_now',
	static function ( $now ) {
		return (int) $now + (int) get_option( 'svc_test_portal_clock_offset', 0 );
	}
);

svc_test_routes(
	array(
		// The customer portal's clock (Http\PortalClock): POST { offset } moves it that many seconds ahead of the
		// real one (0 puts it back), so a spec sees a sign-in link expire without waiting for it.
		'/portal-clock' => array(
			'methods'  => 'POST',
			'callback' => static function ( WP_REST_Request $request ): array {
				$offset = (int) $request->get_param( 'offset' );
				update_option( 'svc_test_portal_clock_offset', $offset, false );
				return array( 'offset' => $offset );
			},
		),
	)
);
