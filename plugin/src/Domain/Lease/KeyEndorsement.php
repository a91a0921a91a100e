<?php
/**
 * One lease key vouching for the next.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Lease;

use Svc\Licensing\Domain\Base64Url;

/**
 * The active key's Ed25519 signature over "svc-key.v1.<kid>.<public_key_b64url>": a client that trusts the active
 * key can trust the next one before the seller ships a new SDK.
 */
final class KeyEndorsement {
	public const PREFIX = 'svc-key.v1.';

	/**
	 * The signed message.
	 *
	 * @param string $kid        Endorsed key id.
	 * @param string $public_key Endorsed public key, base64url.
	 */
	public static function message( string $kid, string $public_key ): string {
		return self::PREFIX . $kid . '.' . $public_key;
	}

	/**
	 * The endorsement (base64url signature) of a key by another.
	 *
	 * @param LeaseKey $endorser The key that vouches (the active one).
	 * @param string   $kid      Endorsed key id.
	 * @param string   $public   Endorsed public key, base64url.
	 */
	public static function sign( LeaseKey $endorser, string $kid, string $public ): string {
		return Base64Url::encode( $endorser->sign( self::message( $kid, $public ) ) );
	}

	/**
	 * Whether an endorsement is the endorser's signature over the key.
	 *
	 * @param string $endorsement         Base64url signature.
	 * @param string $kid                 Endorsed key id.
	 * @param string $public              Endorsed public key, base64url.
	 * @param string $endorser_public_key Endorser's public key, base64url.
	 */
	public static function verify( string $endorsement, string $kid, string $public, string $endorser_public_key ): bool {
		$signature = Base64Url::decode( $endorsement );
		$endorser  = Base64Url::decode( $endorser_public_key );
		if ( null === $signature || null === $endorser || SODIUM_CRYPTO_SIGN_BYTES !== strlen( $signature ) || SODIUM_CRYPTO_SIGN_PUBLICKEYBYTES !== strlen( $endorser ) ) {
			return false;
		}
		return sodium_crypto_sign_verify_detached( $signature, self::message( $kid, $public ), $endorser );
	}
}
