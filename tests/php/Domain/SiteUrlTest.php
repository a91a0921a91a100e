<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\SiteUrl;

final class SiteUrlTest extends TestCase {

	/**
	 * @return array<string, array{string, string|null}>
	 */
	public static function urls(): array {
		return array(
			'plain https'              => array( 'https://example.com', 'example.com' ),
			'scheme, www, slash, case' => array( 'HTTP://WWW.Example.COM/', 'example.com' ),
			'no scheme'                => array( 'example.com', 'example.com' ),
			'sub-directory kept'       => array( 'https://example.com/shop/', 'example.com/shop' ),
			'path case kept'           => array( 'https://example.com/Shop', 'example.com/Shop' ),
			'double slashes folded'    => array( 'https://example.com//shop//', 'example.com/shop' ),
			'query and fragment gone'  => array( 'https://example.com/?utm=1#top', 'example.com' ),
			'credentials gone'         => array( 'https://user:pass@example.com', 'example.com' ),
			'default port gone'        => array( 'https://example.com:443/', 'example.com' ),
			'other port kept'          => array( 'http://localhost:8080/wp', 'localhost:8080/wp' ),
			'subdomain kept'           => array( 'https://shop.example.com', 'shop.example.com' ),
			'only leading www.'        => array( 'https://www.www2.example.com', 'www2.example.com' ),
			'trailing dot of FQDN'     => array( 'https://example.com./', 'example.com' ),
			'padded'                   => array( "  https://example.com \n", 'example.com' ),
			'IPv4'                     => array( 'http://192.168.1.10/site', '192.168.1.10/site' ),
			'empty'                    => array( '', null ),
			'spaces inside'            => array( 'https://exa mple.com', null ),
			'ftp scheme'               => array( 'ftp://example.com', null ),
			'javascript scheme'        => array( 'javascript://alert(1)', null ),
			'no host'                  => array( 'https://', null ),
			'bad host characters'      => array( 'https://exa_mple!.com', null ),
			'longest accepted'         => array( 'https://example.com/' . str_repeat( 'p', 243 ), 'example.com/' . str_repeat( 'p', 243 ) ),
			'too long for an index'    => array( 'https://example.com/' . str_repeat( 'p', 244 ), null ),
		);
	}

	#[DataProvider( 'urls' )]
	public function test_normalise( string $input, ?string $expected ): void {
		$this->assertSame( $expected, SiteUrl::normalise( $input ) );
	}
}
