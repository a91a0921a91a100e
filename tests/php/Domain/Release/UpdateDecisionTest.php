<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\Release;

use InvalidArgumentException;
use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\Release\UpdateDecision;

final class UpdateDecisionTest extends TestCase {

	/**
	 * A check that got as far as the release, as the update check fills it.
	 */
	private static function usable( string $installed = '1.0.0', ?string $wp = null, ?string $php = null ): UpdateDecision {
		return ( new UpdateDecision( $installed, $wp, $php ) )
			->license( 'active', true )
			->activation( true, false, false )
			->channel( 'stable' );
	}

	private static function offered( UpdateDecision $decision, int $bucket, int $percentage, string $requires = '6.0', string $requires_php = '7.4' ): UpdateDecision {
		return $decision
			->release( '2.0.0', true )
			->rollout( $bucket, $percentage )
			->requires( $requires )
			->requires_php( $requires_php )
			->package( 'sha256:' . str_repeat( 'ab', 32 ) );
	}

	public function test_an_offer_names_the_version_and_what_the_site_runs(): void {
		$decision = self::offered( self::usable( '1.0.0', '6.5', '8.2.1' ), 1200, 100 )->offer( '2.0.0', true );
		$this->assertSame( UpdateDecision::OFFERED, $decision->answer() );
		$this->assertSame( '2.0.0', $decision->offered() );
		$this->assertSame( 'Offered 2.0.0 (the site runs 1.0.0).', $decision->summary() );
		$steps = array_column( $decision->steps(), 'outcome', 'step' );
		$this->assertSame(
			array(
				'license'      => 'pass',
				'activation'   => 'pass',
				'channel'      => 'info',
				'release'      => 'pass',
				'rollout'      => 'pass',
				'requires'     => 'pass',
				'requires_php' => 'pass',
				'package'      => 'info',
			),
			$steps
		);
	}

	public function test_outside_the_rollout_the_bucket_is_shown_in_percent_steps(): void {
		$decision = self::offered( self::usable(), 7312, 25 )->offer( '2.0.0', false );
		$this->assertSame( UpdateDecision::NOT_IN_ROLLOUT, $decision->answer() );
		$this->assertSame( 'Not offered: this licence is in bucket 73, the rollout is at 25 %.', $decision->summary() );
		$rollout = $decision->steps()[4];
		$this->assertSame(
			array(
				'step'       => 'rollout',
				'outcome'    => 'fail',
				'bucket'     => 7312,
				'percentage' => 25,
			),
			$rollout
		);
	}

	public function test_the_rollout_step_agrees_with_the_bucket_rule_at_the_edge(): void {
		$this->assertSame( 'pass', ( new UpdateDecision( '1.0.0' ) )->rollout( 2499, 25 )->steps()[0]['outcome'] );
		$this->assertSame( 'fail', ( new UpdateDecision( '1.0.0' ) )->rollout( 2500, 25 )->steps()[0]['outcome'] );
		$this->assertSame( 'fail', ( new UpdateDecision( '1.0.0' ) )->rollout( 0, 0 )->steps()[0]['outcome'] );
		$this->assertSame( 'pass', ( new UpdateDecision( '1.0.0' ) )->rollout( 9999, 100 )->steps()[0]['outcome'] );
	}

	public function test_an_offer_the_site_cannot_install_for_its_php_says_so(): void {
		$decision = self::offered( self::usable( '1.0.0', '6.5', '7.4.33' ), 10, 100, '6.0', '8.1' )->offer( '2.0.0', true );
		$this->assertSame( UpdateDecision::OFFERED, $decision->answer() );
		$this->assertSame( 'Offered 2.0.0, but the site will not install it: it runs PHP 7.4.33 and the release requires PHP 8.1.', $decision->summary() );
	}

	public function test_an_offer_the_site_cannot_install_for_its_wordpress_says_so(): void {
		$decision = self::offered( self::usable( '1.0.0', '6.2', '8.2' ), 10, 100, '6.5', '7.4' )->offer( '2.0.0', true );
		$this->assertSame( 'Offered 2.0.0, but the site will not install it: it runs WordPress 6.2 and the release requires WordPress 6.5.', $decision->summary() );
	}

	public function test_requirements_the_site_did_not_report_decide_nothing(): void {
		$decision = self::offered( self::usable( '1.0.0' ), 10, 100, '6.5', '8.1' )->offer( '2.0.0', true );
		$this->assertSame( 'Offered 2.0.0 (the site runs 1.0.0).', $decision->summary() );
		$requires = $decision->steps()[6];
		$this->assertSame(
			array(
				'step'     => 'requires_php',
				'outcome'  => 'info',
				'required' => '8.1',
				'reported' => null,
			),
			$requires
		);
		$none = ( new UpdateDecision( '1.0.0', '6.5', '8.2' ) )->requires( '' )->steps()[0];
		$this->assertSame( 'info', $none['outcome'] );
		$this->assertNull( $none['required'] );
	}

