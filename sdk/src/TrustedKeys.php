<?php
/**
 * The public keys whose leases a product believes.
 *
 * @package SvcLicensingClient
 */

namespace Svc\LicensingClient;

/**
 * The roots are the keys baked into the SDK copy (`trusted-keys.php` at its root, written into the zip by the
 * seller's Integrate tab) and the product's own `public_keys`. A key the server publishes (`GET /keys`) is trusted
 * only when a trusted key endorsed it: its Ed25519 signature over `svc-key.v1.<kid>.<public_key_b64url>`, link by
 * link from a root. The chain is built again from the roots every time (from_roots()), so a key stored in an option
 * and edited by hand adds no trust; a published key never replaces a root of the same id. Pure.
 */
final class TrustedKeys {

	public const ENDORSEMENT_CONTEXT = 'svc-key.v1.';

	/**
	 * Public keys' bytes by key id.
	 *
	 * @var array<string, non-empty-string>
	 */
	private $keys;

	/**
	 * Constructor.
	 *
	 * @param array<string, non-empty-string> $keys Public keys' bytes by key id.
	 */
	private function __construct( array $keys ) {
		$this->keys = $keys;
	}

	/**
	 * The roots, and every published key a trusted key endorsed.
	 *
	 * @param array<mixed, mixed> $roots     Key id => public key (base64url), baked and configured; unreadable entries are left out.
	 * @param mixed               $published The `keys` list of the last GET /keys answer, as stored (anything unreadable adds nothing).
	 */
	public static function from_roots( array $roots, $published = array() ): self {
		/**
		 * Trusted so far.
		 *
		 * @var array<string, non-empty-string> $keys
		 */
		$keys = array();
		foreach ( $roots as $kid => $public ) {
			$kid   = (string) $kid;
			$bytes = is_string( $public ) ? Base64Url::decode( $public ) : null;
			if ( self::is_kid( $kid ) && null !== $bytes && '' !== $bytes && SODIUM_CRYPTO_SIGN_PUBLICKEYBYTES === strlen( $bytes ) ) {
				$keys[ $kid ] = $bytes;
			}
		}
		$candidates = is_array( $published ) ? array_values( array_filter( $published, 'is_array' ) ) : array();
		do {
			$added = false;
			foreach ( $candidates as $index => $candidate ) {
				$endorsed = self::endorsed( $candidate, $keys );
				if ( null !== $endorsed ) {
					$keys[ $endorsed[0] ] = $endorsed[1];
					unset( $candidates[ $index ] );
					$added = true;
				}
			}
		} while ( $added );
		return new self( $keys );
	}

	/**
	 * The key id and bytes of a published key that a trusted key endorsed and that is not trusted yet, else null.
	 *
	 * @param array<mixed, mixed>             $candidate One entry of GET /keys.
	 * @param array<string, non-empty-string> $trusted Trusted keys so far.
	 * @return array{string, non-empty-string}|null
	 */
	private static function endorsed( array $candidate, array $trusted ): ?array {
		$kid         = $candidate['kid'] ?? null;
		$public      = $candidate['public_key'] ?? null;
		$endorser    = $candidate['endorsed_by'] ?? null;
		$endorsement = $candidate['endorsement'] ?? null;
		if ( ! self::is_kid( $kid ) || isset( $trusted[ $kid ] ) || 'Ed25519' !== ( $candidate['alg'] ?? null ) || ! is_string( $public ) || ! is_string( $endorser ) || ! isset( $trusted[ $endorser ] ) || ! is_string( $endorsement ) ) {
			return null;
		}
		$bytes     = Base64Url::decode( $public );
		$signature = Base64Url::decode( $endorsement );
		if ( null === $bytes || '' === $bytes || SODIUM_CRYPTO_SIGN_PUBLICKEYBYTES !== strlen( $bytes ) || null === $signature || '' === $signature || SODIUM_CRYPTO_SIGN_BYTES !== strlen( $signature ) ) {
			return null;
		}
		$message = self::ENDORSEMENT_CONTEXT . $kid . '.' . $public;
		return sodium_crypto_sign_verify_detached( $signature, $message, $trusted[ $endorser ] ) ? array( (string) $kid, $bytes ) : null;
	}

	/**
	 * Whether a value can be a key id.
	 *
	 * @param mixed $kid The value.
	 */
	private static function is_kid( $kid ): bool {
		return is_string( $kid ) && 1 === preg_match( '/^[A-Za-z0-9._:-]{1,64}$/D', $kid );
	}

	/**
	 * A trusted key's bytes, or null.
	 *
	 * @param string $kid Key id.
	 * @return non-empty-string|null
	 */
	public function key( string $kid ): ?string {
		return $this->keys[ $kid ] ?? null;
	}

	/**
	 * The trusted key ids (diagnostics).
	 *
	 * @return string[]
	 */
	public function kids(): array {
		return array_map( 'strval', array_keys( $this->keys ) );
	}
}
