<?php
/**
 * The REST namespace.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

/**
 * Where the service lives in WordPress' REST API.
 */
final class Api {
	public const NAMESPACE = 'svc/v1';

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
	 * Whether a REST route (as WP_REST_Request::get_route() gives it) belongs to the namespace.
	 *
	 * @param string $route Route, e.g. /svc/v1/health.
	 */
	public static function owns_route( string $route ): bool {
		$base = '/' . self::NAMESPACE;
		return $route === $base || 0 === strpos( $route, $base . '/' );
	}
}
