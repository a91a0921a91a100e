<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\Portal;

use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\Portal\SignInLink;

final class SignInLinkTest extends TestCase {

	public function test_tokens_are_random_url_safe_and_32_bytes(): void {
		$seen = array();
		for ( $i = 0; $i < 50; $i++ ) {
			$token = SignInLink::new_token();
			$this->assertMatchesRegularExpression( '/^[A-Za-z0-9_-]{43}$/', $token );
			$seen[ $token ] = true;
		}
		$this->assertCount( 50, $seen );
	}

	public function test_only_the_hash_is_stored_and_it_is_the_sha256_of_the_token(): void {
		$token = SignInLink::new_token();
		$this->assertSame( hash( 'sha256', $token ), SignInLink::hash( $token ) );
		$this->assertNotSame( SignInLink::hash( $token ), SignInLink::hash( SignInLink::new_token() ) );
	}

	public function test_text_that_cannot_be_a_token_has_no_hash(): void {
		foreach ( array( '', 'short', str_repeat( 'a', 44 ), str_repeat( 'a', 42 ) . '=', str_repeat( 'a', 42 ) . '/' ) as $text ) {
			$this->assertNull( SignInLink::hash( $text ), $text );
		}
	}

	public function test_a_link_lasts_fifteen_minutes(): void {
		$this->assertSame( 1800000000 + 900, SignInLink::expires( 1800000000 ) );
	}
}
