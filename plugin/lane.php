<?php
/**
 * The fast lane's entry, included by the must-use loader (see src/Lane/Loader.php). Not a plugin of its own.
 *
 * @package SvcLicensing
 */

defined( 'ABSPATH' ) || exit;

/**
 * The lane's entry, API version 1 (Svc\Licensing\Lane\Loader::ENTRY). Answers the request and ends it when it is
 * one of the lane's routes, or an old client's call (edd_action, slm_action) whose protocol is on, and the lane may
 * answer it; returns, and WordPress loads as usual, in every other case. Costs a string comparison for every other
 * request (and a look for two field names when it has any).
 *
 * Its parameters never change: a change is a new entry (svc_licensing_lane_v2) and a new Loader::ENTRY. The
 * loader calls its entry only when it exists, so one written by another plugin version stands aside.
 *
 * @param string $loader_version Plugin version the loader was written for.
 * @param string $basename       The plugin's basename, e.g. svc-licensing/svc-licensing.php.
 */
function svc_licensing_lane_v1( string $loader_version, string $basename ): void {
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
	// An old client's call (EDD SL's edd_action, SLM's slm_action) on any front URL, as their adapters read it on
	// init. A request without any field costs nothing more; one that also names a REST route is left to WordPress.
	$old = false;
	if ( array() !== $_GET || array() !== $_POST ) {
		require_once __DIR__ . '/src/Domain/MoveIn/OldProtocolRequest.php';
		$old = Svc\Licensing\Domain\MoveIn\OldProtocolRequest::present( $_GET, $_POST );
	}
	if ( ( null === $route && ! $old ) || ( null !== $route && $old ) ) {
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
		! Svc\Licensing\Lane\Loader::wanted( new Svc\Licensing\Storage\Settings() )
		|| ! Svc\Licensing\Lane\FastLane::can_answer( $_SERVER, $_GET, $_COOKIE, $_POST )
		|| ! Svc\Licensing\Lane\FastLane::schema_is_current()
	) {
		return;
	}
	// phpcs:enable
	if ( $old ) {
		// Only when the protocol's adapter wants the call (its setting on): otherwise WordPress gets it untouched.
		$adapter = Svc\Licensing\Lane\FastLane::old_protocol( new Svc\Licensing\ClientApi( $GLOBALS['wpdb'] ) );
		if ( null === $adapter ) {
			return;
		}
		define( 'SVC_LICENSING_LANE', true );
		define( 'SVC_LICENSING_LANE_QUERIES_BEFORE', (int) $GLOBALS['wpdb']->num_queries );
		Svc\Licensing\Lane\FastLane::serve_old_protocol( $adapter );
		exit;
	}
	define( 'SVC_LICENSING_LANE', true );
	// What WordPress itself queried before the lane ran (its autoloaded options), for the test sites' query count.
	define( 'SVC_LICENSING_LANE_QUERIES_BEFORE', (int) $GLOBALS['wpdb']->num_queries );
	Svc\Licensing\Lane\FastLane::serve( (string) $route );
	exit;
}

/**
 * The entry loaders called, unguarded, before the entry was versioned. Such a loader is never this version's, so
 * it stands aside until an administrator's admin page rewrites it. Keep this function, and keep it taking whatever
 * it is given: a loader left on disk that calls a missing function would stop every request to the site.
 */
function svc_licensing_lane(): void {
}
