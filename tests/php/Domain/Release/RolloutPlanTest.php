<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\Release;

use InvalidArgumentException;
use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\Release\RolloutPlan;

final class RolloutPlanTest extends TestCase {

	private const T0 = 1798761600; // 2027-01-01T00:00:00Z.

	private static function plan(): RolloutPlan {
		return RolloutPlan::from_steps(
			array(
				array( 'percentage' => 5, 'at' => '2027-01-01T00:00:00Z' ),
				array( 'percentage' => 25, 'at' => '2027-01-02T00:00:00Z' ),
				array( 'percentage' => 100, 'at' => '2027-01-03T00:00:00+00:00' ),
			)
		);
	}

	public function test_the_effective_percentage_is_the_last_step_whose_time_has_come(): void {
		$plan = self::plan();
		$this->assertSame( 0, RolloutPlan::effective( $plan, 100, null, self::T0 - 1 ) );
		$this->assertSame( 5, RolloutPlan::effective( $plan, 100, null, self::T0 ) );
		$this->assertSame( 5, RolloutPlan::effective( $plan, 100, null, self::T0 + 86399 ) );
		$this->assertSame( 25, RolloutPlan::effective( $plan, 100, null, self::T0 + 86400 ) );
		$this->assertSame( 100, RolloutPlan::effective( $plan, 100, null, self::T0 + 3 * 86400 ) );
		$this->assertNull( $plan->step_index( self::T0 - 1 ) );
		$this->assertSame( 1, $plan->step_index( self::T0 + 90000 ) );
	}

	public function test_a_paused_plan_is_frozen_at_the_pause(): void {
		$plan   = self::plan();
		$paused = self::T0 + 3600;
		$this->assertSame( 5, RolloutPlan::effective( $plan, 100, $paused, self::T0 + 10 * 86400 ) );
		// Paused before the first step: nobody.
		$this->assertSame( 0, RolloutPlan::effective( $plan, 100, self::T0 - 60, self::T0 + 10 * 86400 ) );
	}

	public function test_without_a_plan_the_plain_percentage_holds_paused_or_not(): void {
		$this->assertSame( 40, RolloutPlan::effective( null, 40, null, self::T0 ) );
		$this->assertSame( 40, RolloutPlan::effective( null, 40, self::T0 - 5, self::T0 ) );
	}

	public function test_steps_round_trip_through_storage_in_utc(): void {
		$plan = RolloutPlan::from_steps(
			array(
				array( 'percentage' => '10', 'at' => '2027-01-01T02:00+02:00' ),
				array( 'percentage' => 100, 'at' => '2027-01-05T00:00' ),
			)
		);
		$this->assertSame(
			array(
				array( 'percentage' => 10, 'at' => '2027-01-01T00:00:00Z' ),
				array( 'percentage' => 100, 'at' => '2027-01-05T00:00:00Z' ),
			),
			$plan->steps()
		);
		$again = RolloutPlan::from_storage( $plan->to_json() );
		$this->assertNotNull( $again );
		$this->assertSame( $plan->steps(), $again->steps() );
		$this->assertNull( RolloutPlan::from_storage( null ) );
		$this->assertNull( RolloutPlan::from_storage( '[{"percentage":50,"at":"2027-01-01T00:00:00Z"}]' ) );
	}

	/**
	 * @return array<string, array{0: mixed, 1: string}>
	 */
	public static function broken_plans(): array {
		$at = '2027-01-01T00:00:00Z';
		return array(
			'not a list'        => array( array( 'percentage' => 100, 'at' => $at ), 'non-empty list' ),
			'empty'             => array( array(), 'non-empty list' ),
			'missing time'      => array( array( array( 'percentage' => 100 ) ), 'needs a percentage and an at' ),
			'over 100'          => array( array( array( 'percentage' => 101, 'at' => $at ) ), '0 to 100' ),
			'negative'          => array( array( array( 'percentage' => -1, 'at' => $at ) ), '0 to 100' ),
			'fraction'          => array( array( array( 'percentage' => 5.5, 'at' => $at ) ), '0 to 100' ),
			'bad time'          => array( array( array( 'percentage' => 100, 'at' => 'tomorrow' ) ), 'ISO 8601' ),
			'impossible time'   => array( array( array( 'percentage' => 100, 'at' => '2027-13-45T99:00:00Z' ) ), 'not a real time' ),
			'same time'         => array( array( array( 'percentage' => 5, 'at' => $at ), array( 'percentage' => 100, 'at' => $at ) ), 'must come after' ),
			'earlier time'      => array( array( array( 'percentage' => 5, 'at' => $at ), array( 'percentage' => 100, 'at' => '2026-12-31T00:00:00Z' ) ), 'must come after' ),
			'falling'           => array( array( array( 'percentage' => 50, 'at' => $at ), array( 'percentage' => 20, 'at' => '2027-01-02T00:00:00Z' ), array( 'percentage' => 100, 'at' => '2027-01-03T00:00:00Z' ) ), 'must not lower' ),
			'never reaches 100' => array( array( array( 'percentage' => 5, 'at' => $at ), array( 'percentage' => 50, 'at' => '2027-01-02T00:00:00Z' ) ), 'reach 100' ),
		);
	}

	/**
	 * @param mixed  $steps   Given.
	 * @param string $message Part of the refusal.
	 */
	#[DataProvider( 'broken_plans' )]
	public function test_a_broken_plan_is_refused_naming_the_rule( $steps, string $message ): void {
		$this->expectException( InvalidArgumentException::class );
		$this->expectExceptionMessage( $message );
		RolloutPlan::from_steps( $steps );
	}
}
