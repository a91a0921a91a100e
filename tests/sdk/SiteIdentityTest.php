<?php
/**
 * The SDK's port of the server's site identity rule gives what the server's own rule gives.
 *
 * @package SvcLicensingClient
 */

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\SiteUrl;
use Svc\LicensingClient\SiteIdentity;

final class SiteIdentityTest extends TestCase {

	/**
	 * URLs as home_url() and callers write them, and ones the rule refuses.
	 *
	 * @return array<string, array{string}>
	 */
	public static function urls(): array {
		$urls = array(
			'https://Client.Example',
			'http://www.client.example/',
			'https://client.example:443/',
			'http://client.example:80',
			'http://client.example:8080/',
			'https://client.example/blog//sub/',
			'client.example/shop',
			'https://user:pass@client.example/?q=1#top',
			'https://client.example./',
			'http://[::1]:8889/wp',
			'http://localhost:10103',
			'ftp://client.example',
			'https://exa mple.com',
			'',
			'https://-bad-.example',
			'https://www.www.client.example',
			'https://client.example/' . str_repeat( 'a', 300 ),
		);
		return array_combine( $urls, array_map( static fn( string $url ): array => array( $url ), $urls ) );
	}

	#[DataProvider( 'urls' )]
	public function test_the_port_normalises_as_the_server_does( string $url ): void {
		$this->assertSame( SiteUrl::normalise( $url ), SiteIdentity::normalise( $url ) );
	}

	public function test_the_fingerprint_is_sha256_of_the_identity(): void {
		$this->assertSame( 'sha256:' . hash( 'sha256', 'client.example/shop' ), SiteIdentity::fingerprint( 'https://WWW.client.example/shop/' ) );
		$this->assertSame( '', SiteIdentity::fingerprint( 'ftp://client.example' ), 'no identity, no fingerprint a lease could name' );
	}
}
