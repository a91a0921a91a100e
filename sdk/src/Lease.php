<?php
/**
 * A lease: the licence server's signed word on one licence, for one product on one site, for a while.
 *
 * @package SvcLicensingClient
 */

namespace Svc\LicensingClient;

/**
 * `<payload_b64url>.<signature_b64url>`: Ed25519 over `svc-lease.v1.` + the payload's base64url, the payload a JSON
 * object with exactly the keys of KEYS (docs/leases.md). parse() reads its form only; check() says whether it is
 * this product's and this site's, signed by a trusted key, and still good at a time. Pure: sodium is built into
 * PHP 7.2+, and on a host that left ext-sodium out WordPress' bundled sodium_compat defines the same functions (the
 * PHP matrix runs the SDK on such a PHP: README, "The PHP matrix").
 */
final class Lease {

	public const CONTEXT = 'svc-lease.v1.';

	/** Verdicts of check(). VALID is the only one under which the product is licensed. */
	public const VALID           = 'valid';
	public const MALFORMED       = 'malformed';
	public const UNKNOWN_KEY     = 'unknown_key';
	public const BAD_SIGNATURE   = 'bad_signature';
	public const OTHER_PRODUCT   = 'other_product';
	public const OTHER_SITE      = 'other_site';
	public const LEASE_EXPIRED   = 'lease_expired';
	public const LICENSE_EXPIRED = 'license_expired';
	public const NOT_VALID       = 'not_valid';
	/** The lease says this site is not activated on the licence (never, or its slot was released): not licensed here. */
	public const NOT_ACTIVATED = 'not_activated';
	/** No lease stored (check() never says it: the holder does). */
	public const NONE = 'none';
	/** Signed by a key the service revoked (its signed list at GET /keys; TrustedKeys). */
	public const REVOKED_KEY = 'revoked_key';
	/** A lease_expires - issued_at above MAX_LIFETIME: no lease the service signs lasts that long. */
	public const TOO_LONG = 'lease_too_long';
	/** An issued_at later than the site's wall clock plus MAX_CLOCK_SKEW (LeaseHolder). */
	public const ISSUED_IN_FUTURE = 'issued_in_future';

	/** The longest lease: the service's longest lease_lifetime_days (90, plugin/src/Storage/Settings.php). */
	public const MAX_LIFETIME = 90 * 86400;

	/** How far the service's clock (issued_at) may be ahead of the site's: a day, so a clock set to local time passes. */
	public const MAX_CLOCK_SKEW = 86400;

	/**
	 * The payload's keys and their types: exactly these, no more, no fewer.
	 */
	private const KEYS = array(
		'v'             => 'integer',
		'kid'           => 'string',
		'license_id'    => 'integer',
		'product'       => 'string',
		'site'          => 'string',
		'status'        => 'string',
		'valid'         => 'boolean',
		'activated'     => 'boolean',
		'expires'       => 'string|NULL',
		'tier'          => 'string|NULL',
		'issued_at'     => 'integer',
		'lease_expires' => 'integer',
	);

	/**
	 * The lease as it came.
	 *
	 * @var string
	 */
	private $text;

	/**
	 * The payload.
	 *
	 * @var array<string, mixed>
	 */
	private $payload;

	/**
	 * The signature's 64 bytes.
	 *
	 * @var non-empty-string
	 */
	private $signature;

	/**
	 * Constructor.
	 *
	 * @param string               $text      The lease as it came.
	 * @param array<string, mixed> $payload   The payload.
	 * @param non-empty-string     $signature The signature's bytes.
	 */
	private function __construct( string $text, array $payload, string $signature ) {
		$this->text      = $text;
		$this->payload   = $payload;
		$this->signature = $signature;
	}

	/**
	 * A lease read from its text, or null when it is not one (its form only; check() decides the rest).
	 *
	 * @param mixed $text The lease, from an answer or from storage.
	 */
	public static function parse( $text ): ?self {
		if ( ! is_string( $text ) || strlen( $text ) > 4096 || 1 !== substr_count( $text, '.' ) ) {
			return null;
		}
		list( $encoded, $signature ) = explode( '.', $text );
		$json                        = Base64Url::decode( $encoded );
		$signature                   = Base64Url::decode( $signature );
		if ( null === $json || null === $signature || SODIUM_CRYPTO_SIGN_BYTES !== strlen( $signature ) ) {
			return null;
		}
		$payload = json_decode( $json, true );
		if ( ! is_array( $payload ) || count( $payload ) !== count( self::KEYS ) ) {
			return null;
		}
		foreach ( self::KEYS as $key => $types ) {
			if ( ! array_key_exists( $key, $payload ) || ! in_array( gettype( $payload[ $key ] ), explode( '|', $types ), true ) ) {
				return null;
			}
		}
		if ( 1 !== $payload['v'] || ( null !== $payload['expires'] && false === strtotime( $payload['expires'] ) ) ) {
			return null;
		}
		return new self( $text, $payload, $signature );
	}

