<?php
/**
 * The customer portal's routes under /portal: sign-in by mailed link, the session, and the customer's licences.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use Svc\Licensing\Core\PortalLicenses;
use Svc\Licensing\Core\EmailField;
use Svc\Licensing\Core\PortalSignIn;
use Svc\Licensing\Domain\IsoTime;
use Svc\Licensing\Domain\Portal\Account;
use Svc\Licensing\Domain\Portal\PortalClaims;
use Svc\Licensing\Domain\ServiceError;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * Who is signed in: the svc_portal cookie (HttpOnly, SameSite=Lax, path /, Secure when this request or the site's home
 * URL is https) when it verifies and its session is open,
 * else a WordPress user signed in through REST cookie authentication (WordPress only treats a cookie request as
 * signed in when it carries a wp_rest nonce in X-WP-Nonce), with their account email once Core\PortalSignIn accepts
 * it (proven by a mailed link, or accounts trusted). Every state-changing route
 * also needs the session's CSRF token in X-Svc-Portal-Csrf. The routes answer in the spec's envelope; `now` comes
 * from PortalClock.
 */
final class PortalController implements Controller {
	public const COOKIE = 'svc_portal';

	/**
	 * The sign-in use cases.
	 *
	 * @var PortalSignIn
	 */
	private $sign_in;

	/**
	 * The customer's licences.
	 *
	 * @var PortalLicenses
	 */
	private $licenses;

	/**
	 * Rate limits (per email; the per-IP limit of /portal/link is counted before dispatch).
	 *
	 * @var RateLimiter
	 */
	private $limiter;

	/**
	 * Constructor.
	 *
	 * @param PortalSignIn   $sign_in  The sign-in use cases.
	 * @param PortalLicenses $licenses The customer's licences.
	 * @param RateLimiter    $limiter  Rate limits.
	 */
	public function __construct( PortalSignIn $sign_in, PortalLicenses $licenses, RateLimiter $limiter ) {
		$this->sign_in  = $sign_in;
		$this->licenses = $licenses;
		$this->limiter  = $limiter;
	}

	/**
	 * The routes, with their argument schemas.
	 *
	 * @return array<non-falsy-string, array<mixed>> Route => endpoint, or list of endpoints.
	 */
	public function routes(): array {
		$license    = '/portal/licenses/(?P<id>\d+)';
		$activation = array(
			'activation_id' => array(
				'type'    => 'integer',
				'minimum' => 1,
			),
		);
		return array(
			'/portal/link'         => self::endpoint(
				WP_REST_Server::CREATABLE,
				array( $this, 'request_link' ),
				array(
					'email'      => array(
						'description' => 'The customer\'s email; a link is sent to it if it has licences.',
						'type'        => 'string',
						'required'    => true,
						'maxLength'   => 320,
					),
					'return_url' => array(
						'description' => 'The page to come back to; on another host than this site, the home page.',
						'type'        => 'string',
						'maxLength'   => 2048,
					),
				)
			),
			'/portal/session'      => array(
				self::endpoint(
					WP_REST_Server::CREATABLE,
					array( $this, 'sign_in' ),
					array(
						'token' => array(
							'description' => 'The token of the mailed sign-in link (svc_portal_token).',
							'type'        => 'string',
							'required'    => true,
							'maxLength'   => 100,
						),
					)
				),
				self::endpoint( WP_REST_Server::READABLE, array( $this, 'current' ) ),
				self::endpoint( WP_REST_Server::DELETABLE, array( $this, 'sign_out' ) ),
			),
			'/portal/licenses'     => self::endpoint( WP_REST_Server::READABLE, array( $this, 'list_licenses' ) ),
			$license . '/activations/(?P<activation_id>\d+)/deactivate' => self::endpoint( WP_REST_Server::CREATABLE, array( $this, 'release' ), Api::ID_ARG + $activation ),
			$license . '/download' => self::endpoint( WP_REST_Server::CREATABLE, array( $this, 'download' ), Api::ID_ARG ),
			$license . '/rotate'   => self::endpoint( WP_REST_Server::CREATABLE, array( $this, 'rotate' ), Api::ID_ARG ),
		);
	}

