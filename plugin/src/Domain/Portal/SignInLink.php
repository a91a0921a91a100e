<?php
/**
 * The customer portal's one-time sign-in link (a "magic link").
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Portal;

use Svc\Licensing\Domain\Base64Url;

/**
 * A link carries 32 random bytes (base64url, 43 characters). Only their SHA-256 is stored, so a copy of the
 * database signs nobody in. A link lasts 15 minutes and is used once: the store marks it used with one conditional
 * UPDATE (used_at IS NULL AND expires_at >= now), so two clicks racing each other sign in once.
 */
final class SignInLink {
	public const LIFETIME = 900;

	/** The query argument that carries the token in the mailed link. */
	public const QUERY_ARG = 'svc_portal_token';

	private const PATTERN = '/^[A-Za-z0-9_-]{43}$/';

	/**
	 * A new token, for the mail only.
	 */
	public static function new_token(): string {
		return Base64Url::encode( random_bytes( 32 ) );
	}

	/**
	 * What is stored for a token (hex SHA-256), or null when the text cannot be a token (so nothing is looked up).
	 *
	 * @param string $token Token from the link.
	 */
	public static function hash( string $token ): ?string {
		return 1 === preg_match( self::PATTERN, $token ) ? hash( 'sha256', $token ) : null;
	}

	/**
	 * When a token made now stops working.
	 *
	 * @param int $now Unix time.
	 */
	public static function expires( int $now ): int {
		return $now + self::LIFETIME;
	}
}
