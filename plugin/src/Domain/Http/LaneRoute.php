<?php
/**
 * Which requests the fast lane answers: the client routes, recognised the way WordPress routes them.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Http;

/**
 * WordPress takes the REST route from a rest_route query or form field when one is present (both present and
 * different is its own 400), and otherwise from a /wp-json/ path under the home path when pretty permalinks are
 * on; it drops trailing slashes and matches the route in any letter case, while the wp-json prefix is case
 * sensitive. Anything this class cannot decide exactly as WordPress would (percent-encoded paths, index.php
 * permalinks, a rest_route that is not a string) is left to WordPress, which answers it the slow way.
 */
final class LaneRoute {

	/**
	 * The routes the lane answers, with their methods (the update check: GET for one product, POST for a batch).
	 */
	public const ROUTES = array(
		'/' . RoutePath::NAMESPACE . '/licenses/validate' => array( 'POST' ),
		'/' . RoutePath::NAMESPACE . '/licenses/activate' => array( 'POST' ),
		'/' . RoutePath::NAMESPACE . '/licenses/deactivate' => array( 'POST' ),
		'/' . RoutePath::NAMESPACE . '/licenses/move'     => array( 'POST' ),
		'/' . RoutePath::NAMESPACE . '/updates/check'     => array( 'GET', 'POST' ),
		'/' . RoutePath::NAMESPACE . '/updates/report'    => array( 'POST' ),
	);

	/**
	 * Routes with a parameter, as WordPress' router matches them (the pattern of DownloadController's route,
	 * anchored and case-insensitive), and their method.
	 */
	public const PATTERNS = array(
		'@^/' . RoutePath::NAMESPACE . '/downloads/(?P<product_slug>[^/]+)$@i' => 'GET',
	);

	/**
	 * The REST route of a request when it is one of ROUTES with one of its methods, as the caller wrote it; else null.
	 *
	 * @param string $method              Request method.
	 * @param string $request_uri         REQUEST_URI as received.
	 * @param mixed  $get_route           $_GET['rest_route'] or null.
	 * @param mixed  $post_route          $_POST['rest_route'] or null.
	 * @param string $home_path           Path of the home URL ('' at the root).
	 * @param string $permalink_structure The permalink_structure option.
	 */
	public static function of( string $method, string $request_uri, $get_route, $post_route, string $home_path, string $permalink_structure ): ?string {
		if ( null !== $get_route && null !== $post_route ) {
			return null;
		}
		$given = $post_route ?? $get_route;
		if ( null !== $given ) {
			$route = is_string( $given ) ? $given : null;
		} else {
			$route = self::from_path( $request_uri, $home_path, $permalink_structure );
		}
		if ( null === $route ) {
			return null;
		}
		$route = rtrim( $route, '/\\' );
		foreach ( self::ROUTES as $known => $known_methods ) {
			if ( 0 === strcasecmp( $known, $route ) ) {
				return in_array( $method, $known_methods, true ) ? $route : null;
			}
		}
		foreach ( self::PATTERNS as $pattern => $known_method ) {
			if ( 1 === preg_match( $pattern, $route ) ) {
				return $known_method === $method ? $route : null;
			}
		}
		return null;
	}

	/**
	 * The route in a /wp-json/ path, or null.
	 *
	 * @param string $request_uri         REQUEST_URI.
	 * @param string $home_path           Path of the home URL.
	 * @param string $permalink_structure The permalink_structure option.
	 */
	private static function from_path( string $request_uri, string $home_path, string $permalink_structure ): ?string {
		if ( '' === $permalink_structure || 0 === strpos( ltrim( $permalink_structure, '/' ), 'index.php' ) ) {
			return null;
		}
		$path = explode( '?', $request_uri, 2 )[0];
		if ( false !== strpbrk( $path, '%+' ) ) {
			return null;
		}
		$path = trim( $path, '/' );
		$home = trim( $home_path, '/' );
		if ( '' !== $home ) {
			if ( 0 !== strncasecmp( $path, $home, strlen( $home ) ) ) {
				return null;
			}
			$path = trim( substr( $path, strlen( $home ) ), '/' );
		}
		if ( 0 !== strpos( $path, 'wp-json/' ) ) {
			return null;
		}
		return '/' . substr( $path, strlen( 'wp-json/' ) );
	}
}
