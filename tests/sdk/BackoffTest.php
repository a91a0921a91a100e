<?php
/**
 * The SDK's back-off per licence server.
 *
 * @package SvcLicensingClient
 */

use PHPUnit\Framework\TestCase;
use Svc\LicensingClient\Backoff;

final class BackoffTest extends TestCase {

	public function test_failures_in_a_row_wait_longer_up_to_six_hours(): void {
		$backoff = new Backoff();
		$now     = 1000;
		$waits   = array();
		for ( $i = 0; $i < 8; $i++ ) {
			$backoff = $backoff->after_failure( $now );
			$waits[] = $backoff->until() - $now;
		}
		$this->assertSame( array( 60, 300, 900, 3600, 10800, 21600, 21600, 21600 ), $waits );
		$this->assertSame( 8, $backoff->failures() );
	}

	public function test_no_call_before_the_wait_is_over_and_a_success_clears_it(): void {
		$backoff = ( new Backoff() )->after_failure( 1000 );
		$this->assertFalse( $backoff->allows( 1059 ) );
		$this->assertTrue( $backoff->allows( 1060 ) );
		$cleared = $backoff->after_success();
		$this->assertTrue( $cleared->allows( 0 ) );
		$this->assertSame( 0, $cleared->failures() );
	}

	public function test_retry_after_is_honoured_exactly_and_capped_at_a_day(): void {
		$this->assertSame( 1030, ( new Backoff() )->after_failure( 1000, 30 )->until() );
		$this->assertSame( 1000 + 86400, ( new Backoff() )->after_failure( 1000, 999999 )->until() );
		$this->assertSame( 1001, ( new Backoff() )->after_failure( 1000, 0 )->until() );
	}

	public function test_retry_after_headers_in_seconds_or_as_a_date(): void {
		$now = strtotime( '2026-11-23 12:00:00 UTC' );
		$this->assertSame( 120, Backoff::retry_after_seconds( '120', $now ) );
		$this->assertSame( 90, Backoff::retry_after_seconds( 'Mon, 23 Nov 2026 12:01:30 GMT', $now ) );
		$this->assertSame( 1, Backoff::retry_after_seconds( 'Mon, 23 Nov 2026 11:00:00 GMT', $now ) );
		$this->assertSame( 86400, Backoff::retry_after_seconds( '99999999999999', $now ) );
		$this->assertNull( Backoff::retry_after_seconds( null, $now ) );
		$this->assertNull( Backoff::retry_after_seconds( 'soon', $now ) );
		$this->assertNull( Backoff::retry_after_seconds( '-5', $now ) );
	}

	public function test_stored_state_round_trips_and_junk_is_no_backoff(): void {
		$backoff = ( new Backoff() )->after_failure( 1000 )->after_failure( 1100 );
		$this->assertEquals( $backoff, Backoff::from_array( $backoff->to_array() ) );
		$this->assertTrue( Backoff::from_array( 'junk' )->allows( 0 ) );
		$this->assertTrue( Backoff::from_array( array( 'until' => '9999999999' ) )->allows( 0 ) );
	}
}
