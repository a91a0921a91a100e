<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\Release;

use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\Release\RolloutBucket;

final class RolloutBucketTest extends TestCase {

	public function test_the_bucket_is_stable_and_in_range(): void {
		for ( $id = 1; $id <= 200; $id++ ) {
			$bucket = RolloutBucket::of( $id, 7, '2.0.0' );
			$this->assertSame( $bucket, RolloutBucket::of( $id, 7, '2.0.0' ) );
			$this->assertGreaterThanOrEqual( 0, $bucket );
			$this->assertLessThan( RolloutBucket::BUCKETS, $bucket );
		}
	}

	/**
	 * A licence keeps its bucket across versions of this code, or a staged rollout would reshuffle who has it.
	 */
	public function test_buckets_do_not_change_between_versions_of_the_code(): void {
		$this->assertSame( 2476, RolloutBucket::of( 1, 1, '1.0.0' ) );
		$this->assertSame( 7722, RolloutBucket::of( 42, 7, '2.0.0' ) );
		$this->assertSame( 5370, RolloutBucket::of( 99999, 3, '3.1.4-beta.1' ) );
	}

	public function test_a_percentage_takes_about_that_share_of_licenses(): void {
		foreach ( array( 1, 10, 30, 50, 90 ) as $percentage ) {
			$in = 0;
			for ( $id = 1; $id <= 20000; $id++ ) {
				$in += RolloutBucket::includes( $id, 3, '1.4.0', $percentage ) ? 1 : 0;
			}
			$this->assertEqualsWithDelta( $percentage / 100, $in / 20000, 0.015, "{$percentage} %" );
		}
	}

	public function test_raising_the_percentage_never_removes_anyone(): void {
		for ( $id = 1; $id <= 3000; $id++ ) {
			$was_in = false;
			for ( $percentage = 0; $percentage <= 100; $percentage += 5 ) {
				$is_in = RolloutBucket::includes( $id, 3, '1.4.0', $percentage );
				$this->assertFalse( $was_in && ! $is_in, "licence {$id} dropped out at {$percentage} %" );
				$was_in = $is_in;
			}
		}
	}

	public function test_zero_is_nobody_and_a_hundred_is_everybody(): void {
		for ( $id = 1; $id <= 2000; $id++ ) {
			$this->assertFalse( RolloutBucket::includes( $id, 1, '1.0.0', 0 ) );
			$this->assertTrue( RolloutBucket::includes( $id, 1, '1.0.0', 100 ) );
		}
		$this->assertTrue( RolloutBucket::includes( 1, 1, '1.0.0', 250 ), 'above 100 is clamped' );
		$this->assertFalse( RolloutBucket::includes( 1, 1, '1.0.0', -5 ), 'below 0 is clamped' );
	}

	public function test_each_release_draws_its_own_early_licenses(): void {
		$first  = array();
		$second = array();
		for ( $id = 1; $id <= 2000; $id++ ) {
			if ( RolloutBucket::includes( $id, 1, '1.0.0', 10 ) ) {
				$first[] = $id;
			}
			if ( RolloutBucket::includes( $id, 1, '1.1.0', 10 ) ) {
				$second[] = $id;
			}
		}
		// Independent 10 % draws overlap by about 1 %, not 10 %.
		$this->assertLessThan( 0.4 * count( $first ), count( array_intersect( $first, $second ) ) );
	}
}
