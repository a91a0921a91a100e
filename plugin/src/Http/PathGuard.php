<?php
/**
 * Refuses requests whose path, as sent, has dot segments.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use Svc\Licensing\Domain\Http\RoutePath;
use WP_Error;
use WP_REST_Request;

/**
 * A route is matched on the path as sent. Some servers resolve `..` segments, even percent-encoded ones, before
 * WordPress sees the path (PHP's built-in server puts the resolved path in PATH_INFO, which WordPress prefers),
 * so `/admin/licenses/1/activations/..%2F..%2F1` could reach `/admin/licenses/1`. Whatever the server did, a
 * request for our namespace whose raw URI or route has a `.` or `..` segment names no route: 404, before any
 * limit, permission or callback runs.
 */
final class PathGuard {

	/**
	 * Hooks.
	 */
	public function add_hooks(): void {
		add_filter( 'rest_pre_dispatch', array( $this, 'check' ), 5, 3 );
	}

	/**
	 * The 404 for a dotted path of ours, or what came before.
	 *
	 * @param mixed           $result  Earlier short-circuit, if any.
	 * @param mixed           $server  Server.
	 * @param WP_REST_Request $request Request.
	 * @return mixed
	 */
	public function check( $result, $server, $request ) {
		unset( $server );
		if ( null !== $result || ! $request instanceof WP_REST_Request || ! Api::owns_route( $request->get_route() ) ) {
			return $result;
		}
		// phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- only inspected, never used or echoed.
		$uri  = isset( $_SERVER['REQUEST_URI'] ) ? wp_unslash( (string) $_SERVER['REQUEST_URI'] ) : '';
		$path = (string) wp_parse_url( $uri, PHP_URL_PATH );
		if ( ! RoutePath::has_dot_segment( $path ) && ! RoutePath::has_dot_segment( $request->get_route() ) ) {
			return $result;
		}
		return new WP_Error( 'rest_no_route', __( 'No route was found matching the URL and request method.', 'svc-licensing' ), array( 'status' => 404 ) );
	}
}
