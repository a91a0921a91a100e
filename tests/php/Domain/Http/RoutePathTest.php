<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\Http;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\Http\RoutePath;

final class RoutePathTest extends TestCase {

	private const PATTERNS = array(
		'/svc/v1/licenses/validate',
		'/svc/v1/admin/licenses/(?P<id>\d+)',
		'/svc/v1/admin/licenses/(?P<id>\d+)/activations/(?P<activation_id>\d+)',
		'/svc/v1/downloads/(?P<product_slug>[^/]+)',
	);

	/**
	 * @return array<string, array{string, string|null}>
	 */
	public static function paths(): array {
		return array(
			'as registered'      => array( '/svc/v1/licenses/validate', '/svc/v1/licenses/validate' ),
			'upper-case route'   => array( '/svc/v1/LICENSES/validate', '/svc/v1/licenses/validate' ),
			'upper-case segment' => array( '/svc/v1/licenses/Validate', '/svc/v1/licenses/validate' ),
			'upper namespace'    => array( '/SVC/V1/licenses/validate', '/svc/v1/licenses/validate' ),
			'with an id'         => array( '/svc/v1/Admin/Licenses/12', '/svc/v1/admin/licenses/(?P<id>\d+)' ),
			'nested ids'         => array( '/svc/v1/admin/licenses/1/ACTIVATIONS/2', '/svc/v1/admin/licenses/(?P<id>\d+)/activations/(?P<activation_id>\d+)' ),
			'dot segments'       => array( '/svc/v1/admin/licenses/1/activations/../../1', null ),
			'prefix only'        => array( '/svc/v1/licenses/validatex', null ),
			'unknown'            => array( '/svc/v1/nope', null ),
			'slug'               => array( '/svc/v1/downloads/Acme-Widgets', '/svc/v1/downloads/(?P<product_slug>[^/]+)' ),
		);
	}

	#[DataProvider( 'paths' )]
	public function test_match_is_the_routers_case_insensitive_match( string $path, ?string $expected ): void {
		$this->assertSame( $expected, RoutePath::match( self::PATTERNS, $path ) );
	}

	public function test_namespace_in_any_case(): void {
		$this->assertTrue( RoutePath::in_namespace( 'svc/v1', '/svc/v1' ) );
		$this->assertTrue( RoutePath::in_namespace( 'svc/v1', '/SVC/V1/health' ) );
		$this->assertTrue( RoutePath::in_namespace( 'svc/v1', '/Svc/v1/Licenses/Validate' ) );
		$this->assertFalse( RoutePath::in_namespace( 'svc/v1', '/svc/v10/health' ) );
		$this->assertFalse( RoutePath::in_namespace( 'svc/v1', '/wp/v2/users' ) );
	}

	/**
	 * @return array<string, array{string, bool}>
	 */
	public static function dotted(): array {
		return array(
			'plain'                 => array( '/wp-json/svc/v1/admin/licenses/1', false ),
			'dots inside a segment' => array( '/wp-json/svc/v1/downloads/acme..widgets', false ),
			'version with dots'     => array( '/wp-json/svc/v1/x/1.2.3', false ),
			'literal parent'        => array( '/wp-json/svc/v1/a/../b', true ),
			'literal current'       => array( '/wp-json/svc/v1/./a', true ),
			'encoded slash'         => array( '/wp-json/svc/v1/admin/licenses/1/activations/..%2F..%2F1', true ),
			'encoded dots'          => array( '/wp-json/svc/v1/a/%2e%2e/b', true ),
			'all encoded'           => array( '/wp-json/svc/v1/a%2F%2E%2E%2Fb', true ),
			'double encoded'        => array( '/wp-json/svc/v1/a/%252e%252e%252fb', true ),
			'backslash'             => array( '/wp-json/svc/v1/a/..%5Cb', true ),
			'trailing parent'       => array( '/wp-json/svc/v1/a/..', true ),
		);
	}

	#[DataProvider( 'dotted' )]
	public function test_dot_segments_even_when_encoded( string $path, bool $expected ): void {
		$this->assertSame( $expected, RoutePath::has_dot_segment( $path ) );
	}
}
