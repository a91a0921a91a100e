<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\Release;

use InvalidArgumentException;
use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\Release\Version;

final class VersionTest extends TestCase {

	/**
	 * Pairs in ascending order.
	 *
	 * @return array<string, array{string, string}>
	 */
	public static function ascending(): array {
		return array(
			'numeric, not string, minor'     => array( '1.9.0', '1.10.0' ),
			'numeric patch'                  => array( '1.0.9', '1.0.10' ),
			'major'                          => array( '1.99.99', '2.0.0' ),
			'pre-release before release'     => array( '2.0.0-beta.1', '2.0.0' ),
			'alpha before beta'              => array( '2.0.0-alpha', '2.0.0-beta' ),
			'shorter pre-release list first' => array( '1.0.0-alpha', '1.0.0-alpha.1' ),
			'numeric identifiers by value'   => array( '1.0.0-beta.2', '1.0.0-beta.11' ),
			'numbers before words'           => array( '1.0.0-alpha.1', '1.0.0-alpha.beta' ),
			'rc after beta'                  => array( '1.0.0-beta.11', '1.0.0-rc.1' ),
			'pre-release above lower patch'  => array( '1.0.9', '1.0.10-alpha' ),
		);
	}

	#[DataProvider( 'ascending' )]
	public function test_precedence_follows_semver( string $lower, string $higher ): void {
		$this->assertTrue( Version::parse( $higher )->is_newer_than( Version::parse( $lower ) ) );
		$this->assertFalse( Version::parse( $lower )->is_newer_than( Version::parse( $higher ) ) );
		$this->assertSame( -1, Version::parse( $lower )->compare( Version::parse( $higher ) ) );
		$this->assertSame( 1, Version::parse( $higher )->compare( Version::parse( $lower ) ) );
	}

	public function test_the_semver_spec_example_chain_sorts_in_order(): void {
		$chain    = array( '1.0.0-alpha', '1.0.0-alpha.1', '1.0.0-alpha.beta', '1.0.0-beta', '1.0.0-beta.2', '1.0.0-beta.11', '1.0.0-rc.1', '1.0.0' );
		$shuffled = array_reverse( $chain );
		usort(
			$shuffled,
			static function ( string $a, string $b ): int {
				return Version::parse( $a )->compare( Version::parse( $b ) );
			}
		);
		$this->assertSame( $chain, $shuffled );
	}

	public function test_build_metadata_does_not_change_precedence(): void {
		$this->assertSame( 0, Version::parse( '1.2.3+build.7' )->compare( Version::parse( '1.2.3+other' ) ) );
		$this->assertSame( 0, Version::parse( '1.2.3' )->compare( Version::parse( '1.2.3' ) ) );
	}

	/**
	 * Strings a release may not use.
	 *
	 * @return array<string, array{string}>
	 */
	public static function not_semver(): array {
		return array(
			'two parts'        => array( '1.2' ),
			'leading v'        => array( 'v1.2.3' ),
			'leading zero'     => array( '01.2.3' ),
			'zero-padded pre'  => array( '1.2.3-01' ),
			'empty pre'        => array( '1.2.3-' ),
			'empty identifier' => array( '1.2.3-alpha..1' ),
			'spaces'           => array( ' 1.2.3' ),
			'words'            => array( 'latest' ),
			'empty'            => array( '' ),
			'too long'         => array( '1.2.3-' . str_repeat( 'a', 80 ) ),
			'part over 18 digits' => array( '1.1234567890123456789.0' ),
		);
	}

	/**
	 * Strings that are semver, with and without pre-release and build parts.
	 *
	 * @return array<string, array{string}>
	 */
	public static function semver(): array {
		return array(
			'release'               => array( '1.2.3' ),
			'zeros'                 => array( '0.0.0' ),
			'pre-release'           => array( '3.0.0-beta.1' ),
			'hyphen in identifier'  => array( '1.0.0-x-y.7' ),
			'alphanumeric zero'     => array( '1.0.0-0a' ),
			'build'                 => array( '1.0.0+build.5' ),
			'pre-release and build' => array( '1.0.0-rc.1+exp.sha.5114f85' ),
			'date and time parts'   => array( '2.1795459294.2' ),
			'18-digit part'         => array( '123456789012345678.0.0' ),
		);
	}

	#[DataProvider( 'semver' )]
	public function test_releases_take_strict_semver( string $text ): void {
		$this->assertTrue( Version::is_valid( $text ) );
		$this->assertSame( 0, Version::parse( $text )->compare( Version::parse( $text ) ) );
	}

	/**
	 * The REST schemas' pattern, applied as WordPress applies a JSON schema pattern, accepts exactly what the
	 * domain parses: one rule, so the API never stores a version the update check cannot read.
	 */
	public function test_the_schema_pattern_is_the_same_rule(): void {
		$samples = array_merge( array_column( self::semver(), 0 ), array_column( self::not_semver(), 0 ) );
		foreach ( $samples as $text ) {
			if ( strlen( $text ) > 64 ) {
				continue; // The schemas' maxLength refuses these before the pattern.
			}
			$matches = 1 === preg_match( '#' . str_replace( '#', '\\#', Version::PATTERN ) . '#u', $text );
			$this->assertSame( Version::is_valid( $text ), $matches, $text );
		}
	}

	#[DataProvider( 'not_semver' )]
	public function test_releases_must_be_strict_semver( string $text ): void {
		$this->assertFalse( Version::is_valid( $text ) );
		$this->expectException( InvalidArgumentException::class );
		Version::parse( $text );
	}

	public function test_installed_versions_may_be_loose(): void {
		$this->assertSame( 0, Version::parse_installed( '2.1' )->compare( Version::parse( '2.1.0' ) ) );
		$this->assertSame( 0, Version::parse_installed( 'v3' )->compare( Version::parse( '3.0.0' ) ) );
		$this->assertSame( 0, Version::parse_installed( '2.0.0-beta.1' )->compare( Version::parse( '2.0.0-beta.1' ) ) );
		$this->assertTrue( Version::parse( '1.10.0' )->is_newer_than( Version::parse_installed( '1.9' ) ) );
	}

	/**
	 * Every version a release may have, a site that installed it may report: otherwise that site's update checks
	 * are refused from then on (found with a release numbered 2.<unix time>.2).
	 */
	#[DataProvider( 'semver' )]
	public function test_an_installed_release_is_read_back( string $text ): void {
		$this->assertSame( 0, Version::parse_installed( $text )->compare( Version::parse( $text ) ) );
	}

	public function test_installed_versions_still_have_to_be_versions(): void {
		foreach ( array( '', 'latest', '1.2.3.4', '1..2', '-1.0.0', '1.1234567890123456789.0' ) as $text ) {
			try {
				Version::parse_installed( $text );
				$this->fail( "Accepted {$text}" );
			} catch ( InvalidArgumentException $e ) {
				$this->assertSame( 'Not a version number.', $e->getMessage() );
			}
		}
	}
}
