<?php
/**
 * Staging, development and local sites are told apart by their host, on the server.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\License;

use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\License\StagingHosts;
use Svc\Licensing\Domain\SiteUrl;

final class StagingHostsTest extends TestCase {

	public function test_the_defaults_cover_local_test_and_staging_hosts(): void {
		$hosts   = new StagingHosts();
		$staging = array(
			'http://localhost:8080/shop',
			'http://127.0.0.1',
			'http://[::1]:8888',
			'https://acme.localhost',
			'https://shop.local',
			'https://a.b.test',
			'https://client.example',
			'https://staging.acme.com',
			'https://stage.acme.co.uk/blog',
			'https://dev.acme.com',
			'https://shop.staging.acme.com',
		);
		foreach ( $staging as $url ) {
			$this->assertTrue( $hosts->matches( (string) SiteUrl::normalise( $url ) ), $url );
		}
		$production = array(
			'https://acme.com',
			'https://www.acme.com',
			'https://acme.dev',
			'https://shop.acme.com/staging',
			'https://mystaging.com',
			'https://devices.acme.com',
			'https://localhost.acme.com',
			'https://acme.com.local.evil.com',
		);
		foreach ( $production as $url ) {
			$this->assertFalse( $hosts->matches( (string) SiteUrl::normalise( $url ) ), $url );
		}
	}

	public function test_a_sellers_own_patterns_replace_the_defaults(): void {
		$hosts = new StagingHosts( array( '*.wpengine.com', 'QA.acme.com' ) );
		$this->assertTrue( $hosts->matches( 'acme.wpengine.com' ) );
		$this->assertTrue( $hosts->matches( 'qa.acme.com' ) );
		$this->assertFalse( $hosts->matches( 'localhost' ) );
		$this->assertFalse( ( new StagingHosts( array() ) )->matches( 'localhost' ), 'an empty list is the rule switched off' );
	}

	public function test_patterns_are_hosts_with_stars_and_never_everything(): void {
		foreach ( array( 'localhost', '*.test', 'staging.*', '10.0.*', '[::1]', '*.staging.*' ) as $pattern ) {
			$this->assertTrue( StagingHosts::is_valid_pattern( $pattern ), $pattern );
		}
		foreach ( array( '*', '**', '*.*', '', 'https://x.test', 'a b.test', 'x.test/path', str_repeat( 'a', 254 ), 42, null ) as $pattern ) {
			$this->assertFalse( StagingHosts::is_valid_pattern( $pattern ), var_export( $pattern, true ) );
		}
	}

	public function test_a_typed_list_is_tidied_before_it_is_checked_and_stored(): void {
		$this->assertSame(
			array( 'localhost', '*.test', 'staging.acme.com' ),
			StagingHosts::tidy( array( ' localhost ', '', '*.TEST', "\tStaging.Acme.com\n", '*.test', 'LOCALHOST' ) )
		);
		$this->assertSame( array(), StagingHosts::tidy( array( '  ', '' ) ) );
	}
}
