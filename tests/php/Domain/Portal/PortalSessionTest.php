<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\Portal;

use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\Base64Url;
use Svc\Licensing\Domain\Portal\InvalidPortalSession;
use Svc\Licensing\Domain\Portal\PortalClaims;
use Svc\Licensing\Domain\Portal\PortalSession;

final class PortalSessionTest extends TestCase {
	private const NOW = 1800000000;

	private function session( string $key = 'site-secret' ): PortalSession {
		return new PortalSession( $key );
	}

	private function assert_refused( string $reason, string $cookie, int $now = self::NOW, string $key = 'site-secret' ): void {
		try {
			$this->session( $key )->verify( $cookie, $now );
			$this->fail( 'The session was accepted.' );
		} catch ( InvalidPortalSession $e ) {
			$this->assertSame( $reason, $e->reason() );
		}
	}

	public function test_a_session_names_its_email_and_ends_after_its_lifetime(): void {
		$cookie = $this->session()->issue( 'ada@example.com', self::NOW );
		$claims = $this->session()->verify( $cookie, self::NOW );
		$this->assertSame( 'ada@example.com', $claims->email );
		$this->assertSame( self::NOW + PortalSession::LIFETIME, $claims->expires );
		$this->assertSame( 4 * 3600, PortalSession::LIFETIME, 'a few hours' );
		$this->assertMatchesRegularExpression( '/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/', $cookie, 'cookie-safe, no padding' );
	}

	public function test_it_is_accepted_up_to_its_last_second_and_refused_after(): void {
		$cookie = $this->session()->issue( 'ada@example.com', self::NOW );
		$this->assertSame( 'ada@example.com', $this->session()->verify( $cookie, self::NOW + PortalSession::LIFETIME )->email );
		$this->assert_refused( InvalidPortalSession::EXPIRED, $cookie, self::NOW + PortalSession::LIFETIME + 1 );
	}

	public function test_another_email_written_into_the_claims_breaks_the_signature(): void {
		$cookie      = $this->session()->issue( 'ada@example.com', self::NOW );
		$parts       = explode( '.', $cookie );
		$claims      = json_decode( (string) Base64Url::decode( $parts[0] ), true );
		$claims['e'] = 'grace@example.com';
		$forged      = Base64Url::encode( (string) json_encode( $claims ) ) . '.' . $parts[1];
		$this->assert_refused( InvalidPortalSession::SIGNATURE, $forged );
	}

	public function test_a_session_signed_with_another_key_is_refused(): void {
		$cookie = $this->session( 'other-site' )->issue( 'ada@example.com', self::NOW );
		$this->assert_refused( InvalidPortalSession::SIGNATURE, $cookie );
	}

	public function test_malformed_cookies_are_refused_before_anything_is_read(): void {
		foreach ( array( '', '.', 'abc', 'a.b.c', 'ab+c.def', str_repeat( 'a', 2000 ) . '.b' ) as $cookie ) {
			try {
				$this->session()->verify( $cookie, self::NOW );
				$this->fail( "Accepted: {$cookie}" );
			} catch ( InvalidPortalSession $e ) {
				$this->assertContains( $e->reason(), array( InvalidPortalSession::MALFORMED, InvalidPortalSession::SIGNATURE ) );
			}
		}
	}

	public function test_a_signed_body_without_the_claims_is_malformed(): void {
		$key  = 'site-secret';
		$body = Base64Url::encode( (string) json_encode( array( 'e' => 'ada@example.com' ) ) );
		$mac  = Base64Url::encode( hash_hmac( 'sha256', 'svc-portal-session|' . $body, $key, true ) );
		$this->assert_refused( InvalidPortalSession::MALFORMED, $body . '.' . $mac );
	}

	public function test_each_session_gets_its_own_csrf_token_which_only_it_accepts(): void {
		$one = $this->session()->verify( $this->session()->issue( 'ada@example.com', self::NOW ), self::NOW );
		$two = $this->session()->verify( $this->session()->issue( 'ada@example.com', self::NOW ), self::NOW );
		$this->assertNotSame( $one->session_id, $two->session_id );
		$token = $this->session()->csrf( $one );
		$this->assertTrue( $this->session()->csrf_matches( $one, $token ) );
		$this->assertFalse( $this->session()->csrf_matches( $two, $token ), "another session's token" );
		$this->assertFalse( $this->session()->csrf_matches( $one, '' ), 'a missing token' );
		$this->assertFalse( $this->session( 'other-site' )->csrf_matches( $one, $token ), 'another key' );
	}

	public function test_a_csrf_token_is_not_a_session_signature(): void {
		$cookie = $this->session()->issue( 'ada@example.com', self::NOW );
		$claims = $this->session()->verify( $cookie, self::NOW );
		$parts  = explode( '.', $cookie );
		// Labels keep the two MACs apart: the session id signed as CSRF never passes as the cookie's signature.
		$this->assert_refused( InvalidPortalSession::SIGNATURE, $parts[0] . '.' . $this->session()->csrf( $claims ) );
	}

	public function test_the_stored_record_is_the_hash_of_the_session_id_never_the_id_or_the_cookie(): void {
		$cookie = $this->session()->issue( 'ada@example.com', self::NOW );
		$one    = $this->session()->verify( $cookie, self::NOW );
		$two    = $this->session()->verify( $this->session()->issue( 'ada@example.com', self::NOW ), self::NOW );
		$record = PortalSession::record_id( $one );
		$this->assertMatchesRegularExpression( '/^[0-9a-f]{64}$/', $record );
		$this->assertSame( hash( 'sha256', $one->session_id ), $record );
		$this->assertSame( $record, PortalSession::record_id( $this->session()->verify( $cookie, self::NOW + 60 ) ), 'the same session, read again' );
		$this->assertNotSame( $record, PortalSession::record_id( $two ), 'each session its own row' );
		$this->assertStringNotContainsString( $one->session_id, $record );
		$this->assertStringNotContainsString( $record, $cookie );
	}

	public function test_a_link_session_is_fresh_for_a_new_key_for_fifteen_minutes_an_account_session_never(): void {
		$claims = $this->session()->verify( $this->session()->issue( 'ada@example.com', self::NOW ), self::NOW );
		$this->assertTrue( $claims->by_link );
		$this->assertTrue( $claims->fresh( self::NOW ) );
		$this->assertTrue( $claims->fresh( self::NOW + 15 * 60 ), 'up to its last second' );
		$this->assertFalse( $claims->fresh( self::NOW + 15 * 60 + 1 ) );
		$account = new PortalClaims( 'ada@example.com', self::NOW + PortalSession::LIFETIME, 'wp-user|7|token', false );
		$this->assertFalse( $account->fresh( self::NOW ), 'an account is never a fresh sign-in by link' );
	}
}