	public function test_a_current_site_is_told_so_with_the_newest_version(): void {
		$decision = self::usable( '2.0.0' )->release( '2.0.0', false )->current();
		$this->assertSame( UpdateDecision::CURRENT, $decision->answer() );
		$this->assertNull( $decision->offered() );
		$this->assertSame( 'Current: the site runs 2.0.0; the newest release is 2.0.0.', $decision->summary() );
	}

	public function test_a_product_without_a_published_release_has_nothing_to_offer(): void {
		$decision = self::usable( '1.0.0' )->release( null, false )->current();
		$this->assertSame( 'Nothing to offer: the product has no published current release (the site runs 1.0.0).', $decision->summary() );
	}

	public function test_an_unusable_license_is_refused_with_its_status(): void {
		$decision = ( new UpdateDecision( '1.0.0' ) )->license( 'expired', false )->refuse( 'license_not_active' );
		$this->assertSame( UpdateDecision::REFUSED, $decision->answer() );
		$this->assertSame( 'license_not_active', $decision->error_code() );
		$this->assertSame( 'Refused: this licence is expired, so it gets no updates.', $decision->summary() );
	}

	public function test_a_site_not_activated_is_refused_when_updates_require_an_activation(): void {
		$decision = ( new UpdateDecision( '1.0.0' ) )->license( 'active', true )->activation( false, false, true )->refuse( 'site_not_activated' );
		$this->assertSame( 'Refused: this site is not activated on the licence, and updates require an activation.', $decision->summary() );
		$this->assertSame( 'fail', $decision->steps()[1]['outcome'] );
	}

	public function test_a_site_not_activated_is_a_fact_when_updates_do_not_require_one(): void {
		$step = ( new UpdateDecision( '1.0.0' ) )->activation( false, false, false )->steps()[0];
		$this->assertSame( 'info', $step['outcome'] );
		$staging = ( new UpdateDecision( '1.0.0' ) )->activation( true, true, true )->steps()[0];
		$this->assertSame(
			array(
				'step'      => 'activation',
				'outcome'   => 'pass',
				'activated' => true,
				'staging'   => true,
				'required'  => true,
			),
			$staging
		);
	}

	public function test_another_refusal_names_its_code(): void {
		$this->assertSame( 'Refused (rate_limited).', ( new UpdateDecision( '1.0.0' ) )->refuse( 'rate_limited' )->summary() );
	}

	public function test_a_check_that_never_ended_counts_as_refused(): void {
		$this->assertSame( UpdateDecision::REFUSED, ( new UpdateDecision( '1.0.0' ) )->answer() );
		$this->assertSame( 'Refused (unknown).', ( new UpdateDecision( '1.0.0' ) )->summary() );
	}

	public function test_empty_reported_versions_count_as_not_reported(): void {
		$decision = new UpdateDecision( '1.0.0', '', '' );
		$this->assertNull( $decision->wp_version() );
		$this->assertNull( $decision->php_version() );
	}

	public function test_the_stored_form_is_compact_and_reads_back_to_the_same_decision(): void {
		$decisions = array(
			self::offered( self::usable( '1.0.0', '6.5', '7.4' ), 7312, 25, '6.0', '8.1' )->offer( '2.0.0', false ),
			self::offered( self::usable( '1.0.0', '6.5', '7.4' ), 12, 100, '6.0', '8.1' )->offer( '2.0.0', true ),
			( new UpdateDecision( '1.0.0' ) )->license( 'active', true )->activation( false, false, true )->refuse( 'site_not_activated' ),
			self::usable( '2.0.0' )->release( '2.0.0', false )->current(),
		);
		foreach ( $decisions as $decision ) {
			$compact = $decision->compact();
			$this->assertStringStartsWith( '[["license","pass",{"status":"active"}]', $compact );
			$back = UpdateDecision::from_stored( $decision->answer(), $decision->offered(), $decision->installed(), $decision->wp_version(), $decision->php_version(), $compact );
			$this->assertSame( $decision->steps(), $back->steps() );
			$this->assertSame( $decision->summary(), $back->summary() );
			$this->assertSame( $decision->error_code(), $back->error_code() );
			$this->assertSame( $compact, $back->compact() );
		}
		// Compact: a whole offer's steps, its 64-digit hash included, stay under half a kilobyte.
		$this->assertLessThan( 512, strlen( $decisions[0]->compact() ) );
	}

	public function test_stored_steps_that_are_not_its_own_are_refused(): void {
		foreach ( array( 'not json', '{"a":1}', '[["license"]]', '[[1,"pass",{}]]' ) as $bad ) {
			try {
				UpdateDecision::from_stored( 'offered', '2.0.0', '1.0.0', null, null, $bad );
				$this->fail( 'Accepted ' . $bad );
			} catch ( InvalidArgumentException $e ) {
				$this->assertNotSame( '', $e->getMessage() );
			}
		}
		$this->expectException( InvalidArgumentException::class );
		UpdateDecision::from_stored( 'maybe', null, '1.0.0', null, null, '[]' );
	}
}
