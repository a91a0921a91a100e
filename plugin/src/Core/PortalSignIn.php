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
use Svc\Licensing\Storage\KeySecret;
use Svc\Licensing\Storage\LicenseRepository;
use Svc\Licensing\Storage\PortalLinkRepository;
use Svc\Licensing\Storage\Settings;
use Svc\Licensing\Storage\UserPreferences;
use WP_Session_Tokens;

/**
 * A link is asked for with an email. Whether the email has licences never shows in the answer: a known one gets a
 * stored link and a mail, an unknown one neither, and both are answered alike. The link's token is used once
 * (PortalLinkRepository::consume) and gives a session (Domain\Portal\PortalSession), signed with a key derived from
 * the server's key secret, as download links are. Every time is the caller's $now.
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
	 * Constructor.
	 *
	 * @param PortalLinkRepository $links       Sign-in links.
	 * @param LicenseRepository    $licenses    Licences.
	 * @param KeySecret            $secret      Server secret.
	 * @param Settings             $settings    Settings.
	 * @param UserPreferences      $preferences The emails accounts proved.
	 */
	public function __construct( PortalLinkRepository $links, LicenseRepository $licenses, KeySecret $secret, Settings $settings, UserPreferences $preferences ) {
		$this->links       = $links;
		$this->licenses    = $licenses;
		$this->secret      = $secret;
		$this->settings    = $settings;
		$this->preferences = $preferences;
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
