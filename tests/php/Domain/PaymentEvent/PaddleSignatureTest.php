<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\PaymentEvent;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\PaymentEvent\InvalidSignature;
use Svc\Licensing\Domain\PaymentEvent\PaddleSignature;

final class PaddleSignatureTest extends TestCase {
	private const SECRET = 'pdl_ntfset_01jc4m0test0secret0key00000000_abcdefghijklmnop';
	private const NOW    = 1800000000;
	private const BODY   = '{"event_id":"evt_01jc4qa6j8m0p2s4v6y8b0d2f4","event_type":"transaction.completed","data":{}}';

	private static function h1( string $body = self::BODY, string $secret = self::SECRET, int $ts = self::NOW ): string {
		return hash_hmac( 'sha256', $ts . ':' . $body, $secret );
	}

	public function test_it_matches_the_vector_paddles_own_node_sdk_tests_with(): void {
		// The body, secret key, ts and h1 of @paddle/paddle-node-sdk's webhooks-validator test ("Valid signature"):
		// our verifier and our signer agree with Paddle's on the signed string "<ts>:<body>".
		$body = '{"data": ["1", "2"]}';
		$h1   = 'a300428748dce5c70e4da19bffd60769591ea969c99dea3105d0ec9612cf43f9';
		PaddleSignature::verify( 'ts=1698796800;h1=' . $h1, $body, 'VALID_SECRET', 1698796800 );
		$this->assertSame( 'ts=1698796800;h1=' . $h1, PaddleSignature::sign( $body, 'VALID_SECRET', 1698796800 ) );
	}

	public function test_the_parser_reads_ts_and_every_h1_and_ignores_other_schemes(): void {
		$a = str_repeat( 'a', 64 );
		$b = str_repeat( 'b', 64 );
		$this->assertSame(
			array(
				'timestamp' => 123,
				'h1'        => array( $a, $b ),
			),
			PaddleSignature::parse( " ts=123; h1={$a};h2=RANDOM_HASH;h1={$b};" )
		);
	}

	public function test_a_valid_signature_verifies(): void {
		PaddleSignature::verify( 'ts=' . self::NOW . ';h1=' . self::h1(), self::BODY, self::SECRET, self::NOW );
		$this->assertSame( 'ts=' . self::NOW . ';h1=' . self::h1(), PaddleSignature::sign( self::BODY, self::SECRET, self::NOW ) );
	}

	public function test_any_matching_h1_is_enough_while_the_secret_is_rotated(): void {
		foreach ( array(
			'old first' => array( 'pdl_ntfset_old', self::SECRET ),
			'new first' => array( self::SECRET, 'pdl_ntfset_old' ),
		) as $order ) {
			$header = 'ts=' . self::NOW . ';h1=' . self::h1( self::BODY, $order[0] ) . ';h1=' . self::h1( self::BODY, $order[1] );
			PaddleSignature::verify( $header, self::BODY, self::SECRET, self::NOW );
		}
		$this->addToAssertionCount( 2 );
	}

	public function test_the_tolerance_is_300_seconds_either_way(): void {
		foreach ( array( -300, 300 ) as $offset ) {
			$ts = self::NOW + $offset;
			PaddleSignature::verify( "ts={$ts};h1=" . self::h1( self::BODY, self::SECRET, $ts ), self::BODY, self::SECRET, self::NOW );
		}
		foreach ( array( -301, 301, -86400 ) as $offset ) {
			$ts = self::NOW + $offset;
			$this->assert_refused( "ts={$ts};h1=" . self::h1( self::BODY, self::SECRET, $ts ), self::BODY, 'outside the tolerance of 300 seconds' );
		}
	}

