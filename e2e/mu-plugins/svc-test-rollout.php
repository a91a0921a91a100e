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
