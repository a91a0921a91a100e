<?php
/**
 * The SDK reads what the server writes: the shared vectors of tests/vectors/ (written by the server's codec,
 * tests/vectors/generate.php), read by both PHPUnit suites.
 *
 * @package SvcLicensingClient
 */

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Svc\LicensingClient\Lease;
use Svc\LicensingClient\SiteIdentity;
use Svc\LicensingClient\TrustedKeys;

final class SharedVectorsTest extends TestCase {

	/**
	 * A vector file, decoded.
	 *
	 * @return array<string, mixed>
	 */
	private static function vectors( string $name ): array {
		return json_decode( (string) file_get_contents( dirname( __DIR__ ) . '/vectors/' . $name ), true, 512, JSON_THROW_ON_ERROR );
	}

	/**
	 * @return array<string, array{array<string, mixed>}>
	 */
	public static function sites(): array {
		$cases = array();
		foreach ( self::vectors( 'site-identity.json' )['sites'] as $site ) {
			$cases[ $site['url'] ] = array( $site );
		}
		return $cases;
	}

	/**
	 * @param array<string, mixed> $site url, identity, fingerprint.
	 */
	#[DataProvider( 'sites' )]
	public function test_the_site_identity_and_fingerprint_are_the_server_s( array $site ): void {
		$this->assertSame( $site['identity'], SiteIdentity::normalise( $site['url'] ) );
		$this->assertSame( $site['fingerprint'] ?? '', SiteIdentity::fingerprint( $site['url'] ) );
	}

	/**
	 * The trust of the vectors: the active key as the root, and the published entries given.
	 *
	 * @param array<int, array<string, mixed>> $published GET /keys entries.
	 */
	private static function trusted( array $published = array() ): TrustedKeys {
		$active = self::vectors( 'lease.json' )['keys']['active'];
		return TrustedKeys::from_roots( array( $active['kid'] => $active['public_key_b64url'] ), $published );
	}

	/**
	 * The vectors' endorsements as GET /keys entries.
	 *
	 * @return array<int, array<string, mixed>>
	 */
	private static function published(): array {
		$entries = array();
		foreach ( self::vectors( 'lease.json' )['endorsements'] as $endorsement ) {
			$entries[] = array(
				'kid'         => $endorsement['kid'],
				'alg'         => 'Ed25519',
				'public_key'  => $endorsement['public_key'],
				'status'      => 'next',
				'created_at'  => '2026-11-01T00:00:00Z',
				'endorsed_by' => $endorsement['endorsed_by'],
				'endorsement' => $endorsement['endorsement'],
			);
		}
		return $entries;
	}

	public function test_only_the_endorsements_the_server_calls_valid_add_trust(): void {
		$vectors = self::vectors( 'lease.json' );
		$trusted = self::trusted( self::published() );
		foreach ( $vectors['endorsements'] as $endorsement ) {
			$key = $trusted->key( $endorsement['kid'] );
			$this->assertSame( $endorsement['valid'], null !== $key && $key === sodium_base642bin( $endorsement['public_key'], SODIUM_BASE64_VARIANT_URLSAFE_NO_PADDING ), $endorsement['name'] );
		}
		$this->assertNull( $trusted->key( $vectors['keys']['wrong']['kid'] ) );
	}

	public function test_the_server_s_leases_read_and_verify_as_the_server_says(): void {
		$vectors  = self::vectors( 'lease.json' );
		$site     = SiteIdentity::fingerprint( $vectors['site_url'] );
		$expected = array(
			'active-licence'                  => array( Lease::VALID, Lease::VALID ),
			'suspended-licence'               => array( Lease::NOT_VALID, Lease::NOT_VALID ),
			'no-expiry-no-tier-not-activated' => array( Lease::OTHER_PRODUCT, Lease::OTHER_PRODUCT ),
			'other-site'                      => array( Lease::OTHER_SITE, Lease::OTHER_SITE ),
			'signed-by-next-key'              => array( Lease::UNKNOWN_KEY, Lease::VALID ),
		);
		$this->assertSame( $vectors['site'], $site );
		$this->assertEqualsCanonicalizing( array_keys( $expected ), array_column( $vectors['valid'], 'name' ), 'a new vector needs its expectation here' );
		foreach ( $vectors['valid'] as $vector ) {
			$lease = Lease::parse( $vector['lease'] );
			$this->assertNotNull( $lease, $vector['name'] );
			$this->assertSame( $vector['payload'], $lease->payload(), $vector['name'] );
			$this->assertSame( $expected[ $vector['name'] ][0], $lease->check( self::trusted(), 'acme-widgets', $site, $vectors['now'] ), $vector['name'] . ', the active key trusted' );
			$this->assertSame( $expected[ $vector['name'] ][1], $lease->check( self::trusted( self::published() ), 'acme-widgets', $site, $vectors['now'] ), $vector['name'] . ', the next key endorsed' );
		}
	}

	public function test_the_server_s_refused_variants_are_refused_for_the_same_reason(): void {
		$vectors = self::vectors( 'lease.json' );
		$site    = SiteIdentity::fingerprint( $vectors['site_url'] );
		$reasons = array(
			'bad_signature' => Lease::BAD_SIGNATURE,
			'unknown_kid'   => Lease::UNKNOWN_KEY,
			'expired'       => Lease::LEASE_EXPIRED,
		);
		$this->assertCount( 15, $vectors['invalid'] );
		foreach ( $vectors['invalid'] as $vector ) {
			$lease = Lease::parse( $vector['lease'] );
			if ( 'malformed' === $vector['reason'] ) {
				$this->assertNull( $lease, $vector['name'] );
				continue;
			}
			$this->assertNotNull( $lease, $vector['name'] );
			$this->assertSame( $reasons[ $vector['reason'] ], $lease->check( self::trusted( self::published() ), 'acme-widgets', $site, $vectors['now'] ), $vector['name'] );
		}
	}
}
