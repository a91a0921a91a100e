<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\Release;

use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\Release\Channels;
use Svc\Licensing\Domain\Release\UpdateChooser;
use Svc\Licensing\Domain\Release\Version;

final class UpdateChooserTest extends TestCase {

	/**
	 * @return array<string, mixed>
	 */
	private static function release( string $version, string $channel = 'stable', ?string $withdrawn = null ): array {
		return array(
			'version'      => $version,
			'channel'      => $channel,
			'withdrawn_at' => $withdrawn,
		);
	}

	/**
	 * @return array{site_channel: ?string, license_channel: ?string, site_pin: ?string, license_pin: ?string}
	 */
	private static function facts( ?string $site_channel = null, ?string $license_channel = null, ?string $site_pin = null, ?string $license_pin = null ): array {
		return array(
			'site_channel'    => $site_channel,
			'license_channel' => $license_channel,
			'site_pin'        => $site_pin,
			'license_pin'     => $license_pin,
		);
	}

	/**
	 * @param array{site_channel: ?string, license_channel: ?string, site_pin: ?string, license_pin: ?string} $facts Facts.
	 * @param list<array<string, mixed>>                                                                     $releases Releases.
	 */
	private static function offered( array $facts, string $installed, array $releases, string $current = '2.0.0' ): ?string {
		$choice = UpdateChooser::choose( $releases, $current, Channels::parse( 'stable,beta,nightly' ), $facts, Version::parse_installed( $installed ) );
		return null === $choice->release ? null : $choice->release['version'];
	}

	/**
	 * @return list<array<string, mixed>>
	 */
	private static function releases(): array {
		return array(
			self::release( '1.0.0' ),
			self::release( '2.0.0' ),
			self::release( '2.1.0-beta.1', 'beta' ),
			self::release( '2.2.0-alpha.1', 'nightly' ),
		);
	}

	public function test_each_channel_gets_the_newest_release_it_may_see(): void {
		$this->assertSame( '2.0.0', self::offered( self::facts(), '1.0.0', self::releases() ) );
		$this->assertSame( '2.1.0-beta.1', self::offered( self::facts( null, 'beta' ), '1.0.0', self::releases() ) );
		$this->assertSame( '2.2.0-alpha.1', self::offered( self::facts( null, 'nightly' ), '2.0.0', self::releases() ) );
		$this->assertNull( self::offered( self::facts(), '2.0.0', self::releases() ) );
	}

	public function test_a_stable_release_newer_than_the_beta_wins_on_beta(): void {
		$releases   = self::releases();
		$releases[] = self::release( '2.1.0' );
		$this->assertSame( '2.1.0', self::offered( self::facts( null, 'beta' ), '2.0.0', $releases, '2.1.0' ) );
	}

	public function test_the_site_channel_beats_the_license_channel(): void {
		$this->assertSame( '2.0.0', self::offered( self::facts( 'stable', 'beta' ), '1.0.0', self::releases() ) );
		$this->assertSame( '2.1.0-beta.1', self::offered( self::facts( 'beta', null ), '1.0.0', self::releases() ) );
		$choice = UpdateChooser::choose( self::releases(), '2.0.0', Channels::parse( 'stable,beta' ), self::facts( 'beta', 'stable' ), Version::parse( '1.0.0' ) );
		$this->assertSame( 'beta', $choice->channel );
		$this->assertSame( 'channel: beta (site), sees stable, beta', $choice->steps[0] );
	}

	public function test_stable_counts_only_up_to_the_current_version(): void {
		// 2.0.0 was published after 1.0.0, then 1.0.0 published again: the rollback by publishing.
		$this->assertNull( self::offered( self::facts(), '1.0.0', self::releases(), '1.0.0' ) );
		$this->assertNull( self::offered( self::facts(), '1.0.0', self::releases(), '' ) );
	}

	public function test_a_pin_caps_the_offer_and_the_site_pin_beats_the_license_pin(): void {
		$this->assertSame( '1.0.0', self::offered( self::facts( null, null, null, '1.5.0' ), '0.9.0', self::releases() ) );
		$this->assertNull( self::offered( self::facts( null, null, null, '1.0.0' ), '1.0.0', self::releases() ) );
		$this->assertSame( '2.0.0', self::offered( self::facts( null, 'beta', '2.0.0', '1.0.0' ), '1.0.0', self::releases() ) );
		$choice = UpdateChooser::choose( self::releases(), '2.0.0', Channels::parse( 'stable,beta' ), self::facts( null, null, null, '1.0.0' ), Version::parse( '0.1.0' ) );
		$this->assertContains( 'pin: 1.0.0 (licence)', $choice->steps );
	}

	public function test_a_withdrawn_installed_release_gets_the_previous_one_as_a_rollback(): void {
		$releases = array(
			self::release( '1.0.0' ),
			self::release( '2.0.0', 'stable', '2027-01-01 00:00:00' ),
		);
		$choice   = UpdateChooser::choose( $releases, '1.0.0', Channels::parse( 'stable,beta' ), self::facts(), Version::parse( '2.0.0' ) );
		$this->assertNotNull( $choice->release );
		$this->assertSame( '1.0.0', $choice->release['version'] );
		$this->assertTrue( $choice->rollback );
		// A site running an older version that was never withdrawn is not taken down.
		$releases[] = self::release( '3.0.0' );
		$this->assertNull( self::offered( self::facts(), '3.0.0', $releases, '1.0.0' ) );
		// Withdrawn releases are never offered, even when the current version still names them.
		$this->assertSame( '1.0.0', self::offered( self::facts(), '0.5.0', $releases, '2.0.0' ) );
	}

	public function test_a_withdrawn_beta_falls_back_to_stable(): void {
		$releases = array(
			self::release( '2.0.0' ),
			self::release( '2.1.0-beta.1', 'beta', '2027-01-01 00:00:00' ),
		);
		$choice   = UpdateChooser::choose( $releases, '2.0.0', Channels::parse( 'stable,beta' ), self::facts( null, 'beta' ), Version::parse( '2.1.0-beta.1' ) );
		$this->assertNotNull( $choice->release );
		$this->assertSame( '2.0.0', $choice->release['version'] );
		$this->assertTrue( $choice->rollback );
	}
}
