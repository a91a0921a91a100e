<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\Release;

use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\Release\Channels;
use Svc\Licensing\Domain\Release\ReportedRelease;
use Svc\Licensing\Domain\Release\RolloutBucket;

final class ReportedReleaseTest extends TestCase {

	private const NOW = 1800000000;

	/**
	 * A published stable release, rolled out to every licence.
	 *
	 * @param array<string, mixed> $changes Fields to change.
	 * @return array<string, mixed>
	 */
	private static function release( array $changes = array() ): array {
		return $changes + array(
			'version'      => '2.0.0',
			'channel'      => 'stable',
			'published_at' => '2026-11-01 00:00:00',
			'rollout'      => 100,
			'rollout_plan' => null,
		);
	}

	/**
	 * The verdict for licence 7 of product 3 with the given activation and licence choices.
	 *
	 * @param array<string, mixed> $release    Release.
	 * @param array<string, mixed> $activation Activation choices.
	 * @param array<string, mixed> $license    Licence choices.
	 */
	private static function verdict( array $release, array $activation = array(), array $license = array() ): string {
		return ReportedRelease::verdict(
			$release,
			Channels::from_storage( 'stable,beta' ),
			$activation + array(
				'channel'        => null,
				'pinned_version' => null,
			),
			$license + array(
				'id'             => 7,
				'product_id'     => 3,
				'channel'        => null,
				'pinned_version' => null,
			),
			null,
			self::NOW
		);
	}

	public function test_a_published_release_of_the_sites_channel_rolled_out_to_it_may_be_reported(): void {
		$this->assertSame( ReportedRelease::OFFERED, self::verdict( self::release() ) );
		$this->assertSame( ReportedRelease::OFFERED, self::verdict( self::release( array( 'channel' => 'beta' ) ), array( 'channel' => 'beta' ) ) );
		$this->assertSame( ReportedRelease::OFFERED, self::verdict( self::release(), array(), array( 'channel' => 'beta' ) ), 'a beta site sees stable too' );
	}

	public function test_a_draft_answers_as_an_unknown_version(): void {
		$this->assertSame( ReportedRelease::UNKNOWN, self::verdict( self::release( array( 'published_at' => null ) ) ) );
	}

	public function test_a_release_of_a_channel_the_site_does_not_see_answers_as_an_unknown_version(): void {
		$this->assertSame( ReportedRelease::UNKNOWN, self::verdict( self::release( array( 'channel' => 'beta' ) ) ) );
		$this->assertSame( ReportedRelease::UNKNOWN, self::verdict( self::release( array( 'channel' => 'beta' ) ), array( 'channel' => 'stable' ), array( 'channel' => 'beta' ) ), "the site's choice beats the licence's" );
	}

	public function test_a_release_newer_than_the_pin_was_not_offered(): void {
		$this->assertSame( ReportedRelease::NOT_OFFERED, self::verdict( self::release(), array(), array( 'pinned_version' => '1.9.0' ) ) );
		$this->assertSame( ReportedRelease::OFFERED, self::verdict( self::release(), array( 'pinned_version' => '2.0.0' ), array( 'pinned_version' => '1.0.0' ) ), "the site's pin beats the licence's" );
	}

	public function test_a_license_outside_the_rollout_was_not_offered(): void {
		$bucket = RolloutBucket::of( 7, 3, '2.0.0' );
		$this->assertSame( ReportedRelease::NOT_OFFERED, self::verdict( self::release( array( 'rollout' => intdiv( $bucket, 100 ) ) ) ) );
		$this->assertSame( ReportedRelease::OFFERED, self::verdict( self::release( array( 'rollout' => min( 100, intdiv( $bucket, 100 ) + 1 ) ) ) ) );
	}
}
