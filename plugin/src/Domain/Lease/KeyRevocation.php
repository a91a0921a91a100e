<?php
/**
 * The signed list of revoked lease keys.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Lease;

use Svc\Licensing\Domain\Base64Url;

/**
 * The active key's Ed25519 signature over "svc-revoked.v1.<kid>,<kid>,…" (the revoked key ids, sorted): GET /keys
 * publishes it as `revoked`, and a client that trusts the active key, baked or through its endorsement, stops
 * trusting every key on it, a baked root included (docs/leases.md, "After a leak"). Only additions matter: the SDK
 * never takes a key off its revoked list, so an old list replayed revokes less but restores nothing.
 */
final class KeyRevocation {
	public const PREFIX = 'svc-revoked.v1.';

	/**
	 * The signed message.
	 *
	 * @param string[] $kids Revoked key ids, in the order published.
	 */
	public static function message( array $kids ): string {
		return self::PREFIX . implode( ',', $kids );
	}

	/**
	 * The list as GET /keys publishes it, signed.
	 *
	 * @param LeaseKey $signer The key that signs (the active one).
	 * @param string[] $kids   Revoked key ids.
	 * @return array{kids: list<string>, signed_by: string, signature: string}
	 */
	public static function sign( LeaseKey $signer, array $kids ): array {
		sort( $kids, SORT_STRING );
		return array(
			'kids'      => $kids,
			'signed_by' => $signer->kid(),
			'signature' => Base64Url::encode( $signer->sign( self::message( $kids ) ) ),
		);
	}

	/**
	 * Whether a signature is the signer's over the list.
	 *
	 * @param string   $signature         Base64url signature.
	 * @param string[] $kids              Revoked key ids, in the order published.
	 * @param string   $signer_public_key The signer's public key, base64url.
	 */
	public static function verify( string $signature, array $kids, string $signer_public_key ): bool {
		$bytes  = Base64Url::decode( $signature );
		$signer = Base64Url::decode( $signer_public_key );
		if ( null === $bytes || null === $signer || SODIUM_CRYPTO_SIGN_BYTES !== strlen( $bytes ) || SODIUM_CRYPTO_SIGN_PUBLICKEYBYTES !== strlen( $signer ) ) {
			return false;
		}
		return sodium_crypto_sign_verify_detached( $bytes, self::message( $kids ), $signer );
	}
}
