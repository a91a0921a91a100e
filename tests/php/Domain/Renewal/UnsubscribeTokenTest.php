<?php
/**
 * The unsubscribe link's token: it works without signing in, carries no email address, and cannot be made up.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\Renewal;

use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\Renewal\UnsubscribeToken;

final class UnsubscribeTokenTest extends TestCase {

	private const SECRET = 'a-key-secret-of-this-site-0123456789abcdef';

	public function test_the_token_names_the_email_by_its_keyed_hash_only(): void {
		$tokens = new UnsubscribeToken( self::SECRET );
		$token  = $tokens->for_email( 'ada@example.com' );
		$this->assertStringNotContainsStringIgnoringCase( 'ada', $token );
		$this->assertStringNotContainsString( base64_encode( 'ada@example.com' ), $token );
		$this->assertMatchesRegularExpression( '/^[0-9a-f]{64}\.[0-9a-f]{16}$/D', $token );
		$this->assertSame( $tokens->email_hash( 'ada@example.com' ), $tokens->hash_of( $token ) );
	}

	public function test_the_hash_is_the_one_the_job_looks_up_and_differs_per_site(): void {
		$tokens = new UnsubscribeToken( self::SECRET );
		$this->assertSame( $tokens->email_hash( 'ada@example.com' ), $tokens->email_hash( 'ada@example.com' ) );
		$this->assertNotSame( $tokens->email_hash( 'ada@example.com' ), $tokens->email_hash( 'bob@example.com' ) );
		$this->assertSame( $tokens->email_hash( 'ada@example.com' ), $tokens->email_hash( ' Ada@Example.COM ' ), 'the address as the licence stores it: normalised' );
		$this->assertNotSame( $tokens->email_hash( 'ada@example.com' ), ( new UnsubscribeToken( 'another-site-secret-0123456789abcdef00' ) )->email_hash( 'ada@example.com' ) );
		$this->assertNotSame( hash( 'sha256', 'ada@example.com' ), $tokens->email_hash( 'ada@example.com' ), 'keyed: a list of addresses cannot be matched against the table' );
	}

	public function test_a_made_up_or_altered_token_is_refused(): void {
		$tokens = new UnsubscribeToken( self::SECRET );
		$token  = $tokens->for_email( 'ada@example.com' );
		list( $hash, $check ) = explode( '.', $token );
		$other = $tokens->email_hash( 'bob@example.com' );
		foreach ( array( '', $hash, $other . '.' . $check, $hash . '.' . str_repeat( '0', 16 ), strtoupper( $token ), $token . '0', $hash . '.' . $check . '.x', ( new UnsubscribeToken( 'another-site-secret-0123456789abcdef00' ) )->for_email( 'ada@example.com' ) ) as $bad ) {
			$this->assertNull( $tokens->hash_of( $bad ), $bad );
		}
	}

	public function test_a_site_without_a_secret_makes_no_token(): void {
		$this->expectException( \InvalidArgumentException::class );
		new UnsubscribeToken( '' );
	}
}
