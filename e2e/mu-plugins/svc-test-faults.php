<?php
/**
 * Test sites only: a seller's own mistakes, made for real on this run's licence service, for
 * e2e/client/server-faults.spec.ts. POST svc-test/v1/permalinks sets the permalink structure ('' is plain
 * permalinks, where /wp-json/ is no longer WordPress' REST API) and flushes the rewrite rules, as saving
 * Settings → Permalinks does. Call it as /?rest_route=/svc-test/v1/permalinks: that form works with plain
 * permalinks too, so the test can put the structure back.
 *
 * @package SvcLicensing
 */

defined( 'ABSPATH' ) || exit;

if ( ! defined( 'SVC_TEST_HELPERS_TOKEN' ) || 'local' !== wp_get_environment_type() ) {
	return;
}

add_action(
	'rest_api_init',
	static function () {
		register_rest_route(
			'svc-test/v1',
			'/permalinks',
			array(
				'methods'             => 'POST',
				'permission_callback' => static function ( WP_REST_Request $request ) {
					return hash_equals( (string) SVC_TEST_HELPERS_TOKEN, (string) $request->get_header( 'x-svc-test-token' ) );
				},
				'callback'            => static function ( WP_REST_Request $request ) {
					global $wp_rewrite;
					$previous  = (string) get_option( 'permalink_structure' );
					$structure = (string) $request->get_param( 'structure' );
					$wp_rewrite->set_permalink_structure( $structure );
					flush_rewrite_rules( false );
					return array(
						'previous'  => $previous,
						'structure' => (string) get_option( 'permalink_structure' ),
					);
				},
			)
		);
	}
);
