<?php
/**
 * The licence server's half of a lease, for the SDK's unit tests: Ed25519 key pairs from fixed seeds, leases
 * signed as the contract says (docs/leases.md), and GET /keys entries with their endorsements. Written from the
 * contract with sodium; the shared vectors (tests/vectors/) prove the server writes the same.
 *
 * @package SvcLicensingClient
 */

use Svc\LicensingClient\Base64Url;
use Svc\LicensingClient\SiteIdentity;

final class LeaseSigner {

	/**
	 * Key id.
	 *
	 * @var string
	 */
	public $kid;

	/**
	 * Ed25519 key pair.
	 *
	 * @var string
	 */
	private $pair;

	public function __construct( string $kid, string $seed_letter ) {
		$this->kid  = $kid;
		$this->pair = sodium_crypto_sign_seed_keypair( str_repeat( $seed_letter, SODIUM_CRYPTO_SIGN_SEEDBYTES ) );
	}

	/** The public key, base64url. */
	public function public_key(): string {
		return Base64Url::encode( sodium_crypto_sign_publickey( $this->pair ) );
	}

	/** The roots entry: kid => public key. */
	public function root(): array {
		return array( $this->kid => $this->public_key() );
	}

	/**
	 * The payload of a good lease for acme-widgets on https://client.example, issued at $issued_at for 14 days;
	 * $changes override fields.
	 *
	 * @param array<string, mixed> $changes Fields to change.
	 */
	public function payload( int $issued_at, array $changes = array() ): array {
		return array_merge(
			array(
				'v'             => 1,
				'kid'           => $this->kid,
				'license_id'    => 7,
				'product'       => 'acme-widgets',
				'site'          => SiteIdentity::fingerprint( 'https://client.example' ),
				'status'        => 'active',
				'valid'         => true,
				'activated'     => true,
				'expires'       => null,
				'tier'          => null,
				'issued_at'     => $issued_at,
				'lease_expires' => $issued_at + 14 * 86400,
			),
			$changes
		);
	}

	/**
	 * A lease: the payload signed.
	 *
	 * @param array<string, mixed> $payload The payload.
	 */
	public function sign( array $payload ): string {
		$encoded = Base64Url::encode( (string) json_encode( $payload ) );
		return $encoded . '.' . Base64Url::encode( sodium_crypto_sign_detached( 'svc-lease.v1.' . $encoded, sodium_crypto_sign_secretkey( $this->pair ) ) );
	}

	/**
	 * A good lease issued at a time, with changes.
	 *
	 * @param array<string, mixed> $changes Fields to change.
	 */
	public function lease( int $issued_at, array $changes = array() ): string {
		return $this->sign( $this->payload( $issued_at, $changes ) );
	}

	/**
	 * This key's GET /keys entry, endorsed by another key (or by none).
	 */
	public function published( ?self $endorser, string $status = 'active' ): array {
		return array(
			'kid'         => $this->kid,
			'alg'         => 'Ed25519',
			'public_key'  => $this->public_key(),
			'status'      => $status,
			'created_at'  => '2026-11-01T00:00:00Z',
			'endorsed_by' => null === $endorser ? null : $endorser->kid,
			'endorsement' => null === $endorser ? null : $endorser->endorse( $this ),
		);
	}

	/**
	 * GET /keys' `revoked`: these key ids, signed by this key (docs/leases.md, "Revoking a key").
	 *
	 * @param string[] $kids Revoked key ids.
	 */
	public function revocation( array $kids ): array {
		return array(
			'kids'      => $kids,
			'signed_by' => $this->kid,
			'signature' => Base64Url::encode( sodium_crypto_sign_detached( 'svc-revoked.v1.' . implode( ',', $kids ), sodium_crypto_sign_secretkey( $this->pair ) ) ),
		);
	}

	/** This key's endorsement of another. */
	public function endorse( self $other ): string {
		return Base64Url::encode( sodium_crypto_sign_detached( 'svc-key.v1.' . $other->kid . '.' . $other->public_key(), sodium_crypto_sign_secretkey( $this->pair ) ) );
	}
}