	/**
	 * Headers that must be refused, with part of the reason.
	 *
	 * @return array<string, array{string, string, string}>
	 */
	public static function refused(): array {
		$ts = self::NOW;
		$h1 = self::h1();
		return array(
			'tampered body'           => array( "ts={$ts};h1={$h1}", str_replace( 'evt_01', 'evt_02', self::BODY ), 'No h1 signature matches' ),
			'wrong secret'            => array( "ts={$ts};h1=" . self::h1( self::BODY, 'pdl_ntfset_other' ), self::BODY, 'No h1 signature matches' ),
			'ts moved by one second'  => array( 'ts=' . ( $ts + 1 ) . ";h1={$h1}", self::BODY, 'No h1 signature matches' ),
			'Stripe\'s signed string' => array( "ts={$ts};h1=" . hash_hmac( 'sha256', $ts . '.' . self::BODY, self::SECRET ), self::BODY, 'No h1 signature matches' ),
			'missing header'          => array( '', self::BODY, 'header is missing' ),
			'only spaces'             => array( '   ', self::BODY, 'header is missing' ),
			'no ts'                   => array( "h1={$h1}", self::BODY, 'has no ts' ),
			'two ts'                  => array( "ts={$ts};ts={$ts};h1={$h1}", self::BODY, 'more than one ts' ),
			'ts not a number'         => array( "ts=soon;h1={$h1}", self::BODY, 'ts is not a Unix time' ),
			'ts in milliseconds'      => array( "ts={$ts}000;h1={$h1}", self::BODY, 'ts is not a Unix time' ),
			'no h1'                   => array( "ts={$ts}", self::BODY, 'no h1 signature of 64 hex digits' ),
			'h2 only'                 => array( "ts={$ts};h2={$h1}", self::BODY, 'no h1 signature of 64 hex digits' ),
			'truncated h1'            => array( "ts={$ts};h1=" . substr( $h1, 0, 63 ), self::BODY, 'no h1 signature of 64 hex digits' ),
			'upper-case h1'           => array( "ts={$ts};h1=" . strtoupper( $h1 ), self::BODY, 'no h1 signature of 64 hex digits' ),
			'Stripe\'s header shape'  => array( "t={$ts},v1={$h1}", self::BODY, 'has no ts' ),
			'a part without ='        => array( "ts={$ts};junk;h1={$h1}", self::BODY, 'each part must be key=value' ),
			'an empty key'            => array( "ts={$ts};=x;h1={$h1}", self::BODY, 'each part must be key=value' ),
			'an endless header'       => array( "ts={$ts};" . str_repeat( "h1={$h1};", 40 ), self::BODY, 'longer than 2048 characters' ),
		);
	}

	#[DataProvider( 'refused' )]
	public function test_bad_deliveries_are_refused_with_the_reason( string $header, string $body, string $reason ): void {
		$this->assert_refused( $header, $body, $reason );
	}

	public function test_no_secret_refuses_everything(): void {
		$this->expectException( InvalidSignature::class );
		$this->expectExceptionMessage( 'No Paddle webhook secret key is configured' );
		PaddleSignature::verify( 'ts=' . self::NOW . ';h1=' . self::h1( self::BODY, '' ), self::BODY, '', self::NOW );
	}

	public function test_no_reason_echoes_the_secret_or_the_expected_signature(): void {
		try {
			PaddleSignature::verify( 'ts=' . self::NOW . ';h1=' . str_repeat( '0', 64 ), self::BODY, self::SECRET, self::NOW );
			$this->fail( 'Accepted.' );
		} catch ( InvalidSignature $e ) {
			$this->assertStringNotContainsString( self::SECRET, $e->getMessage() );
			$this->assertStringNotContainsString( self::h1(), $e->getMessage() );
		}
	}

	private function assert_refused( string $header, string $body, string $reason ): void {
		try {
			PaddleSignature::verify( $header, $body, self::SECRET, self::NOW );
			$this->fail( 'Accepted.' );
		} catch ( InvalidSignature $e ) {
			$this->assertStringContainsString( $reason, $e->getMessage() );
		}
	}
}
