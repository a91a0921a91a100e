<?php
/**
 * Test sites only: the answers of the old clients' protocols on the front URL (Hooks::OLD_PROTOCOL_ANSWER) carry
 * the same test headers as REST answers (svc-test-helpers.php), so the race harness (e2e/fixtures/race.ts) can
 * prove that an EDD SL or SLM race ran on several PHP workers at once, and say whether the fast lane answered
 * (X-Svc-Test-Lane). Used by e2e/api/edd-protocol.spec.ts and slm-protocol.spec.ts.
 *
 * @package SvcLicensing
 */

defined( 'ABSPATH' ) || exit;

if ( ! defined( 'SVC_TEST_HELPERS_TOKEN' ) || 'local' !== wp_get_environment_type() ) {
	return;
}

add_filter(
	'svc_licensing_old_protocol_answer',
	static function ( $response ) {
		if ( $response instanceof WP_HTTP_Response ) {
			// phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotValidated -- a float PHP sets.
			$started = isset( $_SERVER['REQUEST_TIME_FLOAT'] ) ? (float) $_SERVER['REQUEST_TIME_FLOAT'] : microtime( true );
			$response->header( 'X-Svc-Test-Worker', (string) getmypid() );
			$response->header( 'X-Svc-Test-Span', sprintf( '%d-%d', (int) ( $started * 1e6 ), (int) ( microtime( true ) * 1e6 ) ) );
			// Whether the fast lane answered (as svc-test-helpers.php marks REST answers).
			$response->header( 'X-Svc-Test-Lane', defined( 'SVC_LICENSING_LANE' ) ? '1' : '0' );
		}
		return $response;
	}
);
