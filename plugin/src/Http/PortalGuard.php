<?php
/**
 * The customer portal's rules for browsers: which page may start a session, who may read an answer, and what a page
 * holding a sign-in link tells other sites.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\Http\CrossSite;
use Svc\Licensing\Domain\Http\RoutePath;
use Svc\Licensing\Domain\Portal\SignInLink;
use Svc\Licensing\Domain\ServiceError;
use WP_HTTP_Response;
use WP_REST_Request;

/**
 * - Login CSRF: POST /portal/session must come from a script of this site's own pages. A request whose Origin (or,
 *   without one, Referer) names another origin, or whose body is not JSON (what an HTML form or a no-cors fetch of
 *   another site can send, a `?_method=POST` link included), is 403 portal_cross_site before anything is read, so
 *   another site's page cannot sign a visitor's browser into the attacker's session.
 * - No credentialed CORS: WordPress answers every REST route's request and preflight with the caller's Origin and
 *   Access-Control-Allow-Credentials; under /svc/v1/portal/ those headers are taken off again, so no other site's
 *   script can read a customer's answer or send them a preflighted request. Other routes keep WordPress' CORS.
 * - Referrer-Policy: no-referrer on every portal answer and on any page whose address carries a sign-in token, so the
 *   token never leaves in a Referer header (to an image, a font, an analytics script on that page).
 */
final class PortalGuard {

	/**
	 * The portal's part of the namespace.
	 */
	private const PORTAL = RoutePath::NAMESPACE . '/portal';

	/**
	 * The route that starts a session.
	 */
	private const SESSION = '/' . RoutePath::NAMESPACE . '/portal/session';

	/**
	 * The CORS headers WordPress' REST server and rest_send_cors_headers() send.
	 */
	private const CORS = array( 'Access-Control-Allow-Origin', 'Access-Control-Allow-Credentials', 'Access-Control-Allow-Methods', 'Access-Control-Allow-Headers', 'Access-Control-Expose-Headers' );

	/**
	 * Hooks.
	 */
	public function add_hooks(): void {
		add_filter( 'rest_pre_dispatch', array( $this, 'refuse_cross_site' ), 6, 3 );
		add_filter( 'rest_post_dispatch', array( $this, 'no_referrer' ), 10, 3 );
		// After WordPress' own rest_send_cors_headers (priority 10).
		add_filter( 'rest_pre_serve_request', array( $this, 'no_cors' ), 11, 3 );
		add_action( 'send_headers', array( $this, 'link_page' ) );
	}

	/**
	 * The 403 for a sign-in another site's page could have sent, or what came before.
	 *
	 * @param mixed           $result  Earlier short-circuit, if any.
	 * @param mixed           $server  Server.
	 * @param WP_REST_Request $request Request.
	 * @return mixed
	 */
	public function refuse_cross_site( $result, $server, $request ) {
		unset( $server );
		if ( null !== $result || ! $request instanceof WP_REST_Request || 'POST' !== $request->get_method() || self::SESSION !== Api::route_of( $request ) ) {
			return $result;
		}
		$foreign = CrossSite::from_another_origin( (string) $request->get_header( 'origin' ), (string) $request->get_header( 'referer' ), array( home_url(), site_url() ) );
		if ( ! $foreign && CrossSite::is_json( (string) $request->get_header( 'content-type' ) ) ) {
			return $result;
		}
		return ErrorResponder::from_service_error( new ServiceError( ErrorCode::PORTAL_CROSS_SITE, __( "This sign-in did not come from this site's own page. Open the link from your email again.", 'svc-licensing' ) ) );
	}

	/**
	 * Referrer-Policy: no-referrer on a portal answer.
	 *
	 * @param mixed           $response Response.
	 * @param mixed           $server   Server.
	 * @param WP_REST_Request $request  Request.
	 * @return mixed
	 */
	public function no_referrer( $response, $server, $request ) {
		unset( $server );
		if ( $response instanceof WP_HTTP_Response && $request instanceof WP_REST_Request && self::is_portal( $request ) ) {
			$response->header( 'Referrer-Policy', 'no-referrer' );
		}
		return $response;
	}

	/**
	 * Takes WordPress' CORS headers off a portal answer (a preflight's too).
	 *
	 * @param bool            $served  Whether the answer was served already.
	 * @param mixed           $result  Response.
	 * @param WP_REST_Request $request Request.
	 */
	public function no_cors( $served, $result, $request ): bool {
		unset( $result );
		if ( $request instanceof WP_REST_Request && self::is_portal( $request ) && ! headers_sent() ) {
			foreach ( self::CORS as $header ) {
				header_remove( $header );
			}
		}
		return (bool) $served;
	}

	/**
	 * Referrer-Policy: no-referrer on a page whose address carries a sign-in token (the page a mailed link opens).
	 */
	public function link_page(): void {
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- only whether it is there; never read.
		if ( isset( $_GET[ SignInLink::QUERY_ARG ] ) && ! headers_sent() ) {
			header( 'Referrer-Policy: no-referrer' );
		}
	}

	/**
	 * Whether a request is for the portal's routes, in any letter case (as the router treats it).
	 *
	 * @param WP_REST_Request $request Request.
	 */
	private static function is_portal( WP_REST_Request $request ): bool {
		return RoutePath::in_namespace( self::PORTAL, (string) $request->get_route() );
	}
}
