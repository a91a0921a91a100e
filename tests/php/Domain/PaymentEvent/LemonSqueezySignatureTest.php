<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\PaymentEvent;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\PaymentEvent\InvalidSignature;
use Svc\Licensing\Domain\PaymentEvent\LemonSqueezySignature;

final class LemonSqueezySignatureTest extends TestCase {
	private const SECRET = 'lsq-signing-secret-7f3a';
	private const BODY   = '{"meta":{"event_name":"order_created"},"data":{"type":"orders","id":"2871299","attributes":{}}}';

	public function test_the_signature_is_the_hex_hmac_of_the_raw_body(): void {
		$expected = hash_hmac( 'sha256', self::BODY, self::SECRET );
		$this->assertSame( $expected, LemonSqueezySignature::sign( self::BODY, self::SECRET ) );
		LemonSqueezySignature::verify( $expected, self::BODY, self::SECRET );
		LemonSqueezySignature::verify( ' ' . strtoupper( $expected ) . "\n", self::BODY, self::SECRET );
		$this->addToAssertionCount( 2 );
	}

	public function test_every_fixture_verifies_with_its_own_bytes_and_not_with_a_reencoding(): void {
		foreach ( (array) glob( dirname( __DIR__, 3 ) . '/fixtures/payments/lemonsqueezy/*.json' ) as $file ) {
			$raw = (string) file_get_contents( (string) $file );
			LemonSqueezySignature::verify( LemonSqueezySignature::sign( $raw, self::SECRET ), $raw, self::SECRET );
			$compact = (string) json_encode( json_decode( $raw ) );
			try {
				LemonSqueezySignature::verify( LemonSqueezySignature::sign( $raw, self::SECRET ), $compact, self::SECRET );
				$this->fail( basename( (string) $file ) . ': a re-encoded body verified.' );
			} catch ( InvalidSignature $e ) {
				$this->assertStringContainsString( 'does not match', $e->getMessage() );
			}
		}
	}

	/**
	 * Headers that must be refused, with part of the reason.
	 *
	 * @return array<string, array{string, string, string}>
	 */
	public static function refused(): array {
		$good = hash_hmac( 'sha256', self::BODY, self::SECRET );
		return array(
			'tampered body'   => array( $good, str_replace( '2871299', '2871300', self::BODY ), 'does not match' ),
			'wrong secret'    => array( hash_hmac( 'sha256', self::BODY, 'another-secret' ), self::BODY, 'does not match' ),
			'sha1 digest'     => array( hash_hmac( 'sha1', self::BODY, self::SECRET ), self::BODY, 'must be 64 hex digits' ),
			'base64 digest'   => array( base64_encode( hash_hmac( 'sha256', self::BODY, self::SECRET, true ) ), self::BODY, 'must be 64 hex digits' ),
			'Stripe-style'    => array( 't=1800000000,v1=' . $good, self::BODY, 'must be 64 hex digits' ),
			'sha256= prefix'  => array( 'sha256=' . $good, self::BODY, 'must be 64 hex digits' ),
			'missing header'  => array( '', self::BODY, 'header is missing' ),
			'truncated'       => array( substr( $good, 0, 63 ), self::BODY, 'must be 64 hex digits' ),
			'plain body hash' => array( hash( 'sha256', self::BODY ), self::BODY, 'does not match' ),
		);
	}

	#[DataProvider( 'refused' )]
	public function test_bad_deliveries_are_refused_with_the_reason( string $header, string $body, string $reason ): void {
		try {
			LemonSqueezySignature::verify( $header, $body, self::SECRET );
			$this->fail( 'Accepted.' );
		} catch ( InvalidSignature $e ) {
			$this->assertStringContainsString( $reason, $e->getMessage() );
			$this->assertStringNotContainsString( self::SECRET, $e->getMessage() );
		}
	}

	public function test_no_secret_refuses_everything(): void {
		$this->expectException( InvalidSignature::class );
		$this->expectExceptionMessage( 'No Lemon Squeezy signing secret is configured' );
		LemonSqueezySignature::verify( hash_hmac( 'sha256', self::BODY, '' ), self::BODY, '' );
	}
}
