<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\Lease;

use InvalidArgumentException;
use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\Base64Url;
use Svc\Licensing\Domain\Lease\InvalidLease;
use Svc\Licensing\Domain\Lease\KeyEndorsement;
use Svc\Licensing\Domain\Lease\LeaseCodec;
use Svc\Licensing\Domain\Lease\LeaseKey;
use Svc\Licensing\Domain\Lease\SiteFingerprint;
use Svc\Licensing\Domain\SiteUrl;

/**
 * The codec against the shared vectors (tests/vectors/), which the SDK's suite reads too.
 */
final class LeaseCodecTest extends TestCase {

	/**
	 * @return array<string, mixed>
	 */
	private static function vectors( string $file ): array {
		return json_decode( (string) file_get_contents( dirname( __DIR__, 3 ) . '/vectors/' . $file ), true, 512, JSON_THROW_ON_ERROR );
	}

	private static function key( string $label ): LeaseKey {
		$stored = self::vectors( 'lease.json' )['keys'][ $label ]['secret_key_b64url'];
		$key    = LeaseKey::from_stored( $stored );
		self::assertNotNull( $key );
		return $key;
	}

	/**
	 * @return array<string, string>
	 */
	private static function trusted(): array {
		$active = self::vectors( 'lease.json' )['keys']['active'];
		return array( $active['kid'] => $active['public_key_b64url'] );
	}

	/**
	 * @return array<string, array{array<string, mixed>}>
	 */
	public static function valid_leases(): array {
		$cases = array();
		foreach ( self::vectors( 'lease.json' )['valid'] as $case ) {
			$cases[ $case['name'] ] = array( $case );
		}
		return $cases;
	}

	/**
	 * @return array<string, array{array<string, mixed>}>
	 */
	public static function invalid_leases(): array {
		$cases = array();
		foreach ( self::vectors( 'lease.json' )['invalid'] as $case ) {
			$cases[ $case['name'] ] = array( $case );
		}
		return $cases;
	}

	/**
	 * @return array<string, array{array<string, mixed>}>
	 */
	public static function sites(): array {
		$cases = array();
		foreach ( self::vectors( 'site-identity.json' )['sites'] as $case ) {
			$cases[ '"' . $case['url'] . '"' ] = array( $case );
		}
		return $cases;
	}

	public function test_the_vector_keys_are_what_their_seeds_make_and_their_ids_are_derived_from_the_public_key(): void {
		foreach ( self::vectors( 'lease.json' )['keys'] as $vector ) {
			$key = LeaseKey::from_seed( (string) Base64Url::decode( $vector['seed_b64url'] ) );
			$this->assertSame( $vector['secret_key_b64url'], $key->to_stored() );
			$this->assertSame( $vector['public_key_b64url'], $key->public_key_b64url() );
			$this->assertSame( $vector['kid'], $key->kid() );
			$this->assertSame( substr( hash( 'sha256', $key->public_key() ), 0, 16 ), $key->kid() );
		}
	}

	#[DataProvider( 'valid_leases' )]
	public function test_signing_a_vector_payload_gives_the_vector_lease_byte_for_byte( array $case ): void {
		$signer = $case['payload']['kid'] === self::key( 'next' )->kid() ? self::key( 'next' ) : self::key( 'active' );
		$this->assertSame( $case['lease'], LeaseCodec::sign( $case['payload'], $signer ) );
		$this->assertSame( $case['payload_json'], Base64Url::decode( explode( '.', $case['lease'] )[0] ) );
	}

	#[DataProvider( 'valid_leases' )]
	public function test_a_vector_lease_verifies_with_its_signing_key_and_gives_back_its_payload( array $case ): void {
		$vectors = self::vectors( 'lease.json' );
		$keys    = self::trusted() + array( $vectors['keys']['next']['kid'] => $vectors['keys']['next']['public_key_b64url'] );
		$this->assertSame( $case['payload'], LeaseCodec::verify( $case['lease'], $keys, $vectors['now'] ) );
		$this->assertSame( $case['payload'], LeaseCodec::parse( $case['lease'] ) );
	}

	#[DataProvider( 'invalid_leases' )]
	public function test_an_invalid_vector_is_refused_for_its_reason( array $case ): void {
		try {
			LeaseCodec::verify( $case['lease'], self::trusted(), self::vectors( 'lease.json' )['now'] );
			$this->fail( 'Verified: ' . $case['name'] );
		} catch ( InvalidLease $refused ) {
			$this->assertSame( $case['reason'], $refused->reason() );
		}
	}

	public function test_the_lease_of_the_next_key_is_refused_until_that_key_is_trusted(): void {
		$vectors = self::vectors( 'lease.json' );
		$lease   = $vectors['valid'][4]['lease'];
		$this->assertSame( 'signed-by-next-key', $vectors['valid'][4]['name'] );
		$this->expectExceptionObject( new InvalidLease( 'unknown_kid' ) );
		LeaseCodec::verify( $lease, self::trusted(), $vectors['now'] );
	}

