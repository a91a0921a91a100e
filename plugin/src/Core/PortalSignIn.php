<?php
/**
 * The customer portal's sign-in: a one-time link by mail, then a signed session cookie.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Core;

use Svc\Licensing\Domain\Email;
use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\Portal\Account;
use Svc\Licensing\Domain\Portal\InvalidPortalSession;
use Svc\Licensing\Domain\Portal\PortalClaims;
use Svc\Licensing\Domain\Portal\PortalSession;
use Svc\Licensing\Domain\Portal\SignInLink;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\Hooks;
use Svc\Licensing\Storage\KeySecret;
use Svc\Licensing\Storage\LicenseRepository;
use Svc\Licensing\Storage\PortalLinkRepository;
use Svc\Licensing\Storage\PortalSessionRepository;
use Svc\Licensing\Storage\Settings;
use Svc\Licensing\Storage\UserPreferences;
use WP_Session_Tokens;

/**
 * A link is asked for with an email. Whether the email has licences never shows in the answer or its timing: after
 * the response, a known one gets a stored link and a mail, an unknown one neither. The link's token is used once
 * (PortalLinkRepository::consume) and gives a session (Domain\Portal\PortalSession), signed with a key derived from
 * the server's key secret, as download links are, and open only while its row in PortalSessionRepository is: signing
 * out closes it, and a new key for a licence or its revocation (Hooks::LICENSE_KEY_VOIDED) closes every session of the
 * licence's email, on every web node (a customer's own new key all but the session that asked). Every time is the
 * caller's $now.
 *
 * A signed-in WordPress account is no proof of its email: WordPress never checks that address, and a store's
 * registration signs a new account in at once. An account opens the portal of its email only after it opened a
 * mailed link for that email while signed in (remembered per user and site, and void once the account's email
 * changes), or when the seller trusts accounts (setting portal_trust_accounts, off by default); never for a user
 * who is not a member of this site.
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
	 * Settings (whether accounts are trusted).
	 *
	 * @var Settings
	 */
	private $settings;

	/**
	 * The emails accounts proved.
	 *
	 * @var UserPreferences
	 */
	private $preferences;

	/**
	 * Runs the link's lookup and mail after the response.
	 *
	 * @var AfterResponse
	 */
	private $after;

	/**
	 * The open sessions.
	 *
	 * @var PortalSessionRepository
	 */
	private $open;

	/**
	 * Constructor.
	 *
	 * @param PortalLinkRepository    $links       Sign-in links.
	 * @param LicenseRepository       $licenses    Licences.
	 * @param KeySecret               $secret      Server secret.
	 * @param Settings                $settings    Settings.
	 * @param UserPreferences         $preferences The emails accounts proved.
	 * @param AfterResponse           $after       Runs the link's lookup and mail after the response.
	 * @param PortalSessionRepository $open        The open sessions.
	 */
	public function __construct( PortalLinkRepository $links, LicenseRepository $licenses, KeySecret $secret, Settings $settings, UserPreferences $preferences, AfterResponse $after, PortalSessionRepository $open ) {
		$this->links       = $links;
		$this->licenses    = $licenses;
		$this->secret      = $secret;
		$this->settings    = $settings;
		$this->preferences = $preferences;
		$this->after       = $after;
		$this->open        = $open;
	}

	/**
	 * Sends a sign-in link to an email that has licences; does nothing else for one that has none. Both take the
	 * same path in the request, a job queued for after the response (AfterResponse), so neither the answer nor its
	 * timing says whether the address has licences: the job looks the address up, stores the link and mails it.
	 *
	 * @param string $address    Normalised email.
	 * @param string $return_url The page the customer asked from, as sent ('' for none).
	 * @param int    $now        Unix time.
	 */
	public function request_link( string $address, string $return_url, int $now ): void {
		$this->after->queue(
			'portal_link',
			function () use ( $address, $return_url, $now ): void {
				$this->send_link( $address, $return_url, $now );
			}
		);
	}

	/**
	 * The queued half of request_link().
	 *
	 * @param string $address    Normalised email.
	 * @param string $return_url The page the customer asked from.
	 * @param int    $now        Unix time.
	 */
	private function send_link( string $address, string $return_url, int $now ): void {
		if ( empty( $this->licenses->of_customer( $address ) ) ) {
			return;
		}
		$token = SignInLink::new_token();
		$this->links->create( (string) SignInLink::hash( $token ), $address, $now, SignInLink::expires( $now ) );
		wp_mail(
			$address,
			/* translators: %s: site name. */
			sprintf( __( 'Your sign-in link for %s', 'svc-licensing' ), wp_specialchars_decode( (string) get_bloginfo( 'name' ), ENT_QUOTES ) ),
			sprintf(
				/* translators: 1: sign-in link, 2: minutes it works for. */
				__( "Open this link to see your licences:\n\n%1\$s\n\nIt works once, for %2\$d minutes. If you did not ask for it, you can ignore this mail.", 'svc-licensing' ),
				add_query_arg( SignInLink::QUERY_ARG, $token, self::return_url( $return_url ) ),
				intdiv( SignInLink::LIFETIME, 60 )
			)
		);
	}

	/**
	 * Uses a link's token: a new session for its email. Opened by a signed-in member of this site whose account has
	 * that email, it also proves the email for the account.
	 *
	 * @param string  $token   Token from the link.
	 * @param int     $now     Unix time.
	 * @param Account $account Who is signed in to WordPress (Account::nobody() for a visitor).
	 * @return array{0: string, 1: PortalClaims} The cookie's value and what it says.
	 * @throws ServiceError 400 portal_link_invalid when the token is unknown, used or expired.
	 */
	public function sign_in( string $token, int $now, Account $account ): array {
		$hash  = SignInLink::hash( $token );
		$email = null === $hash ? null : $this->links->consume( $hash, $now );
		if ( null === $email ) {
			throw new ServiceError( ErrorCode::PORTAL_LINK_INVALID, __( 'This sign-in link has expired or was already used. Ask for a new one.', 'svc-licensing' ) );
		}
		if ( $account->member && Email::normalise( $account->email ) === $email ) {
			$this->preferences->set_portal_proven_email( $account->user_id, $email );
		}
		$cookie = $this->sessions()->issue( $email, $now );
		$claims = $this->sessions()->verify( $cookie, $now );
		$this->open->open( PortalSession::record_id( $claims ), $email, $now, $claims->expires );
		return array( $cookie, $claims );
	}

	/**
	 * What a session cookie says, if this server signed it and the session is still open.
	 *
	 * @param string $cookie Cookie value.
	 * @param int    $now    Unix time.
	 * @throws ServiceError 401 portal_signed_out otherwise (also once it was closed before its end).
	 */
	public function session( string $cookie, int $now ): PortalClaims {
		try {
			$claims = $this->sessions()->verify( $cookie, $now );
		} catch ( InvalidPortalSession $refused ) {
			throw self::signed_out();
		}
		if ( ! $this->open->is_open( PortalSession::record_id( $claims ), $claims->email, $now ) ) {
			throw self::signed_out();
		}
		return $claims;
	}

	/**
	 * Signing out: closes a link's session (an account's session ends with WordPress' log-out).
	 *
	 * @param PortalClaims $claims Session.
	 */
	public function sign_out( PortalClaims $claims ): void {
		if ( $claims->by_link ) {
			$this->open->close( PortalSession::record_id( $claims ) );
		}
	}

	/**
	 * Closes every session of a licence's email: its key was replaced or the licence revoked.
	 *
	 * @param int $license_id Licence.
	 */
	public function close_sessions_of_license( int $license_id ): void {
		$license = $this->licenses->find( $license_id );
		// As stored: the portal matches a session's email to its licences' customer_email exactly.
		$email = null === $license ? '' : (string) $license['customer_email'];
		if ( '' !== $email ) {
			$this->open->close_email( $email );
		}
	}

	/**
	 * Opens again the session in which the customer got a new key, which closed every session of the email: the
	 * others stay closed (a copy of a cookie someone else holds ends), this one was opened by a mailed link within
	 * the last 15 minutes (assert_fresh) and keeps its end.
	 *
	 * @param PortalClaims $claims The session that asked for the new key.
	 * @param int          $now    Unix time.
	 */
	public function keep_open( PortalClaims $claims, int $now ): void {
		if ( $claims->by_link ) {
			$this->open->open( PortalSession::record_id( $claims ), $claims->email, $now, $claims->expires );
		}
	}

	/**
	 * Hooks: a licence's key voided closes its email's sessions.
	 */
	public function add_hooks(): void {
		add_action(
			Hooks::LICENSE_KEY_VOIDED,
			function ( $license_id ): void {
				$this->close_sessions_of_license( (int) $license_id );
			}
		);
	}

	/**
	 * Who is signed in to WordPress now, as the portal sees them: Account::nobody() for a visitor.
	 *
	 * @param int $now Unix time (a login session whose end cannot be read ends a portal lifetime from now).
	 */
	public static function current_account( int $now ): Account {
		$user = wp_get_current_user();
		if ( 0 === $user->ID ) {
			return Account::nobody();
		}
		$token   = wp_get_session_token();
		$session = '' === $token ? null : WP_Session_Tokens::get_instance( $user->ID )->get( $token );
		return new Account(
			$user->ID,
			(string) $user->user_email,
			is_user_member_of_blog( $user->ID ),
			$token,
			is_array( $session ) && isset( $session['expiration'] ) ? (int) $session['expiration'] : $now + PortalSession::LIFETIME
		);
	}

	/**
	 * The email a signed-in account may open the portal of: its own, once proven or when accounts are trusted;
	 * null otherwise.
	 *
	 * @param Account $account Who is signed in.
	 */
	public function account_email( Account $account ): ?string {
		$address = Email::normalise( $account->email );
		if ( null === $address || 0 === $account->user_id || ! $account->member ) {
			return null;
		}
		if ( $this->settings->portal_trust_accounts() || hash_equals( $this->preferences->portal_proven_email( $account->user_id ), $address ) ) {
			return $address;
		}
		return null;
	}

	/**
	 * The session of a signed-in WordPress account, bound to its login session (the CSRF token changes when the user
	 * signs in again).
	 *
	 * @param Account $account Who is signed in.
	 * @throws ServiceError 401 portal_signed_out when the account may not open the portal of its email (yet).
	 */
	public function account_session( Account $account ): PortalClaims {
		$address = $this->account_email( $account );
		if ( null === $address ) {
			throw new ServiceError( ErrorCode::PORTAL_SIGNED_OUT, __( 'Confirm your email address once: ask for a sign-in link and open it while you are signed in.', 'svc-licensing' ) );
		}
		return new PortalClaims( $address, $account->session_expires, 'wp-user|' . $account->user_id . '|' . $account->session_token, false );
	}

	/**
	 * Refuses a change that cannot be undone on the customer's sites (a new key) unless a mailed link opened the
	 * session within the last 15 minutes.
	 *
	 * @param PortalClaims $claims Session.
	 * @param int          $now    Unix time.
	 * @throws ServiceError 403 portal_fresh_link_required.
	 */
	public function assert_fresh( PortalClaims $claims, int $now ): void {
		if ( ! $claims->fresh( $now ) ) {
			throw new ServiceError( ErrorCode::PORTAL_FRESH_LINK, __( 'A new key stops the old one on every site, so it needs a fresh sign-in: ask for a sign-in link, open it, and get the new key within 15 minutes.', 'svc-licensing' ) );
		}
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
	 * Where the link leads: the page the customer asked from when it is on this site's host and port, else the home
	 * page; always with the site's own scheme (issue 40: an `http://` page of an https site would send the one-time
	 * token in the clear).
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
		return $same ? set_url_scheme( remove_query_arg( SignInLink::QUERY_ARG, $given ), (string) ( $site['scheme'] ?? 'https' ) ) : $home;
	}

	/**
	 * The session signer, keyed by a key derived from the server secret.
	 */
	private function sessions(): PortalSession {
		return new PortalSession( hash_hmac( 'sha256', 'svc-licensing portal sessions v1', $this->secret->get(), true ) );
	}
}
