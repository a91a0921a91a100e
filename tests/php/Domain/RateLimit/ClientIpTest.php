<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\RateLimit;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\RateLimit\ClientIp;

final class ClientIpTest extends TestCase {

	/**
	 * @return array<string, array{string, string, string[], string}>
	 */
	public static function requests(): array {
		$proxies = array( '10.0.0.0/8', '2001:db8::/32', '192.168.1.5' );
		return array(
			'no proxy configured: header ignored'  => array( '203.0.113.9', '198.51.100.1', array(), '203.0.113.9' ),
			'untrusted peer: header ignored'       => array( '203.0.113.9', '198.51.100.1', $proxies, '203.0.113.9' ),
			'trusted peer: client from header'     => array( '10.1.2.3', '198.51.100.1', $proxies, '198.51.100.1' ),
			'spoofed left entries are skipped'     => array( '10.1.2.3', '6.6.6.6, 198.51.100.1', $proxies, '198.51.100.1' ),
			'chain of trusted proxies'             => array( '10.1.2.3', '198.51.100.1, 192.168.1.5, 10.9.9.9', $proxies, '198.51.100.1' ),
			'all hops trusted: left-most'          => array( '10.1.2.3', '10.0.0.7, 10.0.0.8', $proxies, '10.0.0.7' ),
			'malformed hop stops the walk'         => array( '10.1.2.3', '198.51.100.1, garbage', $proxies, '10.1.2.3' ),
			'trusted peer, no header'              => array( '10.1.2.3', '', $proxies, '10.1.2.3' ),
			'IPv6 proxy range'                     => array( '2001:db8::1', '2001:db8:ffff::2, 2a00:1450::1', $proxies, '2a00:1450::1' ),
			'exact single address is trusted'      => array( '192.168.1.5', '198.51.100.7', $proxies, '198.51.100.7' ),
			'neighbour of a single address is not' => array( '192.168.1.6', '198.51.100.7', $proxies, '192.168.1.6' ),
			'IPv4-mapped peer matches IPv4 proxy'  => array( '::ffff:192.168.1.5', '198.51.100.7', $proxies, '198.51.100.7' ),
			'IPv4-mapped client comes back as v4'  => array( '::ffff:203.0.113.9', '', $proxies, '203.0.113.9' ),
			'IPv6 written long comes back short'   => array( '2001:0db8:0000::0001', '', array(), '2001:db8::1' ),
		);
	}

	/**
	 * @param string[] $proxies Trusted proxies.
	 */
	#[DataProvider( 'requests' )]
	public function test_resolve( string $remote, string $forwarded, array $proxies, string $expected ): void {
		$this->assertSame( $expected, ClientIp::resolve( $remote, $forwarded, $proxies ) );
	}

	public function test_ranges(): void {
		$this->assertTrue( ClientIp::in_range( '172.16.5.4', '172.16.0.0/12' ) );
		$this->assertTrue( ClientIp::in_range( '172.31.255.255', '172.16.0.0/12' ) );
		$this->assertFalse( ClientIp::in_range( '172.32.0.0', '172.16.0.0/12' ) );
		$this->assertTrue( ClientIp::in_range( '8.8.8.8', '0.0.0.0/0' ) );
		$this->assertFalse( ClientIp::in_range( '::1', '127.0.0.1' ), 'families never match' );
		$this->assertFalse( ClientIp::in_range( 'not-an-ip', '10.0.0.0/8' ) );
		$this->assertFalse( ClientIp::in_range( '10.0.0.1', '10.0.0.0/33' ) );
		$this->assertFalse( ClientIp::in_range( '10.0.0.1', '10.0.0.0/x' ) );
	}

	public function test_a_trusted_proxy_entry_is_an_address_or_a_range_its_family_allows(): void {
		foreach ( array( '203.0.113.7', ' 10.0.0.0/8 ', '0.0.0.0/0', '2001:db8::/32', '::1', 'fe80::1/128' ) as $entry ) {
			$this->assertTrue( ClientIp::is_range( $entry ), $entry );
		}
		foreach ( array( 'proxy.example.com', '10.0.0', '999.1.1.1', '10.0.0.0/33', '2001:db8::/129', '10.0.0.0/', '10.0.0.0/8/8', '10.0.0.0/-1', '' ) as $entry ) {
			$this->assertFalse( ClientIp::is_range( $entry ), $entry );
		}
	}

	public function test_ipv6_clients_are_counted_by_their_64_and_ipv4_as_they_are(): void {
		$buckets = array();
		for ( $i = 1; $i <= 12; $i++ ) {
			$buckets[] = ClientIp::bucket( '2001:db8:1:2:' . dechex( $i * 4099 ) . '::' . $i );
		}
		$this->assertSame( array( '2001:db8:1:2::/64' ), array_values( array_unique( $buckets ) ), 'twelve addresses of one /64: one bucket' );
		$this->assertSame( '2001:db8:1:3::/64', ClientIp::bucket( '2001:db8:1:3::1' ), 'the next /64 is another' );
		$this->assertSame( '2001:db8:1::/48', ClientIp::bucket( '2001:db8:1:ffff::1', 48 ), 'a /48 when the site says so' );
		$this->assertSame( '2001:db8:1:2:3:4:5:6/127', ClientIp::bucket( '2001:db8:1:2:3:4:5:7', 127 ), 'a prefix inside a byte' );
		$this->assertSame( '2001:db8:1:2:8000::/65', ClientIp::bucket( '2001:db8:1:2:ffff::1', 65 ) );
		$this->assertSame( '2001:db8::1/128', ClientIp::bucket( '2001:db8::1', 128 ), 'one address at /128' );
		$this->assertSame( '203.0.113.9', ClientIp::bucket( '203.0.113.9' ), 'IPv4 as it is' );
		$this->assertSame( '203.0.113.9', ClientIp::bucket( '::ffff:203.0.113.9' ), 'IPv4-mapped IPv6 counts as its IPv4 address' );
		$this->assertSame( 'not-an-ip', ClientIp::bucket( ' not-an-ip ' ) );
	}
}
