<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\PaymentEvent;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\PaymentEvent\InvalidSignature;
use Svc\Licensing\Domain\PaymentEvent\StripeSignature;

final class StripeSignatureTest extends TestCase {
	private const SECRET = 'whsec_test_secret';
	private const NOW    = 1800000000;
	private const BODY   = '{"id":"evt_1","type":"invoice.paid","data":{"object":{}}}';

	private static function v1( string $body = self::BODY, string $secret = self::SECRET, int $t = self::NOW ): string {
		return hash_hmac( 'sha256', $t . '.' . $body, $secret );
	}

	public function test_the_parser_reads_t_and_every_v1_and_ignores_other_schemes(): void {
		$a = str_repeat( 'a', 64 );
		$b = str_repeat( 'b', 64 );
		$this->assertSame(
			array(
				'timestamp' => 123,
				'v1'        => array( $a, $b ),
			),
			StripeSignature::parse( "t=123,v1={$a},v0=" . str_repeat( 'c', 64 ) . ",v1={$b}" )
		);
		$this->assertSame(
			array(
				'timestamp' => 5,
				'v1'        => array( $a ),
			),
			StripeSignature::parse( " t=5 , v1={$a} ,junk,=x,v2=zz" ),
			'spaces trimmed, junk skipped'
		);
		$this->assertSame(
			array(
				'timestamp' => null,
				'v1'        => array(),
			),
			StripeSignature::parse( 't=abc,v1=XYZ,v1=' . str_repeat( 'A', 64 ) ),
			'non-numeric t, short or upper-case hex are not signatures'
		);
		$this->assertSame( 7, StripeSignature::parse( 't=7,t=9' )['timestamp'], 'the first t wins' );
	}

	public function test_a_valid_signature_verifies(): void {
		StripeSignature::verify( 't=' . self::NOW . ',v1=' . self::v1(), self::BODY, self::SECRET, self::NOW );
		$this->assertSame( StripeSignature::sign( self::BODY, self::SECRET, self::NOW ), 't=' . self::NOW . ',v1=' . self::v1() );
	}

	public function test_any_matching_v1_is_enough(): void {
		$header = 't=' . self::NOW . ',v1=' . self::v1( self::BODY, 'whsec_old' ) . ',v1=' . self::v1();
		StripeSignature::verify( $header, self::BODY, self::SECRET, self::NOW );
		$this->addToAssertionCount( 1 );
	}

	public function test_the_tolerance_is_300_seconds_either_way(): void {
		foreach ( array( -300, 300 ) as $offset ) {
			$t = self::NOW + $offset;
			StripeSignature::verify( "t={$t},v1=" . self::v1( self::BODY, self::SECRET, $t ), self::BODY, self::SECRET, self::NOW );
		}
		foreach ( array( -301, 301 ) as $offset ) {
			$t = self::NOW + $offset;
			$this->assert_refused( "t={$t},v1=" . self::v1( self::BODY, self::SECRET, $t ), self::BODY, 'outside the tolerance' );
		}
	}

	/**
	 * Headers that must be refused, with part of the reason.
	 *
	 * @return array<string, array{string, string, string}>
	 */
	public static function refused(): array {
		$t = self::NOW;
		return array(
			'tampered body'    => array( "t={$t},v1=" . self::v1(), str_replace( 'evt_1', 'evt_2', self::BODY ), 'No v1 signature matches' ),
			'wrong secret'     => array( "t={$t},v1=" . self::v1( self::BODY, 'whsec_other' ), self::BODY, 'No v1 signature matches' ),
			'v0 only'          => array( "t={$t},v0=" . self::v1(), self::BODY, 'no t and v1' ),
			'no timestamp'     => array( 'v1=' . self::v1(), self::BODY, 'no t and v1' ),
			'empty header'     => array( '', self::BODY, 'no t and v1' ),
			'timestamp moved'  => array( 't=' . ( $t + 1 ) . ',v1=' . self::v1(), self::BODY, 'No v1 signature matches' ),
			'truncated digest' => array( "t={$t},v1=" . substr( self::v1(), 0, 63 ), self::BODY, 'no t and v1' ),
		);
	}

	#[DataProvider( 'refused' )]
	public function test_bad_deliveries_are_refused( string $header, string $body, string $reason ): void {
		$this->assert_refused( $header, $body, $reason );
	}

	public function test_no_secret_refuses_everything(): void {
		$this->expectException( InvalidSignature::class );
		$this->expectExceptionMessage( 'No webhook signing secret' );
		StripeSignature::verify( 't=' . self::NOW . ',v1=' . hash_hmac( 'sha256', self::NOW . '.' . self::BODY, '' ), self::BODY, '', self::NOW );
	}

	private function assert_refused( string $header, string $body, string $reason ): void {
		try {
			StripeSignature::verify( $header, $body, self::SECRET, self::NOW );
			$this->fail( 'Accepted.' );
		} catch ( InvalidSignature $e ) {
			$this->assertStringContainsString( $reason, $e->getMessage() );
		}
	}
}
