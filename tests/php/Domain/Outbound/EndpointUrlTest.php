<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\Outbound;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\Outbound\EndpointUrl;

final class EndpointUrlTest extends TestCase {

	public function test_http_and_https_urls_give_their_host_and_port(): void {
		$this->assertSame(
			array(
				'host' => 'hooks.example.com',
				'port' => 443,
			),
			EndpointUrl::parse( 'https://hooks.example.com/svc?x=1' )
		);
		$this->assertSame(
			array(
				'host' => '127.0.0.1',
				'port' => 8123,
			),
			EndpointUrl::parse( 'http://127.0.0.1:8123/hook' )
		);
		$this->assertSame(
			array(
				'host' => '[::1]',
				'port' => 80,
			),
			EndpointUrl::parse( 'http://[::1]/hook' )
		);
	}

	/**
	 * @return array<string, array{0: string}>
	 */
	public static function refused(): array {
		$list = array( 'ftp://example.com/', 'file:///etc/passwd', 'gopher://example.com/', 'example.com/hook', '//example.com/hook', 'https://user:pass@example.com/', 'https:///nohost', 'javascript:alert(1)', '', 'https://exa mple.com/' );
		return array_combine( $list, array_map( static fn ( $url ) => array( $url ), $list ) );
	}

	#[DataProvider( 'refused' )]
	public function test_other_schemes_credentials_and_broken_urls_are_refused( string $url ): void {
		$this->assertNull( EndpointUrl::parse( $url ) );
	}
}
