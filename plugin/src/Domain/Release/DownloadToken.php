<?php
/**
 * Signed, short-lived download tokens (decisions.md): no table, nothing to clean up.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Release;

use Svc\Licensing\Domain\Base64Url;

/**
 * A token is base64url(JSON claims) "." base64url(HMAC-SHA256(claims part, key)). The claims bind product,
 * licence, version, expiry and, for an old client's link, its site; the key never leaves the server. Verification checks the signature in constant
 * time before it reads anything, so a tampered token says nothing about why it was refused.
 */
final class DownloadToken {

	/**
	 * Signing key (binary or hex, any length).
	 *
	 * @var string
	 */
	private $key;

	/**
	 * Constructor.
	 *
	 * @param string $key Signing key.
	 */
	public function __construct( string $key ) {
		$this->key = $key;
	}

	/**
	 * A token for one download.
	 *
	 * @param DownloadClaims $claims What it grants.
	 */
	public function issue( DownloadClaims $claims ): string {
		$fields = array(
			'p' => $claims->product_id,
			'l' => $claims->license_id,
			'v' => $claims->version,
			'e' => $claims->expires,
		);
		if ( null !== $claims->site ) {
			$fields['s'] = $claims->site;
		}
		// phpcs:ignore WordPress.WP.AlternativeFunctions.json_encode_json_encode -- pure domain code, no WordPress needed.
		$body = Base64Url::encode( (string) json_encode( $fields ) );
		return $body . '.' . Base64Url::encode( $this->sign( $body ) );
	}

	/**
	 * The claims of a token this server signed and that has not expired.
	 *
	 * @param string $token Token.
	 * @param int    $now   Unix time.
	 * @throws InvalidDownloadToken When it is malformed, forged, altered or expired.
	 */
	public function verify( string $token, int $now ): DownloadClaims {
		$parts = explode( '.', $token );
		if ( 2 !== count( $parts ) || '' === $parts[0] || strlen( $token ) > 1024 ) {
			throw new InvalidDownloadToken( InvalidDownloadToken::MALFORMED );
		}
		$signature = Base64Url::decode( $parts[1] );
		if ( null === $signature || ! hash_equals( $this->sign( $parts[0] ), $signature ) ) {
			throw new InvalidDownloadToken( InvalidDownloadToken::SIGNATURE );
		}
		$json   = Base64Url::decode( $parts[0] );
		$claims = null === $json ? null : json_decode( $json, true );
		if ( ! is_array( $claims ) || ! is_int( $claims['p'] ?? null ) || ! is_int( $claims['l'] ?? null ) || ! is_string( $claims['v'] ?? null ) || ! is_int( $claims['e'] ?? null )
			|| ( isset( $claims['s'] ) && ! is_string( $claims['s'] ) ) ) {
			throw new InvalidDownloadToken( InvalidDownloadToken::MALFORMED );
		}
		if ( $claims['e'] < $now ) {
			throw new InvalidDownloadToken( InvalidDownloadToken::EXPIRED );
		}
		return new DownloadClaims( $claims['p'], $claims['l'], $claims['v'], $claims['e'], $claims['s'] ?? null );
	}

	/**
	 * Raw HMAC of the claims part.
	 *
	 * @param string $body Encoded claims.
	 */
	private function sign( string $body ): string {
		return hash_hmac( 'sha256', $body, $this->key, true );
	}
}
