<?php
/**
 * Plugin Name: Licence Service test helpers: answer trace headers
 * Description: Test-only. Every REST answer, and every answer of the old clients' protocols on the front URL
 *              (Hooks::OLD_PROTOCOL_ANSWER), says which PHP worker served it and when it ran, so the race harness
 *              (e2e/fixtures/race.ts) can prove that parallel requests ran at once on several workers, and whether
 *              the fast lane answered. REST answers also say how many SQL queries ran and which web node answered.
 *
 * @package SvcLicensing
 */

defined( 'ABSPATH' ) || exit;
require_once __DIR__ . '/svc-test-base.php';
if ( ! svc_test_enabled() ) {
	return;
}

/**
 * Marks an answer with the PHP worker that served it (X-Svc-Test-Worker), when its request started and ended, in
 * microseconds (X-Svc-Test-Span), and whether the fast lane answered (X-Svc-Test-Lane).
 *
 * @param WP_HTTP_Response $response Answer.
 */
function svc_test_trace_worker( WP_HTTP_Response $response ): void {
	// phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotValidated -- a float PHP sets.
	$started = isset( $_SERVER['REQUEST_TIME_FLOAT'] ) ? (float) $_SERVER['REQUEST_TIME_FLOAT'] : microtime( true );
	$response->header( 'X-Svc-Test-Worker', (string) getmypid() );
	$response->header( 'X-Svc-Test-Span', sprintf( '%d-%d', (int) ( $started * 1e6 ), (int) ( microtime( true ) * 1e6 ) ) );
	$response->header( 'X-Svc-Test-Lane', defined( 'SVC_LICENSING_LANE' ) ? '1' : '0' );
}

add_filter(
	'rest_post_dispatch',
	static function ( $response ) {
		if ( $response instanceof WP_HTTP_Response ) {
			svc_test_trace_worker( $response );
			// The SQL queries the request had made by now (the lane's own, when it answered).
			$response->header( 'X-Svc-Test-Queries', (string) ( $GLOBALS['wpdb']->num_queries - ( defined( 'SVC_LICENSING_LANE_QUERIES_BEFORE' ) ? SVC_LICENSING_LANE_QUERIES_BEFORE : 0 ) ) );
			// Which web node answered, on a site of several behind one load balancer (the stack's php-fpm pools set
			// SVC_NODE; a single-node site has none).
			$node = getenv( 'SVC_NODE' );
			if ( is_string( $node ) && '' !== $node ) {
				$response->header( 'X-Svc-Test-Node', $node );
			}
		}
		return $response;
	},
	1000
);

// The old protocols' answers (used by e2e/api/edd-protocol.spec.ts and slm-protocol.spec.ts).
add_filter(
	'svc_licensing_old_protocol_answer',
	static function ( $response ) {
		if ( $response instanceof WP_HTTP_Response ) {
			svc_test_trace_worker( $response );
		}
		return $response;
	}
);
