<?php
/**
 * A lease's form, signature, product, site and dates.
 *
 * @package SvcLicensingClient
 */

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Svc\LicensingClient\Base64Url;
use Svc\LicensingClient\Lease;
use Svc\LicensingClient\SiteIdentity;
use Svc\LicensingClient\TrustedKeys;

require_once __DIR__ . '/LeaseSigner.php';

final class LeaseTest extends TestCase {

	private const NOW = 1800000000;

	private function site(): string {
		return SiteIdentity::fingerprint( 'https://client.example' );
	}

	private function check( string $text, LeaseSigner $trusted, int $now = self::NOW ): string {
		$lease = Lease::parse( $text );
		$this->assertNotNull( $lease, $text );
		return $lease->check( TrustedKeys::from_roots( $trusted->root() ), 'acme-widgets', $this->site(), $now );
	}

	public function test_a_good_lease_is_valid_until_it_runs_out(): void {
		$key   = new LeaseSigner( 'k1', 'a' );
		$lease = $key->lease( self::NOW );
		$this->assertSame( Lease::VALID, $this->check( $lease, $key ) );
		$this->assertSame( Lease::VALID, $this->check( $lease, $key, self::NOW + 14 * 86400 - 1 ) );
		$this->assertSame( Lease::LEASE_EXPIRED, $this->check( $lease, $key, self::NOW + 14 * 86400 ) );
		$parsed = Lease::parse( $lease );
		$this->assertSame( array( 'k1', 'active', self::NOW, self::NOW + 14 * 86400 ), array( $parsed->kid(), $parsed->status(), $parsed->issued_at(), $parsed->lease_expires() ) );
	}

	public function test_a_payload_edited_after_signing_is_refused(): void {
		$key     = new LeaseSigner( 'k1', 'a' );
		$payload = $key->payload( self::NOW, array( 'valid' => false, 'status' => 'revoked' ) );
		list( , $signature ) = explode( '.', $key->sign( $payload ) );
		$flipped = Base64Url::encode( (string) json_encode( array_merge( $payload, array( 'valid' => true, 'status' => 'active' ) ) ) ) . '.' . $signature;
		$this->assertSame( Lease::BAD_SIGNATURE, $this->check( $flipped, $key ) );
		$this->assertSame( Lease::NOT_VALID, $this->check( $key->sign( $payload ), $key ), 'the server\'s own no is kept as it said' );
	}

	public function test_a_lease_signed_by_another_key_is_refused(): void {
		$trusted = new LeaseSigner( 'k1', 'a' );
		$other   = new LeaseSigner( 'k1', 'b' );
		$this->assertSame( Lease::BAD_SIGNATURE, $this->check( $other->lease( self::NOW ), $trusted ), 'same key id, another key' );
		$unknown = new LeaseSigner( 'k9', 'c' );
		$this->assertSame( Lease::UNKNOWN_KEY, $this->check( $unknown->lease( self::NOW ), $trusted ) );
	}

	public function test_a_lease_for_another_product_or_site_is_refused(): void {
		$key = new LeaseSigner( 'k1', 'a' );
		$this->assertSame( Lease::OTHER_PRODUCT, $this->check( $key->lease( self::NOW, array( 'product' => 'acme-gadgets' ) ), $key ) );
		$this->assertSame( Lease::OTHER_SITE, $this->check( $key->lease( self::NOW, array( 'site' => SiteIdentity::fingerprint( 'https://other.example' ) ) ), $key ) );
		$lease = Lease::parse( $key->lease( self::NOW ) );
		$this->assertSame( Lease::OTHER_SITE, $lease->check( TrustedKeys::from_roots( $key->root() ), 'acme-widgets', '', self::NOW ), 'a site without identity matches none' );
	}

	public function test_a_lease_for_a_site_not_activated_on_the_license_is_not_licensed_whatever_valid_says(): void {
		$key = new LeaseSigner( 'k1', 'a' );
		// What servers before issue 40 signed for any site of a usable licence, and what they sign now.
		$this->assertSame( Lease::NOT_ACTIVATED, $this->check( $key->lease( self::NOW, array( 'activated' => false ) ), $key ), 'valid, not activated (a server before issue 40)' );
		$this->assertSame( Lease::NOT_ACTIVATED, $this->check( $key->lease( self::NOW, array( 'valid' => false, 'activated' => false ) ), $key ) );
		$this->assertSame( Lease::NOT_VALID, $this->check( $key->lease( self::NOW, array( 'valid' => false, 'status' => 'suspended' ) ), $key ), 'activated but not valid: the server\'s no' );
		$this->assertSame( Lease::VALID, $this->check( $key->lease( self::NOW ), $key ), 'valid and activated' );
	}

	public function test_a_license_expired_by_the_clock_is_not_valid_whatever_the_lease_says(): void {
		$key   = new LeaseSigner( 'k1', 'a' );
		$lease = $key->lease( self::NOW, array( 'expires' => gmdate( 'Y-m-d\TH:i:s\Z', self::NOW + 3600 ) ) );
		$this->assertSame( Lease::VALID, $this->check( $lease, $key, self::NOW + 3599 ) );
		$this->assertSame( Lease::LICENSE_EXPIRED, $this->check( $lease, $key, self::NOW + 3600 ) );
	}

	/**
	 * @return array<string, array{mixed}>
	 */
	public static function malformed(): array {
		$key  = new LeaseSigner( 'k1', 'a' );
		$good = $key->payload( self::NOW );
		$more = $good + array( 'extra' => 1 );
		$less = $good;
		unset( $less['tier'] );
		return array(
			'not a string'       => array( 42 ),
			'no dot'             => array( 'abc' ),
			'two dots'           => array( $key->lease( self::NOW ) . '.x' ),
			'padded base64'      => array( str_replace( '.', '=.', $key->lease( self::NOW ) ) ),
			'short signature'    => array( explode( '.', $key->lease( self::NOW ) )[0] . '.' . Base64Url::encode( 'short' ) ),
			'an extra key'       => array( $key->sign( $more ) ),
			'a missing key'      => array( $key->sign( $less ) ),
			'a string for a time' => array( $key->sign( array_merge( $good, array( 'issued_at' => (string) self::NOW ) ) ) ),
			'another version'    => array( $key->sign( array_merge( $good, array( 'v' => 2 ) ) ) ),
			'an unreadable date' => array( $key->sign( array_merge( $good, array( 'expires' => 'soon' ) ) ) ),
			'not an object'      => array( Base64Url::encode( '[1,2]' ) . '.' . Base64Url::encode( str_repeat( 'x', 64 ) ) ),
		);
	}

	/**
	 * @param mixed $text The would-be lease.
	 */
	#[DataProvider( 'malformed' )]
	public function test_anything_not_in_the_lease_s_form_is_no_lease( $text ): void {
		$this->assertNull( Lease::parse( $text ) );
	}
}
