<?php
/**
 * Where a client sends a customer to renew: the site's renewal page, else the product's homepage, else nowhere.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\License;

use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\License\RenewalLink;

final class RenewalLinkTest extends TestCase {

	public function test_the_renewal_page_names_the_product_where_it_asks_for_it(): void {
		$product = array(
			'slug'         => 'acme-widgets',
			'homepage_url' => 'https://acme.example/widgets',
		);
		$this->assertSame( 'https://shop.example/renew/acme-widgets/', RenewalLink::for_product( 'https://shop.example/renew/{product}/', $product ) );
		$this->assertSame( 'https://shop.example/renew?p=acme-widgets&again=acme-widgets', RenewalLink::for_product( 'https://shop.example/renew?p={product}&again={product}', $product ) );
		$this->assertSame( 'https://shop.example/account/', RenewalLink::for_product( 'https://shop.example/account/', $product ) );
	}

	public function test_without_a_renewal_page_the_product_homepage_then_null(): void {
		$this->assertSame( 'https://acme.example/widgets', RenewalLink::for_product( '', array( 'slug' => 'w', 'homepage_url' => 'https://acme.example/widgets' ) ) );
		$this->assertNull( RenewalLink::for_product( '', array( 'slug' => 'w', 'homepage_url' => '' ) ) );
		$this->assertNull( RenewalLink::for_product( '', array( 'slug' => 'w' ) ) );
		$this->assertNull( RenewalLink::for_product( '', array( 'slug' => 'w', 'homepage_url' => 'javascript:alert(1)' ) ), 'only an http(s) homepage is offered' );
	}

	public function test_a_renewal_page_is_empty_or_an_http_address(): void {
		foreach ( array( '', 'https://shop.example/renew/{product}/', 'http://localhost:8888/renew', 'HTTPS://Shop.Example/?p={product}' ) as $good ) {
			$this->assertTrue( RenewalLink::is_page( $good ), $good );
		}
		foreach ( array( 'shop.example/renew', 'ftp://shop.example/', 'javascript:alert(1)', 'https://', 'https:///renew', 'https://shop.example/re new', "https://shop.example/\n", 'https://{product}.example/', str_repeat( 'a', 2040 ) . 'https://x' ) as $bad ) {
			$this->assertFalse( RenewalLink::is_page( $bad ), $bad );
		}
		$this->assertFalse( RenewalLink::is_page( 'https://shop.example/' . str_repeat( 'a', 2048 ) ), 'at most 2048 characters' );
	}
}
