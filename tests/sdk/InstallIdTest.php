<?php
/**
 * The install fingerprint: stable for a site, not the id itself.
 *
 * @package SvcLicensingClient
 */

use PHPUnit\Framework\TestCase;
use Svc\LicensingClient\InstallId;

final class InstallIdTest extends TestCase {

	public function test_ids_are_random_and_their_fingerprint_is_stable_and_not_the_id(): void {
		$one = InstallId::generate();
		$two = InstallId::generate();
		$this->assertNotSame( $one, $two );
		$this->assertTrue( InstallId::is_valid( $one ) );
		$this->assertSame( InstallId::fingerprint( $one ), InstallId::fingerprint( $one ) );
		$this->assertNotSame( InstallId::fingerprint( $one ), InstallId::fingerprint( $two ) );
		$this->assertMatchesRegularExpression( '/^[0-9a-f]{64}$/', InstallId::fingerprint( $one ) );
		$this->assertNotSame( hash( 'sha256', $one ), InstallId::fingerprint( $one ) );
	}

	public function test_stored_junk_is_no_id(): void {
		foreach ( array( null, '', 'abc', str_repeat( 'G', 64 ), 42 ) as $value ) {
			$this->assertFalse( InstallId::is_valid( $value ) );
		}
	}
}
