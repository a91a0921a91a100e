<?php
/**
 * The customer portal's session: a signed cookie and the CSRF token bound to it.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Portal;

use Svc\Licensing\Domain\Base64Url;

/**
 * A session is base64url(JSON {e: email, x: expiry, s: session id}) "." base64url(HMAC-SHA256). The signature
 * proves the server issued it, the expiry ends it, and the server keeps a row per open session (under record_id(),
 * the SHA-256 of the session id, so a copy of the database holds no live id): deleting the row ends the session
 * before its expiry, on every web node. The CSRF token is an HMAC of the session id under another label, so it is
 * worthless without the cookie and the cookie is worthless to a forged form without it. Keys are separated by
 * label: a download token or any other HMAC of this site never verifies as a session.
 */
final class PortalSession {
	public const LIFETIME = 4 * 3600;

	/** How recent a link's sign-in must be for a new key (PortalClaims::fresh). */
	public const FRESH = 15 * 60;

	private const MAX_LENGTH = 1024;

	/**
	 * Signing key.
	 *
	 * @var string
	 */
	private $key;

	/**
	 * Constructor.
	 *
	 * @param string $key Signing key (binary or hex, any length).
	 */
	public function __construct( string $key ) {
		$this->key = $key;
	}

	/**
	 * A session cookie's value for an email, valid from now for the lifetime.
	 *
	 * @param string $email Normalised email.
	 * @param int    $now   Unix time.
	 */
	public function issue( string $email, int $now ): string {
		$body = Base64Url::encode(
			// phpcs:ignore WordPress.WP.AlternativeFunctions.json_encode_json_encode -- pure domain code, no WordPress needed.
			(string) json_encode(
				array(
					'e' => $email,
					'x' => $now + self::LIFETIME,
					's' => Base64Url::encode( random_bytes( 16 ) ),
				)
			)
		);
		return $body . '.' . Base64Url::encode( $this->mac( 'session', $body ) );
	}

	/**
	 * The claims of a cookie this server signed and that has not expired.
	 *
	 * @param string $cookie Cookie value.
	 * @param int    $now    Unix time.
	 * @throws InvalidPortalSession When it is malformed, forged, altered or expired.
	 */
	public function verify( string $cookie, int $now ): PortalClaims {
		$parts = explode( '.', $cookie );
		if ( 2 !== count( $parts ) || '' === $parts[0] || strlen( $cookie ) > self::MAX_LENGTH ) {
			throw new InvalidPortalSession( InvalidPortalSession::MALFORMED );
		}
		$signature = Base64Url::decode( $parts[1] );
		if ( null === $signature || ! hash_equals( $this->mac( 'session', $parts[0] ), $signature ) ) {
			throw new InvalidPortalSession( InvalidPortalSession::SIGNATURE );
		}
		$json   = Base64Url::decode( $parts[0] );
		$claims = null === $json ? null : json_decode( $json, true );
		if ( ! is_array( $claims ) || ! is_string( $claims['e'] ?? null ) || ! is_int( $claims['x'] ?? null ) || ! is_string( $claims['s'] ?? null ) ) {
			throw new InvalidPortalSession( InvalidPortalSession::MALFORMED );
		}
		if ( $claims['x'] < $now ) {
			throw new InvalidPortalSession( InvalidPortalSession::EXPIRED );
		}
		return new PortalClaims( $claims['e'], $claims['x'], $claims['s'] );
	}

	/**
	 * What the server stores for a session: the hex SHA-256 of its id.
	 *
	 * @param PortalClaims $claims A verified session.
	 */
	public static function record_id( PortalClaims $claims ): string {
		return hash( 'sha256', $claims->session_id );
	}

	/**
	 * The CSRF token of a session: sent with the page, required on every change.
	 *
	 * @param PortalClaims $claims A verified session.
	 */
	public function csrf( PortalClaims $claims ): string {
		return Base64Url::encode( $this->mac( 'csrf', $claims->session_id ) );
	}

	/**
	 * Whether a request's CSRF token belongs to its session (constant time).
	 *
	 * @param PortalClaims $claims A verified session.
	 * @param string       $given  The request's token.
	 */
	public function csrf_matches( PortalClaims $claims, string $given ): bool {
		return '' !== $given && hash_equals( $this->csrf( $claims ), $given );
	}

	/**
	 * Raw HMAC of a text under a label.
	 *
	 * @param string $label What the MAC is for.
	 * @param string $text  Text.
	 */
	private function mac( string $label, string $text ): string {
		return hash_hmac( 'sha256', 'svc-portal-' . $label . '|' . $text, $this->key, true );
	}
}