	/**
	 * POST /portal/link: 202 with the same words whether or not the email has licences.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function request_link( WP_REST_Request $request ) {
		$address = EmailField::address( (string) $request->get_param( 'email' ) );
		$over    = $this->limiter->count( 'portal_link_email', $address );
		if ( null !== $over ) {
			return $over;
		}
		$this->sign_in->request_link( $address, (string) $request->get_param( 'return_url' ), PortalClock::now() );
		return self::answer( array( 'message' => __( 'If we know this address, we have sent a sign-in link to it.', 'svc-licensing' ) ), 202 );
	}

	/**
	 * POST /portal/session: uses a link's token, sets the session cookie.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function sign_in( WP_REST_Request $request ): WP_REST_Response {
		list( $cookie, $claims ) = $this->sign_in->sign_in( (string) $request->get_param( 'token' ), PortalClock::now(), self::account() );
		self::set_cookie( $cookie, $claims->expires );
		return self::answer( $this->session_answer( $claims ) );
	}

	/**
	 * GET /portal/session: who is signed in, and the CSRF token for changes.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function current( WP_REST_Request $request ): WP_REST_Response {
		unset( $request );
		return self::answer( $this->session_answer( $this->claims() ) );
	}

	/**
	 * DELETE /portal/session: closes the session and clears the cookie.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function sign_out( WP_REST_Request $request ): WP_REST_Response {
		$this->sign_in->sign_out( $this->changing( $request ) );
		self::set_cookie( '', 1 );
		return self::answer( array( 'signed_out' => true ) );
	}

	/**
	 * GET /portal/licenses.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function list_licenses( WP_REST_Request $request ): WP_REST_Response {
		unset( $request );
		return self::answer( $this->licenses->of_email( $this->claims()->email, PortalClock::now() ) );
	}

	/**
	 * POST /portal/licenses/{id}/activations/{activation_id}/deactivate.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function release( WP_REST_Request $request ): WP_REST_Response {
		$claims = $this->changing( $request );
		return self::answer( $this->licenses->release( $claims->email, (int) $request['id'], (int) $request['activation_id'], PortalClock::now() ) );
	}

	/**
	 * POST /portal/licenses/{id}/download.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function download( WP_REST_Request $request ): WP_REST_Response {
		$claims = $this->changing( $request );
		return self::answer( $this->licenses->download( $claims->email, (int) $request['id'], PortalClock::now() ) );
	}

	/**
	 * POST /portal/licenses/{id}/rotate: the new key closes every other session of the email.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function rotate( WP_REST_Request $request ): WP_REST_Response {
		$claims = $this->changing( $request );
		$now    = PortalClock::now();
		$this->sign_in->assert_fresh( $claims, $now );
		$answer = $this->licenses->rotate( $claims->email, (int) $request['id'] );
		$this->sign_in->keep_open( $claims, $now );
		return self::answer( $answer );
	}

	/**
	 * The session of a request: the portal cookie, else a signed-in WordPress user.
	 *
	 * @throws ServiceError 401 portal_signed_out.
	 */
	private function claims(): PortalClaims {
		$cookie  = isset( $_COOKIE[ self::COOKIE ] ) ? sanitize_text_field( wp_unslash( (string) $_COOKIE[ self::COOKIE ] ) ) : '';
		$now     = PortalClock::now();
		$account = self::account();
		if ( '' !== $cookie && ( 0 === $account->user_id || self::verifies( $this->sign_in, $cookie, $now ) ) ) {
			return $this->sign_in->session( $cookie, $now );
		}
		if ( 0 === $account->user_id ) {
			$signed_out = PortalSignIn::signed_out();
			throw $signed_out;
		}
		return $this->sign_in->account_session( $account );
	}

	/**
	 * Who is signed in to WordPress (REST cookie authentication), as the portal sees them.
	 */
	private static function account(): Account {
		return PortalSignIn::current_account( PortalClock::now() );
	}

	/**
	 * The session of a state-changing request, whose CSRF header must match it.
	 *
	 * @param WP_REST_Request $request Request.
	 * @throws ServiceError 401 portal_signed_out, 403 portal_csrf.
	 */
	private function changing( WP_REST_Request $request ): PortalClaims {
		$claims = $this->claims();
		$this->sign_in->assert_csrf( $claims, (string) $request->get_header( 'x-svc-portal-csrf' ) );
		return $claims;
	}

	/**
	 * Whether a cookie verifies (a signed-in user with a stale cookie gets their account's portal instead).
	 *
	 * @param PortalSignIn $sign_in Sign-in use cases.
	 * @param string       $cookie  Cookie value.
	 * @param int          $now     Unix time.
	 */
	private static function verifies( PortalSignIn $sign_in, string $cookie, int $now ): bool {
		try {
			$sign_in->session( $cookie, $now );
			return true;
		} catch ( ServiceError $refused ) {
			return false;
		}
	}

	/**
	 * The session answer: email, CSRF token and end.
	 *
	 * @param PortalClaims $claims Session.
	 * @return array{email: string, csrf: string, expires: string}
	 */
	private function session_answer( PortalClaims $claims ): array {
		return array(
			'email'   => $claims->email,
			'csrf'    => $this->sign_in->csrf( $claims ),
			'expires' => IsoTime::format( $claims->expires ),
		);
	}

	/**
	 * An answer no cache keeps: each is one customer's, chosen by a cookie a shared cache may not key on.
	 *
	 * @param mixed $data   Body.
	 * @param int   $status HTTP status.
	 */
	private static function answer( $data, int $status = 200 ): WP_REST_Response {
		$response = new WP_REST_Response( $data, $status );
		$response->header( 'Cache-Control', 'no-store, private' );
		$response->header( 'Vary', 'Cookie' );
		return $response;
	}

	/**
	 * Sets (or, with an expiry in the past, clears) the session cookie.
	 *
	 * @param string $value   Cookie value.
	 * @param int    $expires Unix time it ends.
	 */
	private static function set_cookie( string $value, int $expires ): void {
		if ( headers_sent() ) {
			return;
		}
		setcookie(
			self::COOKIE,
			$value,
			array(
				'expires'  => $expires,
				'path'     => '/',
				// Behind a proxy that ends TLS the request reaches PHP over http, yet the browser is on https.
				'secure'   => is_ssl() || 'https' === wp_parse_url( home_url(), PHP_URL_SCHEME ),
				'httponly' => true,
				'samesite' => 'Lax',
			)
		);
	}

	/**
	 * An endpoint open to anyone (the session is checked in the callback, so refusals use the envelope).
	 *
	 * @param string                              $methods  Methods.
	 * @param callable                            $callback Callback.
	 * @param array<string, array<string, mixed>> $args     Argument schema.
	 * @return array<string, mixed>
	 */
	private static function endpoint( string $methods, callable $callback, array $args = array() ): array {
		return array(
			'methods'             => $methods,
			'callback'            => ErrorResponder::wrap( $callback ),
			'permission_callback' => '__return_true',
			'args'                => $args,
		);
	}
}
