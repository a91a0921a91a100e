<?php
/**
 * An Ed25519 signing key for leases.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Lease;

use InvalidArgumentException;
use Svc\Licensing\Domain\Base64Url;

/**
 * A key pair and its id. The id is derived from the public key (the first 16 hex digits of its SHA-256), so two
 * keys never share one and anyone holding the public key can check it.
 */
final class LeaseKey {

	/**
	 * Key id.
	 *
	 * @var string
	 */
	private $kid;

	/**
	 * Secret key (64 bytes, sodium's form: seed + public key).
	 *
	 * @var non-empty-string
	 */
	private $secret;

	/**
	 * Constructor.
	 *
	 * @param string $secret Sodium's 64-byte secret key.
	 * @throws InvalidArgumentException When it is not one.
	 */
	private function __construct( string $secret ) {
		if ( '' === $secret || SODIUM_CRYPTO_SIGN_SECRETKEYBYTES !== strlen( $secret ) ) {
			throw new InvalidArgumentException( 'An Ed25519 secret key is 64 bytes.' );
		}
		$this->secret = $secret;
		$this->kid    = self::kid_of( sodium_crypto_sign_publickey_from_secretkey( $secret ) );
	}

	/**
	 * A new random key.
	 */
	public static function generate(): self {
		return new self( sodium_crypto_sign_secretkey( sodium_crypto_sign_keypair() ) );
	}

	/**
	 * The key of a 32-byte seed (test vectors).
	 *
	 * @param string $seed 32 bytes.
	 * @throws InvalidArgumentException When it is not 32 bytes.
	 */
	public static function from_seed( string $seed ): self {
		if ( '' === $seed || SODIUM_CRYPTO_SIGN_SEEDBYTES !== strlen( $seed ) ) {
			throw new InvalidArgumentException( 'An Ed25519 seed is 32 bytes.' );
		}
		return new self( sodium_crypto_sign_secretkey( sodium_crypto_sign_seed_keypair( $seed ) ) );
	}

	/**
	 * The key of a stored secret (base64url of the 64 bytes), or null when it is not one, or when it does not
	 * hold its own public key (an edited value).
	 *
	 * @param string $encoded Base64url text.
	 */
	public static function from_stored( string $encoded ): ?self {
		$secret = Base64Url::decode( $encoded );
		if ( null === $secret || SODIUM_CRYPTO_SIGN_SECRETKEYBYTES !== strlen( $secret ) ) {
			return null;
		}
		$seed = substr( $secret, 0, 32 );
		if ( '' === $seed || ! hash_equals( sodium_crypto_sign_secretkey( sodium_crypto_sign_seed_keypair( $seed ) ), $secret ) ) {
			return null;
		}
		return new self( $secret );
	}

	/**
	 * The key of a stored secret that was checked with from_stored() before (Storage\LeaseKeys keeps the hash of
	 * the ring it checked): only its length is checked, not the derivation of its public key.
	 *
	 * @param string $encoded Base64url text.
	 */
	public static function from_checked( string $encoded ): ?self {
		$secret = Base64Url::decode( $encoded );
		if ( null === $secret || SODIUM_CRYPTO_SIGN_SECRETKEYBYTES !== strlen( $secret ) ) {
			return null;
		}
		return new self( $secret );
	}

	/**
	 * The id of a public key.
	 *
	 * @param string $public_key 32 raw bytes.
	 */
	public static function kid_of( string $public_key ): string {
		return substr( hash( 'sha256', $public_key ), 0, 16 );
	}

	/**
	 * Key id.
	 */
	public function kid(): string {
		return $this->kid;
	}

	/**
	 * The public key, raw.
	 */
	public function public_key(): string {
		return sodium_crypto_sign_publickey_from_secretkey( $this->secret );
	}

	/**
	 * The public key as published (base64url).
	 */
	public function public_key_b64url(): string {
		return Base64Url::encode( $this->public_key() );
	}

	/**
	 * The secret as stored (base64url).
	 */
	public function to_stored(): string {
		return Base64Url::encode( $this->secret );
	}

	/**
	 * A detached signature over a message.
	 *
	 * @param string $message Bytes.
	 */
	public function sign( string $message ): string {
		return sodium_crypto_sign_detached( $message, $this->secret );
	}
}
