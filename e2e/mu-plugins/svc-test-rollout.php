<?php
/**
 * Plugin Name: SVC test rollout clock
 * Description: Test-only. The update check's clock, moved ahead for one request: X-Svc-Test-Update-Clock (seconds)
 *              with X-Svc-Test-Token, so a spec sees a rollout schedule advance without waiting for it.
 *
 * @package SvcLicensing
 */

defined( 'ABSPATH' ) || exit;
require_once __DIR__ . '/svc-test-base.php';
if ( ! svc_test_enabled() ) {
	return;
}

// Per request, not a stored option: specs run in parallel, and another spec's licence must not be judged days
// ahead. Must-use plugins load before the fast lane answers, so the lane's check runs on the same clock.
if ( svc_test_header_has_token( 'HTTP_X_SVC_TEST_TOKEN' ) && isset( $_SERVER['HTTP_X_SVC_TEST_UPDATE_CLOCK'] ) ) {
	// phpcs:ignore WordPress.Security.ValidatedSanitizedInput -- cast to a number.
	$svc_test_update_offset = (int) $_SERVER['HTTP_X_SVC_TEST_UPDATE_CLOCK'];
	add_filter(
		'svc_licensing_update_now',
		static function ( $now ) use ( $svc_test_update_offset ) {
			return (int) $now + $svc_test_update_offset;
		}
	);
}

// A stored offset as well (POST svc-test/v1/update-clock { offset }), for the requests a spec cannot give a header:
// a client site's own core upgrader fetching a package hours after its check (e2e/client/edd-updater.spec.ts). The
// suite runs one spec at a time, and the spec puts it back to 0. Autoloaded: no query of its own.
$svc_test_update_stored = (int) get_option( 'svc_test_update_clock_offset', 0 );
if ( 0 !== $svc_test_update_stored ) {
	add_filter(
		'svc_licensing_update_now',
		static function ( $now ) use ( $svc_test_update_stored ) {
			return (int) $now + $svc_test_update_stored;
		}
	);
}

svc_test_routes(
	array(
		'/update-clock' => array(
			'methods'  => 'POST',
			'callback' => static function ( WP_REST_Request $request ): array {
				$offset = (int) $request->get_param( 'offset' );
				update_option( 'svc_test_update_clock_offset', $offset, true );
				return array( 'offset' => $offset );
			},
		),
	)
);
