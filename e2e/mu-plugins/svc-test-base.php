<?php
/**
 * Plugin Name: Licence Service test helpers: base
 * Description: What every test helper file here shares: whether helpers run at all (a token the stack wrote into
 *              wp-config.php, on a local site), the token check for routes and request headers, and the one place
 *              routes under svc-test/v1 are registered. The stack links each file of this folder into test sites
 *              only; every other file requires this one first, so the order WordPress loads them in does not matter.
 *
 * @package SvcLicensing
 */

defined( 'ABSPATH' ) || exit;

/**
 * Whether the test helpers run on this site: only with the stack's token, on a local site.
 */
function svc_test_enabled(): bool {
	return defined( 'SVC_TEST_HELPERS_TOKEN' ) && 'local' === wp_get_environment_type();
}

/**
 * Whether a value is the site's test token.
 *
 * @param mixed $value A header's value.
 */
function svc_test_is_token( $value ): bool {
	return svc_test_enabled() && is_string( $value ) && hash_equals( (string) SVC_TEST_HELPERS_TOKEN, $value );
}

/**
 * Whether this request carries the test token in a header (X-Svc-Test-No-Cron and the like: a per-request switch
 * read before WordPress routes anything).
 *
 * @param string $header Header name, as HTTP_... in $_SERVER.
 */
function svc_test_header_has_token( string $header ): bool {
	// phpcs:ignore WordPress.Security.ValidatedSanitizedInput -- compared only.
	return isset( $_SERVER[ $header ] ) && svc_test_is_token( (string) $_SERVER[ $header ] );
}

/**
 * Whether the REST request carries the test token (the permission of every test route).
 *
 * @param WP_REST_Request $request Request.
 */
function svc_test_helpers_authorised( WP_REST_Request $request ): bool {
	return svc_test_is_token( (string) $request->get_header( 'x-svc-test-token' ) );
}

/**
 * Registers routes when the REST API starts, each endpoint guarded by the test token.
 *
 * Each entry is path => one endpoint (methods, callback, args) or a list of them, as register_rest_route() takes
 * them, without permission_callback. Routes built from the plugin's classes, which may be absent, come from a
 * function that answers them when the REST API starts.
 *
 * @param array<string, array<mixed>>|Closure $routes    The entries, or a function that answers them.
 * @param string                              $namespace Namespace; svc-test/v1 unless a route must sit in another.
 */
function svc_test_routes( $routes, string $namespace = 'svc-test/v1' ): void {
	add_action(
		'rest_api_init',
		static function () use ( $routes, $namespace ): void {
			foreach ( (array) ( $routes instanceof Closure ? $routes() : $routes ) as $path => $endpoints ) {
				$guarded = isset( $endpoints['callback'] ) ? array( $endpoints ) : $endpoints;
				foreach ( $guarded as $i => $endpoint ) {
					$guarded[ $i ]['permission_callback'] = 'svc_test_helpers_authorised';
				}
				register_rest_route( $namespace, $path, $guarded );
			}
		}
	);
}

if ( ! svc_test_enabled() ) {
	return;
}

// The helpers use the plugin's classes, also while the lifecycle test has the plugin deactivated. While the
// uninstall test has deleted the plugin, only the routes that need no plugin class are of use.
if ( is_file( WP_PLUGIN_DIR . '/svc-licensing/src/autoload.php' ) ) {
	require_once WP_PLUGIN_DIR . '/svc-licensing/src/autoload.php';
}

// The fast lane's must-use loader (plugin/src/Lane/Loader.php), named here too: the helpers also run while the
// plugin is deleted. The lane helpers change it; the lifecycle helpers report whether it is there.
define( 'SVC_TEST_LANE_LOADER', WPMU_PLUGIN_DIR . '/zz-svc-licensing-lane.php' );
