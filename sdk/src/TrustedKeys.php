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
 * and edited by hand adds no trust; a published key never replaces a root of the same id.
 *
 * Revocation (docs/leases.md, "After a leak"): GET /keys also publishes `revoked`, the ids of the keys the seller took
 * off the ring, signed by the active key over `svc-revoked.v1.<kid>,<kid>,…`. revocation() accepts such a list only
 * when a key trusted now signed it. A revoked id is never trusted again, as a root or as a published key, and its
 * endorsements count no more, but for the anchors: the chain from a root to the signer of a list this product
 * accepted (the keys the seller rotated to, endorsed before the site learned of the revocation). Anchors are kept
 * as published entries and checked again from the roots, so they add no trust by hand either. Pure.
 */
final class TrustedKeys {

	public const ENDORSEMENT_CONTEXT = 'svc-key.v1.';

	public const REVOCATION_CONTEXT = 'svc-revoked.v1.';

	/**
	 * Public keys' bytes by key id.
	 *
	 * @var array<string, non-empty-string>
	 */
	private $keys;

	/**
	 * Revoked key ids (as keys).
	 *
	 * @var array<string, true>
	 */
	private $revoked;

	/**
	 * Every key endorsed link by link from a root, revocations aside (to check an anchor's chain), by key id.
	 *
	 * @var array<string, array<mixed, mixed>>
	 */
	private $chain;

	/**
	 * Constructor.
	 *
	 * @param array<string, non-empty-string>    $keys    Public keys' bytes by key id.
	 * @param array<string, true>                $revoked Revoked key ids.
	 * @param array<string, array<mixed, mixed>> $chain   The entries of every key endorsed from a root.
	 */
	private function __construct( array $keys, array $revoked, array $chain ) {
		$this->keys    = $keys;
		$this->revoked = $revoked;
		$this->chain   = $chain;
	}

	/**
	 * The roots, and every published key a trusted key endorsed, less the revoked ones.
	 *
	 * @param array<mixed, mixed> $roots     Key id => public key (base64url), baked and configured; unreadable entries are left out.
	 * @param mixed               $published The `keys` list of the last GET /keys answer, as stored (anything unreadable adds nothing).
	 * @param mixed               $revoked   The revoked key ids this product learned (anything unreadable adds nothing).
	 * @param mixed               $anchors   The published entries of the chains to the signers of the lists it accepted.
	 */
	public static function from_roots( array $roots, $published = array(), $revoked = array(), $anchors = array() ): self {
		/**
		 * The roots.
		 *
		 * @var array<string, non-empty-string> $root_keys
		 */
		$root_keys = array();
		foreach ( $roots as $kid => $public ) {
			$kid   = (string) $kid;
			$bytes = is_string( $public ) ? Base64Url::decode( $public ) : null;
			if ( self::is_kid( $kid ) && null !== $bytes && '' !== $bytes && SODIUM_CRYPTO_SIGN_PUBLICKEYBYTES === strlen( $bytes ) ) {
				$root_keys[ $kid ] = $bytes;
			}
		}
		$out = array();
		foreach ( is_array( $revoked ) ? $revoked : array() as $kid ) {
			if ( self::is_kid( $kid ) ) {
				$out[ (string) $kid ] = true;
			}
		}
		$anchored   = is_array( $anchors ) ? array_values( array_filter( $anchors, 'is_array' ) ) : array();
		$candidates = array_merge( $anchored, is_array( $published ) ? array_values( array_filter( $published, 'is_array' ) ) : array() );
		// Every key endorsed from a root, as if nothing were revoked: what an anchor is checked against.
		$chain = self::chain( $root_keys, $candidates, array() );
		$keys  = array_diff_key( $root_keys, $out );
		foreach ( $anchored as $anchor ) {
			$kid = $anchor['kid'] ?? null;
			if ( is_string( $kid ) && ! isset( $out[ $kid ] ) && ! isset( $keys[ $kid ] ) && isset( $chain[1][ $kid ] ) && $chain[1][ $kid ] === $anchor ) {
				$keys[ $kid ] = $chain[0][ $kid ];
			}
		}
		return new self( self::chain( $keys, $candidates, $out )[0], $out, $chain[1] );
	}

	/**
	 * The keys and every candidate a key among them endorsed, link by link, none of them revoked; with the entries
	 * of the candidates added.
	 *
	 * @param array<string, non-empty-string> $keys       Trusted so far.
	 * @param list<array<mixed, mixed>>       $candidates GET /keys entries.
	 * @param array<string, true>             $revoked    Ids never trusted.
	 * @return array{array<string, non-empty-string>, array<string, array<mixed, mixed>>}
	 */
	private static function chain( array $keys, array $candidates, array $revoked ): array {
		$entries = array();
		do {
			$added = false;
			foreach ( $candidates as $index => $candidate ) {
				$endorsed = self::endorsed( $candidate, $keys );
				if ( null !== $endorsed && ! isset( $revoked[ $endorsed[0] ] ) ) {
					$keys[ $endorsed[0] ]    = $endorsed[1];
					$entries[ $endorsed[0] ] = $candidate;
					unset( $candidates[ $index ] );
					$added = true;
				}
			}
		} while ( $added );
		return array( $keys, $entries );
	}

	/**
	 * What a GET /keys `revoked` list adds, when a key trusted now signed it: the ids it revokes and the entries of
	 * the chain from a root to its signer (the anchors to keep). Null for a list that is unsigned, signed by a key
	 * not trusted, changed after signing, or that revokes its own signer.
	 *
	 * @param mixed $list The answer's `revoked`: {kids, signed_by, signature}.
	 * @return array{kids: list<string>, anchors: list<array<mixed, mixed>>}|null
	 */
	public function revocation( $list ): ?array {
		if ( ! is_array( $list ) || ! isset( $list['kids'], $list['signed_by'], $list['signature'] ) || ! is_array( $list['kids'] ) || ! is_string( $list['signed_by'] ) || ! is_string( $list['signature'] ) ) {
			return null;
		}
		$kids = array();
		foreach ( $list['kids'] as $kid ) {
			if ( ! self::is_kid( $kid ) ) {
				return null;
			}
			$kids[] = (string) $kid;
		}
		$signer    = $list['signed_by'];
		$public    = $this->key( $signer );
		$signature = Base64Url::decode( $list['signature'] );
		if ( null === $public || in_array( $signer, $kids, true ) || null === $signature || SODIUM_CRYPTO_SIGN_BYTES !== strlen( $signature ) ) {
			return null;
		}
		if ( ! sodium_crypto_sign_verify_detached( $signature, self::REVOCATION_CONTEXT . implode( ',', $kids ), $public ) ) {
			return null;
		}
		// The chain from a root to the signer, link by link (a root has no entry): kept, so the signer stays trusted
		// when the keys that endorsed it are revoked.
		$anchors = array();
		$kid     = $signer;
		while ( isset( $this->chain[ $kid ] ) && ! isset( $anchors[ $kid ] ) ) {
			$anchors[ $kid ] = $this->chain[ $kid ];
			$kid             = (string) ( $this->chain[ $kid ]['endorsed_by'] ?? '' );
		}
		return array(
			'kids'    => $kids,
			'anchors' => array_values( array_reverse( $anchors ) ),
		);
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
	 * Whether a key id was revoked.
	 *
	 * @param string $kid Key id.
	 */
	public function revoked( string $kid ): bool {
		return isset( $this->revoked[ $kid ] );
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
