<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\Portal;

use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\Portal\ReleaseAllowance;

final class ReleaseAllowanceTest extends TestCase {

	public function test_the_month_runs_from_the_first_to_the_first_of_the_next_in_utc(): void {
		$now = (int) gmmktime( 23, 59, 59, 1, 31, 2026 );
		$this->assertSame( '2026-01-01 00:00:00', gmdate( 'Y-m-d H:i:s', ReleaseAllowance::month_start( $now ) ) );
		$this->assertSame( '2026-02-01 00:00:00', gmdate( 'Y-m-d H:i:s', ReleaseAllowance::resets( $now ) ) );
		$first = (int) gmmktime( 0, 0, 0, 2, 1, 2026 );
		$this->assertSame( $first, ReleaseAllowance::month_start( $first ) );
	}

	public function test_december_resets_on_the_first_of_january_of_the_next_year(): void {
		$now = (int) gmmktime( 12, 0, 0, 12, 15, 2026 );
		$this->assertSame( '2027-01-01 00:00:00', gmdate( 'Y-m-d H:i:s', ReleaseAllowance::resets( $now ) ) );
	}

	public function test_releases_left_count_down_to_zero_and_no_further(): void {
		$allowance = new ReleaseAllowance( 3 );
		$this->assertSame( array( 3, 2, 1, 0, 0 ), array_map( array( $allowance, 'left' ), array( 0, 1, 2, 3, 4 ) ) );
		$this->assertTrue( $allowance->allows( 2 ) );
		$this->assertFalse( $allowance->allows( 3 ) );
	}

	public function test_a_limit_of_zero_allows_no_self_serve_release_and_a_negative_one_counts_as_zero(): void {
		$this->assertFalse( ( new ReleaseAllowance( 0 ) )->allows( 0 ) );
		$this->assertSame( 0, ( new ReleaseAllowance( -5 ) )->per_month() );
		$this->assertSame( ReleaseAllowance::MAX_PER_MONTH, ( new ReleaseAllowance( PHP_INT_MAX ) )->per_month() );
	}
}
