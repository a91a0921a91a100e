<?php
/**
 * Refuses requests of the namespace that name no route or carry a body of the wrong shape.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use Svc\Licensing\Domain\Http\RoutePath;
use WP_Error;
use WP_REST_Request;

/**
 * Paths: a route is matched on the path as sent. Some servers resolve `..` segments, even percent-encoded ones, before
 * WordPress sees the path (PHP's built-in server puts the resolved path in PATH_INFO, which WordPress prefers),
 * so `/admin/licenses/1/activations/..%2F..%2F1` could reach `/admin/licenses/1`. Whatever the server did, a
 * request for our namespace whose raw URI or route has a `.` or `..` segment names no route: 404, before any
 * limit, permission or callback runs.
 *
 * Bodies: WordPress ignores a JSON body that is a string, a number or a list, and runs the route as if nothing
 * were sent (a PUT then "succeeds" changing nothing). On our routes a JSON body must be an object; anything else
 * is the same 400 as JSON that does not parse (and, on the webhook route, comes after the signature like it).
 */
final class RequestGuard {

	/**
	 * Hooks.
	 */
	public function add_hooks(): void {
		add_filter( 'rest_pre_dispatch', array( $this, 'check_path' ), 5, 3 );
		add_filter( 'rest_request_before_callbacks', array( $this, 'check_body' ), 5, 3 );
	}

	/**
	 * The 404 for a dotted path of ours, or what came before.
	 *
	 * @param mixed           $result  Earlier short-circuit, if any.
	 * @param mixed           $server  Server.
	 * @param WP_REST_Request $request Request.
	 * @return mixed
	 */
	public function check_path( $result, $server, $request ) {
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

	/**
	 * WordPress' invalid-JSON error for a JSON body that is not an object, or what came before.
	 *
	 * @param mixed           $response Response so far.
	 * @param mixed           $handler  Route handler.
	 * @param WP_REST_Request $request  Request.
	 * @return mixed
	 */
	public function check_body( $response, $handler, $request ) {
		unset( $handler );
		if ( null !== $response || ! $request instanceof WP_REST_Request || ! Api::owns_route( $request->get_route() ) || ! $request->is_json_content_type() ) {
			return $response;
		}
		// WordPress parsed the body already and found it valid JSON (or $response would hold its error), so the
		// first character tells an object from a string, a number or a list; no second decode.
		$body = ltrim( (string) $request->get_body() );
		if ( '' === $body || '{' === $body[0] ) {
			return $response;
		}
		return new WP_Error( 'rest_invalid_json', __( 'The request body must be a JSON object.', 'svc-licensing' ), array( 'status' => 400 ) );
	}
}
