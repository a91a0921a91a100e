<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\License;

use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\License\SecretFingerprint;

final class SecretFingerprintTest extends TestCase {

	public function test_fingerprint_is_stable_one_way_and_distinct(): void {
		$secret = str_repeat( 'ab', 32 );
		$this->assertSame( SecretFingerprint::of( $secret ), SecretFingerprint::of( $secret ) );
		$this->assertMatchesRegularExpression( '/^[0-9a-f]{64}$/', SecretFingerprint::of( $secret ) );
		$this->assertStringNotContainsString( $secret, SecretFingerprint::of( $secret ) );
		$this->assertNotSame( SecretFingerprint::of( $secret ), SecretFingerprint::of( str_repeat( 'ab', 31 ) . 'ac' ) );
		$this->assertTrue( SecretFingerprint::matches( $secret, SecretFingerprint::of( $secret ) ) );
		$this->assertFalse( SecretFingerprint::matches( 'other', SecretFingerprint::of( $secret ) ) );
	}

	public function test_states(): void {
		$secret = 'secret';
		$print  = SecretFingerprint::of( $secret );
		$this->assertSame( 'new', SecretFingerprint::state( '', null, false ), 'a fresh install may create one' );
		$this->assertSame( 'missing', SecretFingerprint::state( '', null, true ), 'licences exist: never mint' );
		$this->assertSame( 'missing', SecretFingerprint::state( '', $print, true ), 'a fingerprint and licences: never mint' );
		$this->assertSame( 'new', SecretFingerprint::state( '', $print, false ), 'no licence left: a new secret harms no key' );
		$this->assertSame( 'unrecorded', SecretFingerprint::state( $secret, null, true ), 'an install from before fingerprints' );
		$this->assertSame( 'ok', SecretFingerprint::state( $secret, $print, true ) );
		$this->assertSame( 'mismatch', SecretFingerprint::state( 'another', $print, true ) );
		$this->assertSame( 'unrecorded', SecretFingerprint::state( 'another', $print, false ), 'no licence: record the new one' );
		$this->assertFalse( SecretFingerprint::needs_license_count( $secret, $print ), 'the common case asks nothing more' );
		$this->assertFalse( SecretFingerprint::needs_license_count( $secret, null ) );
		$this->assertTrue( SecretFingerprint::needs_license_count( '', $print ) );
		$this->assertTrue( SecretFingerprint::needs_license_count( 'another', $print ) );
	}
}
