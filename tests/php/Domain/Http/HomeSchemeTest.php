<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\Http;

use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\Http\HomeScheme;
use Svc\Licensing\Domain\Release\UpdateOffer;

final class HomeSchemeTest extends TestCase {

	public function test_an_https_home_makes_its_own_http_urls_https(): void {
		$home = 'https://seller.example';
		$this->assertSame( 'https://seller.example/wp-json/svc/v1/downloads/acme?token=a.b', HomeScheme::apply( 'http://seller.example/wp-json/svc/v1/downloads/acme?token=a.b', $home ) );
		$this->assertSame( 'https://Seller.Example/acme/', HomeScheme::apply( 'HTTP://Seller.Example/acme/', $home ) );
		$this->assertSame( 'https://seller.example', HomeScheme::apply( 'http://seller.example', $home . '/' ) );
		$this->assertSame( 'https://seller.example/shop/wp-json/', HomeScheme::apply( 'http://seller.example/shop/wp-json/', 'https://seller.example/shop/' ) );
		$this->assertSame( 'https://localhost:8949/?rest_route=/svc/v1', HomeScheme::apply( 'http://localhost:8949/?rest_route=/svc/v1', 'https://localhost:8949' ) );
		$this->assertSame( 'https://seller.example/x', HomeScheme::apply( 'https://seller.example/x', $home ) );
	}

	public function test_other_hosts_ports_and_an_http_home_are_left_as_they_are(): void {
		$cases = array(
			array( 'http://seller.example/x', 'http://seller.example' ),
			array( 'http://vendor.example.com/plugin', 'https://seller.example' ),
			array( 'http://seller.example.evil.example/x', 'https://seller.example' ),
			array( 'http://seller.example@evil.example/x', 'https://seller.example' ),
			array( 'http://seller.example:8080/x', 'https://seller.example' ),
			array( 'http://localhost:8949/x', 'https://localhost:8950' ),
			array( 'ftp://seller.example/x', 'https://seller.example' ),
			array( '/relative/x', 'https://seller.example' ),
			array( '', 'https://seller.example' ),
			array( 'http://seller.example/x', '' ),
		);
		foreach ( $cases as list( $url, $home ) ) {
			$this->assertSame( $url, HomeScheme::apply( $url, $home ), "{$url} on {$home}" );
		}
	}

	public function test_the_update_answer_hands_out_its_package_and_product_urls_in_the_home_scheme(): void {
		$release = array(
			'version'        => '1.1.0',
			'package_sha256' => str_repeat( 'a', 64 ),
			'tested'         => '6.7',
			'requires_wp'    => '6.2',
			'requires_php'   => '7.4',
			'rollout'        => 100,
			'changelog'      => '',
		);
		$offer = UpdateOffer::build( $release, true, 'http://seller.example/acme/', 'http://seller.example/wp-json/svc/v1/downloads/acme?token=t', 'https://seller.example/' );
		$this->assertSame( 'https://seller.example/acme/', $offer['url'] );
		$this->assertSame( 'https://seller.example/wp-json/svc/v1/downloads/acme?token=t', $offer['package'] );
		$plain = UpdateOffer::build( $release, true, 'http://seller.example/acme/', 'http://seller.example/wp-json/svc/v1/downloads/acme?token=t', 'http://seller.example/' );
		$this->assertSame( 'http://seller.example/acme/', $plain['url'] );
		$this->assertSame( 'http://seller.example/wp-json/svc/v1/downloads/acme?token=t', $plain['package'] );
		$outside = UpdateOffer::build( $release, false, 'http://seller.example/acme/', null, 'https://seller.example/' );
		$this->assertArrayNotHasKey( 'package', $outside );
		$this->assertArrayNotHasKey( 'url', $outside );
	}
}
