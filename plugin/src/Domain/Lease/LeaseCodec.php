<?php
/**
 * The signed offline lease: build, sign, parse, verify.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Lease;

use Svc\Licensing\Domain\Base64Url;

/**
 * A lease is "<payload_b64url>.<signature_b64url>": the payload is JSON with exactly the keys of KEYS, the
 * signature is Ed25519 over "svc-lease.v1." + payload_b64url (docs/leases.md). Pure: keys and clock come in.
 */
final class LeaseCodec {
	public const PREFIX     = 'svc-lease.v1.';
	public const VERSION    = 1;
	public const MAX_LENGTH = 4096;

	/**
	 * The payload's keys, in order, and the type of each (a "?" prefix allows null).
	 */
	public const KEYS = array(
		'v'             => 'int',
		'kid'           => 'string',
		'license_id'    => 'int',
		'product'       => 'string',
		'site'          => 'string',
		'status'        => 'string',
		'valid'         => 'bool',
		'activated'     => 'bool',
		'expires'       => '?string',
		'tier'          => '?string',
		'issued_at'     => 'int',
		'lease_expires' => 'int',
	);

	/**
	 * A payload from its fields.
	 *
	 * @param array<string, mixed> $facts    The licence's facts as the answer states them: license_id, product,
	 *                                        site, status, valid, activated, expires, tier.
	 * @param string               $kid      Signing key id.
	 * @param int                  $now      Unix seconds.
	 * @param int                  $lifetime Seconds the lease lasts.
	 * @return array<string, mixed>
	 */
	public static function payload( array $facts, string $kid, int $now, int $lifetime ): array {
		return array(
			'v'             => self::VERSION,
			'kid'           => $kid,
			'license_id'    => (int) $facts['license_id'],
			'product'       => (string) $facts['product'],
			'site'          => (string) $facts['site'],
			'status'        => (string) $facts['status'],
			'valid'         => (bool) $facts['valid'],
			'activated'     => (bool) $facts['activated'],
			'expires'       => null === $facts['expires'] ? null : (string) $facts['expires'],
			'tier'          => null === $facts['tier'] ? null : (string) $facts['tier'],
			'issued_at'     => $now,
			'lease_expires' => $now + $lifetime,
		);
	}

	/**
	 * The lease string of a payload, signed with a key (whose id the payload must carry).
	 *
	 * @param array<string, mixed> $payload From payload().
	 * @param LeaseKey             $key     Signing key.
	 * @throws \InvalidArgumentException When the payload is not a lease payload for this key.
	 */
	public static function sign( array $payload, LeaseKey $key ): string {
		if ( null === self::checked( $payload ) || $payload['kid'] !== $key->kid() ) {
			throw new \InvalidArgumentException( 'Not a lease payload for this key.' );
		}
		// phpcs:ignore WordPress.WP.AlternativeFunctions.json_encode_json_encode -- pure domain code, no WordPress needed.
		$body = Base64Url::encode( (string) json_encode( $payload, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE ) );
		return $body . '.' . Base64Url::encode( $key->sign( self::PREFIX . $body ) );
	}

	/**
	 * The payload of a lease without checking its signature (for display and for finding the kid).
	 *
	 * @param string $lease Lease string.
	 * @return array<string, mixed>
	 * @throws InvalidLease Malformed.
	 */
	public static function parse( string $lease ): array {
		$parts = self::parts( $lease );
		return $parts['payload'];
	}

	/**
	 * The payload of a lease that verifies with one of the keys and has not run out.
	 *
	 * @param string                $lease       Lease string.
	 * @param array<string, string> $public_keys Key id => public key (base64url).
	 * @param int|null              $now         Unix seconds; null skips the lifetime check.
	 * @return array<string, mixed>
	 * @throws InvalidLease Malformed, unknown_kid, bad_signature or expired.
	 */
	public static function verify( string $lease, array $public_keys, ?int $now ): array {
		$parts   = self::parts( $lease );
		$payload = $parts['payload'];
		$kid     = (string) $payload['kid'];
		if ( ! isset( $public_keys[ $kid ] ) ) {
			throw new InvalidLease( 'unknown_kid' );
		}
		$public = Base64Url::decode( (string) $public_keys[ $kid ] );
		if ( null === $public || SODIUM_CRYPTO_SIGN_PUBLICKEYBYTES !== strlen( $public ) ) {
			throw new InvalidLease( 'unknown_kid' );
		}
		if ( ! sodium_crypto_sign_verify_detached( $parts['signature'], self::PREFIX . $parts['body'], $public ) ) {
			throw new InvalidLease( 'bad_signature' );
		}
		if ( null !== $now && $payload['lease_expires'] <= $now ) {
			throw new InvalidLease( 'expired' );
		}
		return $payload;
	}

	/**
	 * The body, payload and raw signature of a well-formed lease.
	 *
	 * @param string $lease Lease string.
	 * @return array{body: string, payload: array<string, mixed>, signature: non-empty-string}
	 * @throws InvalidLease Malformed.
	 */
	private static function parts( string $lease ): array {
		$pieces = explode( '.', $lease );
		if ( strlen( $lease ) > self::MAX_LENGTH || 2 !== count( $pieces ) ) {
			throw new InvalidLease( 'malformed' );
		}
		$json      = Base64Url::decode( $pieces[0] );
		$signature = Base64Url::decode( $pieces[1] );
		if ( null === $json || null === $signature || '' === $signature || SODIUM_CRYPTO_SIGN_BYTES !== strlen( $signature ) ) {
			throw new InvalidLease( 'malformed' );
		}
		$decoded = json_decode( $json, true );
		$payload = is_array( $decoded ) ? self::checked( $decoded ) : null;
		if ( null === $payload ) {
			throw new InvalidLease( 'malformed' );
		}
		return array(
			'body'      => $pieces[0],
			'payload'   => $payload,
			'signature' => $signature,
		);
	}

	/**
	 * The payload when it has exactly the lease's keys with their types, else null.
	 *
	 * @param array<mixed> $payload Decoded JSON.
	 * @return array<string, mixed>|null
	 */
	private static function checked( array $payload ): ?array {
		if ( array_keys( $payload ) !== array_keys( self::KEYS ) ) {
			return null;
		}
		foreach ( self::KEYS as $name => $type ) {
			$value = $payload[ $name ];
			if ( null === $value && '?' === $type[0] ) {
				continue;
			}
			$expected = ltrim( $type, '?' );
			$ok       = ( 'int' === $expected && is_int( $value ) ) || ( 'string' === $expected && is_string( $value ) ) || ( 'bool' === $expected && is_bool( $value ) );
			if ( ! $ok ) {
				return null;
			}
		}
		if ( self::VERSION !== $payload['v'] || '' === $payload['kid'] ) {
			return null;
		}
		return $payload;
	}
}
