<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\Release;

use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\Release\DownloadClaims;
use Svc\Licensing\Domain\Release\DownloadToken;
use Svc\Licensing\Domain\Release\InvalidDownloadToken;

final class DownloadTokenTest extends TestCase {
	private const NOW = 1800000000;

	private function token( string $key = 'server-secret' ): DownloadToken {
		return new DownloadToken( $key );
	}

	private function issued(): string {
		return $this->token()->issue( new DownloadClaims( 12, 345, '2.0.0-beta.1', self::NOW + 300 ) );
	}

	private function assert_refused( string $reason, string $token, int $now = self::NOW, string $key = 'server-secret' ): void {
		try {
			$this->token( $key )->verify( $token, $now );
			$this->fail( 'The token was accepted.' );
		} catch ( InvalidDownloadToken $e ) {
			$this->assertSame( $reason, $e->reason() );
		}
	}

	public function test_a_token_round_trips_its_claims(): void {
		$claims = $this->token()->verify( $this->issued(), self::NOW );
		$this->assertSame( array( 12, 345, '2.0.0-beta.1', self::NOW + 300 ), array( $claims->product_id, $claims->license_id, $claims->version, $claims->expires ) );
		$this->assertMatchesRegularExpression( '/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/', $this->issued(), 'URL-safe, no padding' );
	}

	public function test_an_old_clients_token_carries_its_site_and_others_none(): void {
		$this->assertNull( $this->token()->verify( $this->issued(), self::NOW )->site );
		$token = $this->token()->issue( new DownloadClaims( 12, 345, '2.0.0', self::NOW + 86400, 'shop.example.com' ) );
		$this->assertSame( 'shop.example.com', $this->token()->verify( $token, self::NOW + 86400 )->site );
		// The site is signed like every other claim: it cannot be taken out or swapped.
		list( $body, $signature ) = explode( '.', $token );
		$claims                   = json_decode( base64_decode( strtr( $body, '-_', '+/' ) ), true );
		foreach ( array( null, 'other.example.com' ) as $site ) {
			$forged = $claims;
			if ( null === $site ) {
				unset( $forged['s'] );
			} else {
				$forged['s'] = $site;
			}
			$forged_body = rtrim( strtr( base64_encode( (string) json_encode( $forged ) ), '+/', '-_' ), '=' );
			$this->assert_refused( InvalidDownloadToken::SIGNATURE, $forged_body . '.' . $signature );
		}
	}

	public function test_a_site_that_is_not_a_string_is_malformed(): void {
		$body = rtrim(
			strtr(
				base64_encode(
					(string) json_encode(
						array(
							'p' => 1,
							'l' => 2,
							'v' => '1.0.0',
							'e' => self::NOW + 60,
							's' => 7,
						)
					)
				),
				'+/',
				'-_'
			),
			'='
		);
		$signature = rtrim( strtr( base64_encode( hash_hmac( 'sha256', $body, 'server-secret', true ) ), '+/', '-_' ), '=' );
		$this->assert_refused( InvalidDownloadToken::MALFORMED, $body . '.' . $signature );
	}

	public function test_it_is_accepted_up_to_its_expiry_second_and_refused_after(): void {
		$this->assertSame( 345, $this->token()->verify( $this->issued(), self::NOW + 300 )->license_id );
		$this->assert_refused( InvalidDownloadToken::EXPIRED, $this->issued(), self::NOW + 301 );
	}

	public function test_another_key_refuses_it(): void {
		$this->assert_refused( InvalidDownloadToken::SIGNATURE, $this->issued(), self::NOW, 'another-secret' );
	}

	public function test_changed_claims_break_the_signature(): void {
		list( $body, $signature ) = explode( '.', $this->issued() );
		$claims                   = json_decode( base64_decode( strtr( $body, '-_', '+/' ) ), true );
		foreach ( array(
			'p' => 13,
			'l' => 346,
			'v' => '9.9.9',
			'e' => self::NOW + 86400,
		) as $name => $value ) {
			$forged          = $claims;
			$forged[ $name ] = $value;
			$forged_body     = rtrim( strtr( base64_encode( (string) json_encode( $forged ) ), '+/', '-_' ), '=' );
			$this->assert_refused( InvalidDownloadToken::SIGNATURE, $forged_body . '.' . $signature );
		}
	}

	public function test_a_flipped_signature_character_is_refused(): void {
		$token   = $this->issued();
		$last    = substr( $token, -2, 1 );
		$flipped = substr( $token, 0, -2 ) . ( 'A' === $last ? 'B' : 'A' ) . substr( $token, -1 );
		$this->assert_refused( InvalidDownloadToken::SIGNATURE, $flipped );
	}

	public function test_malformed_tokens_are_refused(): void {
		$token = $this->issued();
		foreach ( array( '', 'abc', '.', $token . '.x', str_replace( '.', '', $token ), '!!!.' . explode( '.', $token )[1] ) as $bad ) {
			$this->assertNotSame( $token, $bad );
			try {
				$this->token()->verify( $bad, self::NOW );
				$this->fail( "Accepted {$bad}" );
			} catch ( InvalidDownloadToken $e ) {
				$this->assertContains( $e->reason(), array( InvalidDownloadToken::MALFORMED, InvalidDownloadToken::SIGNATURE ) );
			}
		}
	}

	public function test_signed_garbage_is_malformed_not_accepted(): void {
		$body = rtrim( strtr( base64_encode( '{"p":"12","l":345}' ), '+/', '-_' ), '=' );
		$sig  = rtrim( strtr( base64_encode( hash_hmac( 'sha256', $body, 'server-secret', true ) ), '+/', '-_' ), '=' );
		$this->assert_refused( InvalidDownloadToken::MALFORMED, $body . '.' . $sig );
	}
}
