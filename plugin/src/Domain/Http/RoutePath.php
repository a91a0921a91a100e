<?php
/**
 * Which route of a namespace a request path reaches, decided the way WordPress' REST router decides it.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Http;

/**
 * WordPress matches a request path against each registered route pattern with `preg_match( '@^' . $pattern .
 * '$@i' )`: in any letter case. Everything that asks "which of our routes is this" (rate limits, the error
 * envelope, the webhook's signature-first rule) must ask it the same way, or `/LICENSES/Validate` reaches the
 * route while skipping the rule.
 */
final class RoutePath {

	/**
	 * The service's REST namespace.
	 */
	public const NAMESPACE = 'svc/v1';

	/**
	 * The first pattern the path matches, as WordPress' router would pick it, or null.
	 *
	 * @param string[] $patterns Route patterns in registration order, e.g. /svc/v1/admin/licenses/(?P<id>\d+).
	 * @param string   $path     Request route, e.g. /SVC/v1/Licenses/Validate.
	 */
	public static function match( array $patterns, string $path ): ?string {
		foreach ( $patterns as $pattern ) {
			if ( 1 === preg_match( '@^' . $pattern . '$@i', $path ) ) {
				return $pattern;
			}
		}
		return null;
	}

	/**
	 * Whether a route lies in a namespace, in any letter case (as the router treats it).
	 *
	 * @param string $namespace Namespace, e.g. svc/v1.
	 * @param string $route     Request route, e.g. /SVC/V1/health.
	 */
	public static function in_namespace( string $namespace, string $route ): bool {
		$base  = '/' . strtolower( trim( $namespace, '/' ) );
		$route = strtolower( $route );
		return $route === $base || 0 === strpos( $route, $base . '/' );
	}

	/**
	 * Whether a path, as sent, has a `.` or `..` segment, also when its dots or slashes are percent-encoded
	 * (once or several times). Such a path names no route of ours: a server or a layer that resolves it would
	 * send the request to another route than the one written.
	 *
	 * @param string $path Raw path or route.
	 */
	public static function has_dot_segment( string $path ): bool {
		for ( $round = 0; $round < 4; $round++ ) {
			$segments = preg_split( '@[/\\\\]@', $path );
			foreach ( false === $segments ? array() : $segments as $segment ) {
				if ( '.' === $segment || '..' === $segment ) {
					return true;
				}
			}
			$decoded = rawurldecode( $path );
			if ( $decoded === $path ) {
				return false;
			}
			$path = $decoded;
		}
		return true;
	}
}
