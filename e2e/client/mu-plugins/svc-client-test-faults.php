<?php
/**
 * Client test sites only: the client site plays a faulty licence server for e2e/client/server-faults.spec.ts. It has
 * no licence service, so Acme Widgets pointed at it (option acme_widgets_server) meets whatever a seller's site may
 * answer instead of the service. The fault is switched by the option svc_client_test_fault through a token-guarded
 * route, and is WordPress' own behaviour under a plugin that does what real ones do:
 *
 * - rest_closed: a security plugin closing the REST API to visitors (rest_authentication_errors, 401
 *   rest_not_logged_in);
 * - maintenance: a maintenance plugin answering visitors a 503 HTML page with Retry-After;
 * - moved: the site moved to the run's licence service, every visitor's request answered with a 301 to the same
 *   path there (wp_redirect).
 *
 * Signed-in users (the test's browser in wp-admin) and the test's own calls (they carry the token) pass, as real
 * plugins of the kind let administrators through.
 *
 * @package SvcLicensing
 */

defined( 'ABSPATH' ) || exit;

if ( ! defined( 'SVC_TEST_HELPERS_TOKEN' ) ) {
	return;
}

/**
 * The fault the test switched on: '', rest_closed, maintenance or moved.
 */
function svc_test_client_fault(): string {
	return (string) get_option( 'svc_client_test_fault', '' );
}

/**
 * Whether this request passes the fault: a signed-in user, or the test's own call with the token.
 */
function svc_test_client_fault_exempt(): bool {
	$token = isset( $_SERVER['HTTP_X_SVC_TEST_TOKEN'] ) ? sanitize_text_field( wp_unslash( $_SERVER['HTTP_X_SVC_TEST_TOKEN'] ) ) : '';
	return hash_equals( (string) SVC_TEST_HELPERS_TOKEN, $token ) || is_user_logged_in();
}

// As a security plugin closes the REST API to visitors.
add_filter(
	'rest_authentication_errors',
	static function ( $result ) {
		if ( 'rest_closed' !== svc_test_client_fault() || null !== $result || svc_test_client_fault_exempt() ) {
			return $result;
		}
		return new WP_Error( 'rest_not_logged_in', 'Only signed-in users may use the REST API on this site.', array( 'status' => 401 ) );
	}
);

// As a maintenance plugin, or a site moved elsewhere, answers a visitor before WordPress routes the request.
add_action(
	'init',
	static function () {
		$fault = svc_test_client_fault();
		if ( ! in_array( $fault, array( 'maintenance', 'moved' ), true ) || svc_test_client_fault_exempt() ) {
			return;
		}
		if ( 'moved' === $fault ) {
			$to   = defined( 'SVC_CLIENT_SERVER' ) ? (string) SVC_CLIENT_SERVER : 'http://localhost:8888';
			$path = isset( $_SERVER['REQUEST_URI'] ) ? esc_url_raw( wp_unslash( $_SERVER['REQUEST_URI'] ) ) : '/';
			wp_redirect( rtrim( $to, '/' ) . $path, 301, 'Svc client test' ); // phpcs:ignore WordPress.Security.SafeRedirect.wp_redirect_wp_redirect -- the site moved to another host: that is the point.
			exit;
		}
		status_header( 503 );
		header( 'Retry-After: 600' );
		header( 'Content-Type: text/html; charset=utf-8' );
		echo '<!DOCTYPE html><html><head><title>Maintenance</title></head><body><h1>Briefly unavailable for scheduled maintenance.</h1><p>Check back in a minute.</p></body></html>';
		exit;
	},
	0
);

add_action(
	'rest_api_init',
	static function () {
		// Switches the fault: mode '', rest_closed, maintenance or moved.
		register_rest_route(
			'svc-client-test/v1',
			'/fault',
			array(
				'methods'             => 'POST',
				'permission_callback' => static function ( WP_REST_Request $request ) {
					return hash_equals( (string) SVC_TEST_HELPERS_TOKEN, (string) $request->get_header( 'x-svc-test-token' ) );
				},
				'callback'            => static function ( WP_REST_Request $request ) {
					$mode = (string) $request->get_param( 'mode' );
					if ( ! in_array( $mode, array( '', 'rest_closed', 'maintenance', 'moved' ), true ) ) {
						return new WP_Error( 'bad_mode', 'mode is "", "rest_closed", "maintenance" or "moved".', array( 'status' => 400 ) );
					}
					update_option( 'svc_client_test_fault', $mode, true );
					return array( 'mode' => $mode );
				},
			)
		);
	}
);
