<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\Http;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\Http\CrossSite;

final class CrossSiteTest extends TestCase {

	private const SITE = array( 'https://shop.example.com', 'https://shop.example.com/wp' );

	public function test_an_origin_is_scheme_host_and_a_port_that_is_not_the_default(): void {
		$this->assertSame( 'https://shop.example.com', CrossSite::origin( 'https://Shop.Example.com:443/my-licences/?x=1' ) );
		$this->assertSame( 'http://localhost:8889', CrossSite::origin( 'HTTP://localhost:8889' ) );
		$this->assertSame( 'http://shop.example.com', CrossSite::origin( 'http://shop.example.com:80' ) );
		$this->assertSame( 'https://shop.example.com:8443', CrossSite::origin( 'https://shop.example.com:8443/' ) );
		foreach ( array( '', 'null', '/relative', 'ftp://shop.example.com', 'javascript:alert(1)', 'https://' ) as $not_one ) {
			$this->assertNull( CrossSite::origin( $not_one ), $not_one );
		}
	}

	/**
	 * @return array<string, array{string, string, bool}>
	 */
	public static function requests(): array {
		return array(
			'this site'                      => array( 'https://shop.example.com', '', false ),
			'this site, another letter case' => array( 'https://SHOP.example.com', '', false ),
			'this site, its default port'    => array( 'https://shop.example.com:443', '', false ),
			'no Origin, this site referring' => array( '', 'https://shop.example.com/my-licences/?svc_portal_token=x', false ),
			'neither (not a browser)'        => array( '', '', false ),
			'another site'                   => array( 'https://evil.example.net', '', true ),
			'another site with our name in'  => array( 'https://shop.example.com.evil.example.net', '', true ),
			'another port'                   => array( 'https://shop.example.com:8443', '', true ),
			'http, the site being https'     => array( 'http://shop.example.com', '', true ),
			'Origin null'                    => array( 'null', '', true ),
			'Origin wins over Referer'       => array( 'https://evil.example.net', 'https://shop.example.com/', true ),
			'no Origin, another referrer'    => array( '', 'https://evil.example.net/page', true ),
			'a Referer that is no URL'       => array( '', 'not a url', true ),
		);
	}

	#[DataProvider( 'requests' )]
	public function test_a_request_from_another_origin_is_told_by_its_origin_or_else_its_referer( string $origin, string $referer, bool $foreign ): void {
		$this->assertSame( $foreign, CrossSite::from_another_origin( $origin, $referer, self::SITE ) );
	}

	public function test_any_of_the_sites_addresses_counts_as_its_own(): void {
		$site = array( 'https://shop.example.com', 'https://admin.shop.example.com/wp' );
		$this->assertFalse( CrossSite::from_another_origin( 'https://admin.shop.example.com', '', $site ) );
		$this->assertTrue( CrossSite::from_another_origin( 'https://shop.example.com', '', array() ), 'no address of its own: nothing is its own' );
	}

	public function test_only_json_is_a_body_no_cross_site_form_can_send(): void {
		foreach ( array( 'application/json', 'application/json; charset=UTF-8', ' Application/JSON ' ) as $json ) {
			$this->assertTrue( CrossSite::is_json( $json ), $json );
		}
		foreach ( array( '', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain', 'text/plain; charset=application/json', 'application/jsonp' ) as $form ) {
			$this->assertFalse( CrossSite::is_json( $form ), $form );
		}
	}
}
