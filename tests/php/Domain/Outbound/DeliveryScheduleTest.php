<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\Outbound;

use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\Outbound\DeliverySchedule;

final class DeliveryScheduleTest extends TestCase {

	public function test_retries_after_1_5_30_120_720_and_1440_minutes_then_none(): void {
		$now     = 1000;
		$delays  = array();
		$attempt = 1;
		while ( true ) {
			$next = DeliverySchedule::next_attempt_after_failure( $attempt, $now );
			if ( null === $next ) {
				break;
			}
			$delays[] = ( $next - $now ) / 60;
			$now      = $next;
			++$attempt;
		}
		$this->assertSame( array( 1, 5, 30, 120, 720, 1440 ), $delays );
		$this->assertSame( 7, $attempt, 'the first attempt and six retries' );
		$this->assertSame( 7, DeliverySchedule::MAX_ATTEMPTS );
	}

	public function test_a_delivery_past_its_last_attempt_gets_none(): void {
		foreach ( array( 7, 8, 100 ) as $attempts ) {
			$this->assertNull( DeliverySchedule::next_attempt_after_failure( $attempts, 5 ) );
		}
		$this->assertSame( 65, DeliverySchedule::next_attempt_after_failure( 0, 5 ), 'no attempt yet reads as the first' );
	}

	public function test_only_2xx_answers_are_successes(): void {
		foreach ( array( 200, 201, 204, 299 ) as $code ) {
			$this->assertTrue( DeliverySchedule::is_success( $code ), (string) $code );
		}
		foreach ( array( null, 0, 100, 301, 302, 304, 400, 410, 500, 503 ) as $code ) {
			$this->assertFalse( DeliverySchedule::is_success( $code ), (string) $code );
		}
	}

	public function test_an_endpoint_is_disabled_when_a_delivery_runs_out_after_a_day_without_success(): void {
		$day = 86400;
		$this->assertTrue( DeliverySchedule::disables_endpoint( true, 1000, 1000 + $day ) );
		$this->assertFalse( DeliverySchedule::disables_endpoint( true, 1000, 1000 + $day - 1 ), 'a success within the day keeps it' );
		$this->assertFalse( DeliverySchedule::disables_endpoint( false, 1000, 1000 + 10 * $day ), 'a delivery with retries left' );
		$this->assertFalse( DeliverySchedule::disables_endpoint( true, null, 1000 + $day ), 'no failure on record' );
	}
}
