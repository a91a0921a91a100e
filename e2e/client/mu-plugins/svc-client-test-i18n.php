<?php
/**
 * Client test sites only: the translations spec's switch, a user's own language (user meta `locale`, as the
 * Profile screen sets it; that screen lists only installed languages, and the test locale's core files are not).
 * Answers only with the site's test token.
 *
 * @package SvcLicensing
 */

defined( 'ABSPATH' ) || exit;

if ( ! defined( 'SVC_TEST_HELPERS_TOKEN' ) ) {
	return;
}

add_action(
	'rest_api_init',
	static function () {
		register_rest_route(
			'svc-client-test/v1',
			'/user-locale',
			array(
				'methods'             => 'POST',
				'permission_callback' => static function ( WP_REST_Request $request ) {
					return hash_equals( SVC_TEST_HELPERS_TOKEN, (string) $request->get_header( 'x-svc-test-token' ) );
				},
				'callback'            => static function ( WP_REST_Request $request ) {
					$user   = get_user_by( 'login', (string) $request->get_param( 'login' ) );
					$locale = (string) $request->get_param( 'locale' );
					if ( ! $user || ( '' !== $locale && ! preg_match( '/^[a-z]{2,3}(_[A-Z]{2})?$/', $locale ) ) ) {
						return new WP_Error( 'invalid', 'A user login and a locale such as de_DE (or empty).', array( 'status' => 400 ) );
					}
					if ( '' === $locale ) {
						delete_user_meta( $user->ID, 'locale' );
					} else {
						update_user_meta( $user->ID, 'locale', $locale );
					}
					return array( 'locale' => get_user_locale( $user->ID ) );
				},
			)
		);
	}
);
