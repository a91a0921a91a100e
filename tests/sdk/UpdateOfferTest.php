<?php
/**
 * The update answer mapped to core's update entries, and the package hash check.
 *
 * @package SvcLicensingClient
 */

use PHPUnit\Framework\TestCase;
use Svc\LicensingClient\PackageHash;
use Svc\LicensingClient\UpdateOffer;

final class UpdateOfferTest extends TestCase {

	/**
	 * An answer as the server gives it.
	 *
	 * @return array<string, mixed>
	 */
	private function answer( array $changes = array() ): array {
		return array_merge(
			array(
				'new_version'  => '1.1.0',
				'url'          => 'https://seller.example/acme',
				'package'      => 'https://seller.example/wp-json/svc/v1/downloads/acme-widgets?token=abc',
				'package_hash' => 'sha256:' . str_repeat( 'AB', 32 ),
				'tested'       => '6.5',
				'requires'     => '6.0',
				'requires_php' => '7.4',
				'rollout'      => array( 'percentage' => 100, 'in_rollout' => true ),
				'sections'     => array( 'changelog' => '<h4>1.1.0</h4><ul><li>Faster</li></ul>' ),
			),
			$changes
		);
	}

	public function test_an_update_maps_to_cores_plugin_and_theme_entries(): void {
		$offer = UpdateOffer::from_answer( $this->answer(), '1.0.0' );
		$this->assertNotNull( $offer );
		$this->assertSame( str_repeat( 'ab', 32 ), $offer->sha256() );
		$this->assertSame( '<h4>1.1.0</h4><ul><li>Faster</li></ul>', $offer->changelog() );
		$plugin = $offer->for_plugin( 'acme-widgets/acme-widgets.php', 'acme-widgets' );
		$this->assertSame( 'acme-widgets/acme-widgets.php', $plugin['plugin'] );
		$this->assertSame( '1.1.0', $plugin['new_version'] );
		$this->assertSame( '7.4', $plugin['requires_php'] );
		$this->assertStringContainsString( 'token=abc', $plugin['package'] );
		$theme = $offer->for_theme( 'acme-theme' );
		$this->assertSame( 'acme-theme', $theme['theme'] );
		$this->assertSame( '1.1.0', $theme['new_version'] );
	}

	public function test_no_offer_without_something_newer_to_install_and_verify(): void {
		$cases = array(
			'current (empty object)'  => array(),
			'not newer'               => $this->answer( array( 'new_version' => '1.0.0' ) ),
			'older'                   => $this->answer( array( 'new_version' => '0.9.0' ) ),
			'outside the rollout'     => $this->answer(
				array(
					'package' => null,
					'rollout' => array( 'percentage' => 10, 'in_rollout' => false ),
				)
			),
			'no hash'                 => $this->answer( array( 'package_hash' => null ) ),
			'a hash of another kind'  => $this->answer( array( 'package_hash' => 'md5:' . str_repeat( 'a', 32 ) ) ),
			'a package not over HTTP' => $this->answer( array( 'package' => 'file:///etc/passwd' ) ),
			'a version that is not'   => $this->answer( array( 'new_version' => 'latest' ) ),
		);
		foreach ( $cases as $name => $answer ) {
			$this->assertNull( UpdateOffer::from_answer( $answer, '1.0.0' ), $name );
		}
		$this->assertNull( UpdateOffer::from_answer( 'oops', '1.0.0' ) );
	}

	/**
	 * A rollback names an older version, and is offered all the same; it never goes up, nor stays, and a
	 * "rollback" that is not literally true is an ordinary answer.
	 */
	public function test_a_rollback_offers_the_older_version(): void {
		$offer = UpdateOffer::from_answer( $this->answer( array( 'new_version' => '0.9.0', 'rollback' => true ) ), '1.0.0' );
		$this->assertNotNull( $offer );
		$this->assertSame( '0.9.0', $offer->version() );
		$this->assertTrue( $offer->is_rollback() );
		$this->assertSame( '0.9.0', $offer->for_plugin( 'acme/acme.php', 'acme' )['new_version'] );
		$this->assertNull( UpdateOffer::from_answer( $this->answer( array( 'new_version' => '1.0.0', 'rollback' => true ) ), '1.0.0' ) );
		$this->assertNull( UpdateOffer::from_answer( $this->answer( array( 'new_version' => '1.1.0', 'rollback' => true ) ), '1.0.0' ) );
		$this->assertNull( UpdateOffer::from_answer( $this->answer( array( 'new_version' => '0.9.0', 'rollback' => 'true' ) ), '1.0.0' ) );
		$newer = UpdateOffer::from_answer( $this->answer( array( 'new_version' => '1.1.0' ) ), '1.0.0' );
		$this->assertNotNull( $newer );
		$this->assertFalse( $newer->is_rollback() );
	}

	public function test_a_pre_release_is_newer_than_the_release_before_it(): void {
		$offer = UpdateOffer::from_answer( $this->answer( array( 'new_version' => '1.1.0-beta.1' ) ), '1.0.0' );
		$this->assertNotNull( $offer );
		$this->assertSame( '1.1.0-beta.1', $offer->version() );
	}

	public function test_the_hash_check_accepts_only_the_named_package(): void {
		$file = tempnam( sys_get_temp_dir(), 'svc-sdk' );
		file_put_contents( $file, 'package bytes' );
		$good = hash( 'sha256', 'package bytes' );
		try {
			$this->assertTrue( PackageHash::matches( $file, $good ) );
			$this->assertTrue( PackageHash::matches( $file, strtoupper( $good ) ) );
			$this->assertFalse( PackageHash::matches( $file, hash( 'sha256', 'other bytes' ) ) );
			$this->assertFalse( PackageHash::matches( $file . '.missing', $good ) );
		} finally {
			unlink( $file );
		}
		$this->assertSame( $good, PackageHash::parse( 'sha256:' . $good ) );
		$this->assertNull( PackageHash::parse( $good ) );
		$this->assertNull( PackageHash::parse( 'sha256:' . substr( $good, 1 ) ) );
	}
}
