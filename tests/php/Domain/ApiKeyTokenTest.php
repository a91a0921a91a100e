<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain;

use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\ApiKey\ApiKeyToken;

final class ApiKeyTokenTest extends TestCase {

	public function test_generated_keys_are_well_formed_unique_and_hashed_with_sha256(): void {
		$keys = array();
		for ( $i = 0; $i < 1000; $i++ ) {
			$key = ApiKeyToken::generate();
			$this->assertTrue( ApiKeyToken::is_well_formed( $key ), $key );
			$keys[] = $key;
		}
		$this->assertCount( 1000, array_unique( $keys ) );
		$this->assertSame( hash( 'sha256', $keys[0] ), ApiKeyToken::hash( $keys[0] ) );
		$this->assertSame( 8, strlen( ApiKeyToken::prefix( $keys[0] ) ) );
		$this->assertStringStartsWith( 'svc_', ApiKeyToken::prefix( $keys[0] ) );
	}

	public function test_malformed_keys(): void {
		$this->assertFalse( ApiKeyToken::is_well_formed( 'svc_' . str_repeat( 'a', 39 ) ) );
		$this->assertFalse( ApiKeyToken::is_well_formed( 'svc_' . str_repeat( 'a', 39 ) . '-' ) );
		$this->assertFalse( ApiKeyToken::is_well_formed( 'key_' . str_repeat( 'a', 40 ) ) );
		$this->assertFalse( ApiKeyToken::is_well_formed( 'svc_' . str_repeat( 'a', 40 ) . "\n" ) );
	}

	public function test_headers_service_key_first_then_bearer(): void {
		$this->assertSame( 'k1', ApiKeyToken::from_headers( ' k1 ', 'Bearer k2' ) );
		$this->assertSame( 'k2', ApiKeyToken::from_headers( '', 'Bearer k2' ) );
		$this->assertSame( 'k2', ApiKeyToken::from_headers( '', 'bearer   k2 ' ) );
		$this->assertNull( ApiKeyToken::from_headers( '', 'Basic YWRtaW46cGFzcw==' ) );
		$this->assertNull( ApiKeyToken::from_headers( '', '' ) );
	}
}