	public function test_a_lease_runs_out_at_its_lease_expires_second_not_after(): void {
		$vectors = self::vectors( 'lease.json' );
		$payload = $vectors['valid'][0]['payload'];
		$lease   = $vectors['valid'][0]['lease'];
		$this->assertSame( $payload, LeaseCodec::verify( $lease, self::trusted(), $payload['lease_expires'] - 1 ) );
		$this->assertSame( $payload, LeaseCodec::verify( $lease, self::trusted(), null ) );
		$this->expectExceptionObject( new InvalidLease( 'expired' ) );
		LeaseCodec::verify( $lease, self::trusted(), $payload['lease_expires'] );
	}

	public function test_a_trusted_kid_with_a_broken_public_key_is_an_unknown_key(): void {
		$vectors = self::vectors( 'lease.json' );
		$this->expectExceptionObject( new InvalidLease( 'unknown_kid' ) );
		LeaseCodec::verify( $vectors['valid'][0]['lease'], array( $vectors['keys']['active']['kid'] => 'short' ), $vectors['now'] );
	}

	public function test_payload_builds_the_exact_keys_in_order_with_the_lifetime_added_to_now(): void {
		$payload = LeaseCodec::payload(
			array(
				'license_id' => 5,
				'product'    => 'p',
				'site'       => 'sha256:00',
				'status'     => 'expired',
				'valid'      => false,
				'activated'  => true,
				'expires'    => null,
				'tier'       => null,
			),
			'abc',
			1000,
			60
		);
		$this->assertSame( array_keys( LeaseCodec::KEYS ), array_keys( $payload ) );
		$this->assertSame( 1, $payload['v'] );
		$this->assertSame( 1000, $payload['issued_at'] );
		$this->assertSame( 1060, $payload['lease_expires'] );
	}

	public function test_signing_refuses_a_payload_for_another_key_or_of_another_shape(): void {
		$payload = self::vectors( 'lease.json' )['valid'][0]['payload'];
		try {
			LeaseCodec::sign( $payload, self::key( 'wrong' ) );
			$this->fail( 'Signed under another kid.' );
		} catch ( InvalidArgumentException $refused ) {
			$this->assertStringContainsString( 'Not a lease payload', $refused->getMessage() );
		}
		unset( $payload['tier'] );
		$this->expectException( InvalidArgumentException::class );
		LeaseCodec::sign( $payload, self::key( 'active' ) );
	}

	public function test_endorsements_verify_only_for_the_key_they_were_made_for_by_the_endorser(): void {
		$vectors = self::vectors( 'lease.json' );
		$keys    = array();
		foreach ( $vectors['keys'] as $key ) {
			$keys[ $key['kid'] ] = $key['public_key_b64url'];
		}
		$active = $vectors['keys']['active']['kid'];
		foreach ( $vectors['endorsements'] as $case ) {
			// Only the active key is trusted to endorse.
			$verified = $active === $case['endorsed_by'] && KeyEndorsement::verify( $case['endorsement'], $case['kid'], $case['public_key'], $keys[ $case['endorsed_by'] ] );
			$this->assertSame( $case['valid'], $verified, $case['name'] );
		}
		$next = self::key( 'next' );
		$this->assertSame( $vectors['endorsements'][0]['endorsement'], KeyEndorsement::sign( self::key( 'active' ), $next->kid(), $next->public_key_b64url() ) );
		$this->assertFalse( KeyEndorsement::verify( 'not-a-signature', $next->kid(), $next->public_key_b64url(), $keys[ $active ] ) );
	}

	public function test_a_stored_key_must_be_64_bytes_holding_its_own_public_key(): void {
		$active = self::key( 'active' );
		$raw    = (string) Base64Url::decode( $active->to_stored() );
		$this->assertNull( LeaseKey::from_stored( '' ) );
		$this->assertNull( LeaseKey::from_stored( 'not base64url!' ) );
		$this->assertNull( LeaseKey::from_stored( Base64Url::encode( substr( $raw, 0, 32 ) ) ) );
		$this->assertNull( LeaseKey::from_stored( Base64Url::encode( substr( $raw, 0, 32 ) . self::key( 'wrong' )->public_key() ) ) );
		$this->assertSame( $active->kid(), LeaseKey::from_stored( $active->to_stored() )?->kid() );
	}

	public function test_generated_keys_differ_and_sign_leases_that_verify(): void {
		$one = LeaseKey::generate();
		$two = LeaseKey::generate();
		$this->assertNotSame( $one->kid(), $two->kid() );
		$payload = self::vectors( 'lease.json' )['valid'][0]['payload'];
		$payload['kid'] = $one->kid();
		$lease   = LeaseCodec::sign( $payload, $one );
		$this->assertSame( $payload, LeaseCodec::verify( $lease, array( $one->kid() => $one->public_key_b64url() ), null ) );
	}

	#[DataProvider( 'sites' )]
	public function test_site_identity_vectors_match_the_activation_rules( array $case ): void {
		$this->assertSame( $case['identity'], SiteUrl::normalise( $case['url'] ) );
		$this->assertSame( $case['fingerprint'], SiteFingerprint::of_url( $case['url'] ) );
		if ( null !== $case['identity'] ) {
			$this->assertSame( 'sha256:' . hash( 'sha256', $case['identity'] ), $case['fingerprint'] );
		}
	}
}
