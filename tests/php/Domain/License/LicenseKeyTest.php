<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\License;

use InvalidArgumentException;
use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\License\LicenseKey;

final class LicenseKeyTest extends TestCase {

	public function test_generated_keys_have_the_shape_and_alphabet(): void {
		for ( $i = 0; $i < 500; $i++ ) {
			$key = LicenseKey::generate()->reveal();
			$this->assertMatchesRegularExpression( '/^[A-HJKMNP-Z2-9]{4}(-[A-HJKMNP-Z2-9]{4}){3}$/', $key );
			$this->assertTrue( LicenseKey::is_well_formed( $key ) );
		}
	}

	public function test_look_alike_characters_never_appear(): void {
		$all = '';
		for ( $i = 0; $i < 2000; $i++ ) {
			$all .= str_replace( '-', '', LicenseKey::generate()->reveal() );
		}
		foreach ( array( '0', 'O', '1', 'I', 'L' ) as $look_alike ) {
			$this->assertStringNotContainsString( $look_alike, $all );
		}
		// 32,000 draws from 31 symbols: every symbol shows up, so none is accidentally excluded.
		$this->assertSame( strlen( LicenseKey::ALPHABET ), count( array_unique( str_split( $all ) ) ) );
	}

	public function test_keys_do_not_repeat(): void {
		$keys = array();
		for ( $i = 0; $i < 5000; $i++ ) {
			$keys[] = LicenseKey::generate()->reveal();
		}
		$this->assertCount( 5000, array_unique( $keys ) );
	}

	/**
	 * @return array<string, array{string, bool}>
	 */
	public static function inputs(): array {
		return array(
			'canonical'           => array( 'ABCD-EFGH-JKMN-PQ23', true ),
			'lower case, padded'  => array( "  abcd-efgh-jkmn-pq23\n", true ),
			'zero'                => array( 'ABCD-EFGH-JKMN-PQ20', false ),
			'letter O'            => array( 'ABCD-EFGH-JKMN-PQ2O', false ),
			'letter I'            => array( 'ABCI-EFGH-JKMN-PQ23', false ),
			'letter L'            => array( 'ABCL-EFGH-JKMN-PQ23', false ),
			'digit one'           => array( 'ABC1-EFGH-JKMN-PQ23', false ),
			'no hyphens'          => array( 'ABCDEFGHJKMNPQ23', false ),
			'three groups'        => array( 'ABCD-EFGH-JKMN', false ),
			'five groups'         => array( 'ABCD-EFGH-JKMN-PQ23-RSTU', false ),
			'underscore'          => array( 'ABCD_EFGH_JKMN_PQ23', false ),
			'trailing newline in' => array( "ABCD-EFGH-JKMN-PQ23\nX", false ),
			'empty'               => array( '', false ),
		);
	}

	#[DataProvider( 'inputs' )]
	public function test_well_formedness( string $input, bool $expected ): void {
		$this->assertSame( $expected, LicenseKey::is_well_formed( $input ) );
	}

	public function test_parse_normalises_case_and_space(): void {
		$this->assertSame( 'ABCD-EFGH-JKMN-PQ23', LicenseKey::parse( ' abcd-efgh-jkmn-pq23 ' )->reveal() );
	}

	public function test_parse_refuses_malformed_keys(): void {
		$this->expectException( InvalidArgumentException::class );
		LicenseKey::parse( 'ABCD-EFGH-JKMN-PQ20' );
	}

	public function test_hash_is_keyed_and_case_insensitive_on_input(): void {
		$key = LicenseKey::parse( 'ABCD-EFGH-JKMN-PQ23' );
		$this->assertSame( hash_hmac( 'sha256', 'ABCD-EFGH-JKMN-PQ23', 'secret-a' ), $key->hash( 'secret-a' ) );
		$this->assertSame( $key->hash( 'secret-a' ), LicenseKey::parse( 'abcd-efgh-jkmn-pq23' )->hash( 'secret-a' ) );
		$this->assertNotSame( $key->hash( 'secret-a' ), $key->hash( 'secret-b' ) );
		$this->assertNotSame( hash( 'sha256', 'ABCD-EFGH-JKMN-PQ23' ), $key->hash( 'secret-a' ) );
	}

	public function test_hash_refuses_an_empty_secret(): void {
		$this->expectException( InvalidArgumentException::class );
		LicenseKey::parse( 'ABCD-EFGH-JKMN-PQ23' )->hash( '' );
	}

	public function test_groups_and_mask(): void {
		$key = LicenseKey::parse( 'ABCD-EFGH-JKMN-PQ23' );
		$this->assertSame( 'ABCD', $key->first_group() );
		$this->assertSame( 'PQ23', $key->last_group() );
		$this->assertSame( 'XXXX-XXXX-XXXX-PQ23', LicenseKey::mask( $key->last_group() ) );
	}
}
