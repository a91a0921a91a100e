<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\PaymentEvent;

use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\PaymentEvent\EventStatus;
use Svc\Licensing\Domain\PaymentEvent\RetrySchedule;

final class RetryScheduleTest extends TestCase {

	public function test_five_retries_at_1_5_15_60_and_240_minutes_then_none(): void {
		$now    = 1000;
		$count  = 0;
		$delays = array();
		$counts = array();
		for ( $failure = 0; $failure < 6; $failure++ ) {
			$next     = RetrySchedule::after_failure( $count, $now );
			$counts[] = $next['retry_count'];
			if ( null === $next['next_retry_at'] ) {
				$delays[] = null;
				break;
			}
			$delays[] = ( $next['next_retry_at'] - $now ) / 60;
			$now      = $next['next_retry_at'];
			$count    = $next['retry_count'];
		}
		$this->assertSame( array( 1, 5, 15, 60, 240, null ), $delays );
		$this->assertSame( array( 1, 2, 3, 4, 5, 5 ), $counts );
	}

	public function test_an_exhausted_event_stays_exhausted(): void {
		foreach ( array( 5, 6, 50 ) as $count ) {
			$this->assertSame(
				array(
					'retry_count'   => 5,
					'next_retry_at' => null,
				),
				RetrySchedule::after_failure( $count, 1 )
			);
		}
		$this->assertSame( 1, RetrySchedule::after_failure( -3, 1 )['retry_count'], 'a negative count is read as 0' );
	}

	public function test_status_comes_from_the_columns(): void {
		$this->assertSame( EventStatus::PROCESSED, EventStatus::of( '2026-01-01 00:00:00', null ) );
		$this->assertSame( EventStatus::PROCESSED, EventStatus::of( '2026-01-01 00:00:00', '2026-01-01 00:01:00' ) );
		$this->assertSame( EventStatus::PENDING_RETRY, EventStatus::of( null, '2026-01-01 00:01:00' ) );
		$this->assertSame( EventStatus::FAILED, EventStatus::of( null, null ) );
	}
}
