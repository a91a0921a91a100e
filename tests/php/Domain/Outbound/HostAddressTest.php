<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\Outbound;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\Outbound\HostAddress;

final class HostAddressTest extends TestCase {

	/**
	 * @return array<string, array{0: string}>
	 */
	public static function private_addresses(): array {
		$list = array(
			'127.0.0.1',
			'127.8.9.10',
			'10.0.0.1',
			'10.255.255.254',
			'172.16.0.1',
			'172.31.255.255',
			'192.168.1.1',
			'169.254.169.254',
			'100.64.0.1',
			'0.0.0.0',
			'0.1.2.3',
			'224.0.0.1',
			'255.255.255.255',
			'198.18.0.1',
			'::1',
			'::',
			'fc00::1',
			'fd12:3456::1',
			'fe80::1',
			'ff02::1',
			'::ffff:127.0.0.1',
			'::ffff:10.1.2.3',
			'::ffff:7f00:1',
			'64:ff9b::a00:1',
			'2002:7f00:1::1',
			'not an address',
			'',
		);
		return array_combine( $list, array_map( static fn ( $ip ) => array( $ip ), $list ) );
	}

	#[DataProvider( 'private_addresses' )]
	public function test_private_loopback_and_reserved_addresses_are_not_public( string $ip ): void {
		$this->assertFalse( HostAddress::is_public( $ip ) );
	}

	public function test_public_addresses_are_public(): void {
		foreach ( array( '93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:93.184.216.34', '64:ff9b::808:808' ) as $ip ) {
			$this->assertTrue( HostAddress::is_public( $ip ), $ip );
		}
	}

	public function test_a_literal_address_host_is_read_with_or_without_brackets(): void {
		$this->assertSame( '127.0.0.1', HostAddress::literal( '127.0.0.1' ) );
		$this->assertSame( '::1', HostAddress::literal( '[::1]' ) );
		$this->assertSame( '::ffff:127.0.0.1', HostAddress::literal( '[::ffff:127.0.0.1]' ) );
		$this->assertNull( HostAddress::literal( 'example.com' ) );
		$this->assertNull( HostAddress::literal( '2130706433' ), 'a decimal host is a name to resolve, never read as an address here' );
	}
}
