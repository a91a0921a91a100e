<?php
/**
 * The customer portal's sign-in: a one-time link by mail, then a signed session cookie.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Core;

use Svc\Licensing\Domain\Email;
use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\Portal\InvalidPortalSession;
use Svc\Licensing\Domain\Portal\PortalClaims;
use Svc\Licensing\Domain\Portal\PortalSession;
use Svc\Licensing\Domain\Portal\SignInLink;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\Storage\KeySecret;
use Svc\Licensing\Storage\LicenseRepository;
use Svc\Licensing\Storage\PortalLinkRepository;

/**
 * A link is asked for with an email. Whether the email has licences never shows in the answer: a known one gets a
 * stored link and a mail, an unknown one neither, and both are answered alike. The link's token is used once
 * (PortalLinkRepository::consume) and gives a session (Domain\Portal\PortalSession), signed with a key derived from
 * the server's key secret, as download links are. Every time is the caller's $now.
 */
final class PortalSignIn {

	/**
	 * Sign-in links.
	 *
	 * @var PortalLinkRepository
	 */
	private $links;

	/**
	 * Licences (whether an email has any).
	 *
	 * @var LicenseRepository
	 */
	private $licenses;

	/**
	 * Server secret.
	 *
	 * @var KeySecret
	 */
	private $secret;

	/**
	 * Constructor.
	 *
	 * @param PortalLinkRepository $links    Sign-in links.
	 * @param LicenseRepository    $licenses Licences.
	 * @param KeySecret            $secret   Server secret.
	 */
	public function __construct( PortalLinkRepository $links, LicenseRepository $licenses, KeySecret $secret ) {
		$this->links    = $links;
		$this->licenses = $licenses;
		$this->secret   = $secret;
	}

	/**
	 * Sends a sign-in link to an email that has licences; does nothing else for one that has none.
	 *
	 * @param string $address    Normalised email.
	 * @param string $return_url The page the customer asked from, as sent ('' for none).
	 * @param int    $now        Unix time.
	 */
	public function request_link( string $address, string $return_url, int $now ): void {
		// The token is made either way, so both answers do the same work until the mail.
		$token = SignInLink::new_token();
		$hash  = (string) SignInLink::hash( $token );
		if ( empty( $this->licenses->of_customer( $address ) ) ) {
			return;
		}
		$this->links->create( $hash, $address, $now, SignInLink::expires( $now ) );
		wp_mail(
			$address,
			/* translators: %s: site name. */
			sprintf( __( 'Your sign-in link for %s', 'svc-licensing' ), wp_specialchars_decode( (string) get_bloginfo( 'name' ), ENT_QUOTES ) ),
			sprintf(
				/* translators: 1: sign-in link, 2: minutes it works for. */
				__( "Open this link to see your licences:\n\n%1\$s\n\nIt works once, for %2\$d minutes. If you did not ask for it, you can ignore this mail.", 'svc-licensing' ),
				add_query_arg( 'svc_portal_token', $token, self::return_url( $return_url ) ),
				intdiv( SignInLink::LIFETIME, 60 )
			)
		);
	}

	/**
	 * Uses a link's token: a new session for its email.
	 *
	 * @param string $token Token from the link.
	 * @param int    $now   Unix time.
	 * @return array{0: string, 1: PortalClaims} The cookie's value and what it says.
	 * @throws ServiceError 400 portal_link_invalid when the token is unknown, used or expired.
	 */
	public function sign_in( string $token, int $now ): array {
		$hash  = SignInLink::hash( $token );
		$email = null === $hash ? null : $this->links->consume( $hash, $now );
		if ( null === $email ) {
			throw new ServiceError( ErrorCode::PORTAL_LINK_INVALID, __( 'This sign-in link has expired or was already used. Ask for a new one.', 'svc-licensing' ) );
		}
		$cookie = $this->sessions()->issue( $email, $now );
		return array( $cookie, $this->session( $cookie, $now ) );
	}

	/**
	 * What a session cookie says, if this server signed it and it has not ended.
	 *
	 * @param string $cookie Cookie value.
	 * @param int    $now    Unix time.
	 * @throws ServiceError 401 portal_signed_out otherwise.
	 */
	public function session( string $cookie, int $now ): PortalClaims {
		try {
			return $this->sessions()->verify( $cookie, $now );
		} catch ( InvalidPortalSession $refused ) {
			throw self::signed_out();
		}
	}

	/**
	 * The session of a signed-in WordPress user: their account email, bound to their login session (the CSRF
	 * token changes when they sign in again).
	 *
	 * @param string $email         Account email, as stored.
	 * @param string $login_session The login session's id (wp_get_session_token()) and user id.
	 * @param int    $expires       When the login session ends (unix time).
	 * @throws ServiceError 401 portal_signed_out when the account's email is not an address.
	 */
	public static function user_session( string $email, string $login_session, int $expires ): PortalClaims {
		$address = Email::normalise( $email );
		if ( null === $address ) {
			throw self::signed_out();
		}
		return new PortalClaims( $address, $expires, 'wp-user|' . $login_session );
	}

	/**
	 * The CSRF token of a session.
	 *
	 * @param PortalClaims $claims Session.
	 */
	public function csrf( PortalClaims $claims ): string {
		return $this->sessions()->csrf( $claims );
	}

	/**
	 * Refuses a state-changing request whose CSRF token is not its session's.
	 *
	 * @param PortalClaims $claims Session.
	 * @param string       $given  The request's X-Svc-Portal-Csrf header.
	 * @throws ServiceError 403 portal_csrf.
	 */
	public function assert_csrf( PortalClaims $claims, string $given ): void {
		if ( ! $this->sessions()->csrf_matches( $claims, $given ) ) {
			throw new ServiceError( ErrorCode::PORTAL_CSRF, __( 'This request did not come from your portal page. Reload the page and try again.', 'svc-licensing' ) );
		}
	}

	/**
	 * The 401 of a request without a valid session.
	 */
	public static function signed_out(): ServiceError {
		return new ServiceError( ErrorCode::PORTAL_SIGNED_OUT, __( 'You are signed out. Ask for a sign-in link to see your licences.', 'svc-licensing' ) );
	}

	/**
	 * Where the link leads: the page the customer asked from when it is on this site's host, else the home page.
	 *
	 * @param string $given The return_url sent.
	 */
	private static function return_url( string $given ): string {
		$home = home_url( '/' );
		if ( '' === $given || strlen( $given ) > 2048 ) {
			return $home;
		}
		$url  = wp_parse_url( $given );
		$site = wp_parse_url( $home );
		$same = is_array( $url ) && is_array( $site ) && in_array( $url['scheme'] ?? '', array( 'http', 'https' ), true )
			&& strtolower( (string) ( $url['host'] ?? '' ) ) === strtolower( (string) ( $site['host'] ?? '' ) )
			&& ( $url['port'] ?? null ) === ( $site['port'] ?? null ) && ! isset( $url['user'] ) && ! isset( $url['pass'] );
		return $same ? remove_query_arg( 'svc_portal_token', $given ) : $home;
	}

	/**
	 * The session signer, keyed by a key derived from the server secret.
	 */
	private function sessions(): PortalSession {
		return new PortalSession( hash_hmac( 'sha256', 'svc-licensing portal sessions v1', $this->secret->get(), true ) );
	}
}
