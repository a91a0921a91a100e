<?php
/**
 * The REST namespace.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use Svc\Licensing\Domain\Http\RoutePath;
use WP_REST_Request;

/**
 * Where the service lives in WordPress' REST API.
 */
final class Api {
	public const NAMESPACE = RoutePath::NAMESPACE;

	/**
	 * Route arg of a numeric {id} in the path.
	 */
	public const ID_ARG = array(
		'id' => array(
			'type'    => 'integer',
			'minimum' => 1,
		),
	);

	/**
	 * Whether a REST route (as WP_REST_Request::get_route() gives it) belongs to the namespace, in any letter
	 * case, as WordPress' router treats it.
	 *
	 * @param string $route Route, e.g. /svc/v1/health or /SVC/V1/Health.
	 */
	public static function owns_route( string $route ): bool {
		return RoutePath::in_namespace( self::NAMESPACE, $route );
	}

	/**
	 * The registered route of the namespace that WordPress' router will dispatch the request to, e.g.
	 * /svc/v1/licenses/validate for /SVC/v1/Licenses/Validate; null when the request is not for one of ours.
	 * Every rule keyed by route asks this, never the path as written.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public static function route_of( WP_REST_Request $request ): ?string {
		static $matched = array();
		$path           = (string) $request->get_route();
		if ( ! self::owns_route( $path ) ) {
			return null;
		}
		if ( ! array_key_exists( $path, $matched ) ) {
			$matched[ $path ] = RoutePath::match( array_keys( rest_get_server()->get_routes( self::NAMESPACE ) ), $path );
		}
		return $matched[ $path ];
	}
}
