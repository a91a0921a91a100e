<?php
/**
 * The fast lane's entry, included by the must-use loader (see src/Lane/Loader.php). Not a plugin of its own.
 *
 * @package SvcLicensing
 */

defined( 'ABSPATH' ) || exit;

/**
 * Answers the request and ends it when it is one of the lane's routes and the lane may answer it; returns, and
 * WordPress loads as usual, in every other case. Costs a string comparison for every other request.
 *
 * @param string $loader_version Plugin version the loader was written for.
 * @param string $basename       The plugin's basename, e.g. svc-licensing/svc-licensing.php.
 */
function svc_licensing_lane( string $loader_version, string $basename ): void {
	// phpcs:disable WordPress.Security.NonceVerification, WordPress.Security.ValidatedSanitizedInput -- only compared, never stored or echoed.
	$route = null;
	if ( isset( $_SERVER['REQUEST_URI'], $_SERVER['REQUEST_METHOD'] ) ) {
		require_once __DIR__ . '/src/Domain/Http/RoutePath.php';
		require_once __DIR__ . '/src/Domain/Http/LaneRoute.php';
		$route = Svc\Licensing\Domain\Http\LaneRoute::of(
			(string) $_SERVER['REQUEST_METHOD'],
			(string) $_SERVER['REQUEST_URI'],
			isset( $_GET['rest_route'] ) ? wp_unslash( $_GET['rest_route'] ) : null,
			isset( $_POST['rest_route'] ) ? wp_unslash( $_POST['rest_route'] ) : null,
			(string) wp_parse_url( (string) get_option( 'home' ), PHP_URL_PATH ),
			(string) get_option( 'permalink_structure' )
		);
	}
	if ( null === $route ) {
		return;
	}
	if (
		( require __DIR__ . '/src/version.php' ) !== $loader_version
		|| ! in_array( $basename, (array) get_option( 'active_plugins', array() ), true )
	) {
		return;
	}
	require_once __DIR__ . '/src/autoload.php';
	if (
		! ( new Svc\Licensing\Storage\Settings() )->get( 'fast_lane' )
		|| ! Svc\Licensing\Lane\FastLane::can_answer( $_SERVER, $_GET, $_COOKIE, $_POST )
		|| ! Svc\Licensing\Lane\FastLane::schema_is_current()
	) {
		return;
	}
	// phpcs:enable
	define( 'SVC_LICENSING_LANE', true );
	// What WordPress itself queried before the lane ran (its autoloaded options), for the test sites' query count.
	define( 'SVC_LICENSING_LANE_QUERIES_BEFORE', (int) $GLOBALS['wpdb']->num_queries );
	Svc\Licensing\Lane\FastLane::serve( $route );
	exit;
}