	/**
	 * Whether it is signed by a trusted key that was not revoked, names this product and this site, and lasts no
	 * longer than MAX_LIFETIME (what does not change with time). VALID, or the first verdict that refuses it.
	 *
	 * @param TrustedKeys $keys    The keys this product trusts.
	 * @param string      $product The product's slug.
	 * @param string      $site    This site's fingerprint (SiteIdentity::fingerprint()).
	 */
	public function verify( TrustedKeys $keys, string $product, string $site ): string {
		if ( $keys->revoked( $this->kid() ) ) {
			return self::REVOKED_KEY;
		}
		$public = $keys->key( $this->kid() );
		if ( null === $public ) {
			return self::UNKNOWN_KEY;
		}
		$encoded = substr( $this->text, 0, (int) strpos( $this->text, '.' ) );
		if ( ! sodium_crypto_sign_verify_detached( $this->signature, self::CONTEXT . $encoded, $public ) ) {
			return self::BAD_SIGNATURE;
		}
		if ( $this->payload['product'] !== $product ) {
			return self::OTHER_PRODUCT;
		}
		if ( '' === $site || ! hash_equals( $site, (string) $this->payload['site'] ) ) {
			return self::OTHER_SITE;
		}
		if ( $this->lease_expires() - $this->issued_at() > self::MAX_LIFETIME ) {
			return self::TOO_LONG;
		}
		return self::VALID;
	}

	/**
	 * The verdict of verify(), then the dates and the server's own judgement at a time: the lease has not run out, the licence has
	 * not expired by that time, this site is activated on the licence, and the server said valid. "Licensed on this
	 * site" is valid AND activated: servers before issue 40 signed `valid: true` for any site of a usable licence.
	 *
	 * @param TrustedKeys $keys    The keys this product trusts.
	 * @param string      $product The product's slug.
	 * @param string      $site    This site's fingerprint.
	 * @param int         $now     The effective time (LeaseHolder: never earlier than what the site has seen).
	 */
	public function check( TrustedKeys $keys, string $product, string $site, int $now ): string {
		$verdict = $this->verify( $keys, $product, $site );
		if ( self::VALID !== $verdict ) {
			return $verdict;
		}
		if ( $now >= $this->lease_expires() ) {
			return self::LEASE_EXPIRED;
		}
		$expires = $this->expires();
		if ( null !== $expires && $now >= $expires ) {
			return self::LICENSE_EXPIRED;
		}
		if ( true !== $this->payload['activated'] ) {
			return self::NOT_ACTIVATED;
		}
		return true === $this->payload['valid'] ? self::VALID : self::NOT_VALID;
	}

	/**
	 * The lease as it came (for storage).
	 */
	public function text(): string {
		return $this->text;
	}

	/**
	 * The id of the key that signed it.
	 */
	public function kid(): string {
		return (string) $this->payload['kid'];
	}

	/**
	 * The licence's status by the server (active, expired, revoked, …).
	 */
	public function status(): string {
		return (string) $this->payload['status'];
	}

	/**
	 * When it was signed (Unix time, the server's clock).
	 */
	public function issued_at(): int {
		return (int) $this->payload['issued_at'];
	}

	/**
	 * When it runs out (Unix time).
	 */
	public function lease_expires(): int {
		return (int) $this->payload['lease_expires'];
	}

	/**
	 * When the licence expires (Unix time), or null for a lifetime licence.
	 */
	public function expires(): ?int {
		$time = is_string( $this->payload['expires'] ) ? strtotime( $this->payload['expires'] ) : false;
		return false === $time ? null : $time;
	}

	/**
	 * The tier's label, or null.
	 */
	public function tier(): ?string {
		return is_string( $this->payload['tier'] ) ? $this->payload['tier'] : null;
	}

	/**
	 * The payload as signed.
	 *
	 * @return array<string, mixed>
	 */
	public function payload(): array {
		return $this->payload;
	}
}
