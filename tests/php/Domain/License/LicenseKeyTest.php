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

	/**
	 * Keys another licensing system issued, which a move-in carries over as they are (docs/moving-in.md).
	 *
	 * @return array<string, array{string, bool}>
	 */
	public static function carried_over_inputs(): array {
		return array(
			'EDD md5 key'                => array( 'd41d8cd98f00b204e9800998ecf8427e', true ),
			'SLM key with its prefix'    => array( 'SLM-5f3c2a1b9e4d7', true ),
			'SLM key without a prefix'   => array( '5f3c2a1b9e4d7', true ),
			'dots and underscores'       => array( 'acme_pro.2024-x9', true ),
			'our own shape'              => array( 'ABCD-EFGH-JKMN-PQ23', false ),
			'our shape, mistyped'        => array( 'ABCD-EFGH-JKMN-PQ20', false ),
			'too short'                  => array( 'nope', false ),
			'seven characters'           => array( 'abcdefg', false ),
			'65 characters'              => array( str_repeat( 'a', 65 ), false ),
			'a space inside'             => array( 'not a key at all', false ),
			'starts with a hyphen'       => array( '-abcdefgh', false ),
			'ends with a dot'            => array( 'abcdefgh.', false ),
			'a slash'                    => array( 'abcd/efgh', false ),
			'non-ASCII letter'           => array( 'abcdéfghij', false ),
			'empty'                      => array( '', false ),
		);
	}

	#[DataProvider( 'carried_over_inputs' )]
	public function test_carried_over_shape( string $input, bool $expected ): void {
		$this->assertSame( $expected, LicenseKey::is_carried_over( $input ) );
	}

	public function test_parse_takes_a_carried_over_key_whatever_its_case(): void {
		$key = LicenseKey::parse( "  d41d8cd98f00b204e9800998ecf8427e\n" );
		$this->assertSame( 'D41D8CD98F00B204E9800998ECF8427E', $key->reveal() );
		$this->assertSame( $key->hash( 'secret-a' ), LicenseKey::parse( 'D41D8CD98F00B204E9800998ECF8427E' )->hash( 'secret-a' ) );
		$this->assertSame( hash_hmac( 'sha256', 'D41D8CD98F00B204E9800998ECF8427E', 'secret-a' ), $key->hash( 'secret-a' ) );
		$this->assertSame( 'D41D', $key->first_group() );
		$this->assertSame( '427E', $key->last_group() );
	}

	public function test_parse_still_refuses_what_is_neither(): void {
		foreach ( array( 'not a key', 'nope', 'ABCD-EFGH-JKMN-PQ20', '' ) as $input ) {
			try {
				LicenseKey::parse( $input );
				$this->fail( "parse() took {$input}" );
			} catch ( InvalidArgumentException $e ) {
				$this->assertSame( 'Not a licence key.', $e->getMessage() );
			}
		}
	}
}
