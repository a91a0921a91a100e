<?php
/**
 * Which expiry dates a notice is due for on a given day, a late job catching up without stale mail.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\Renewal;

use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\Renewal\DueWindow;
use Svc\Licensing\Domain\Renewal\Notice;

final class DueWindowTest extends TestCase {

	/**
	 * Unix time of a UTC date-time.
	 *
	 * @param string $at 2027-03-10 09:00:00.
	 */
	private static function at( string $at ): int {
		return (int) strtotime( $at . ' UTC' );
	}

	/**
	 * A notice.
	 *
	 * @param int    $offset Days.
	 * @param string $id     Id.
	 */
	private static function notice( int $offset, string $id = '' ): Notice {
		return Notice::from_array(
			array(
				'id'      => '' === $id ? 'n' . ( $offset < 0 ? 'm' . -$offset : $offset ) : $id,
				'kind'    => 'renewal',
				'offset'  => $offset,
				'enabled' => true,
				'subject' => 'x',
				'body'    => 'y',
			)
		);
	}

	public function test_a_notice_goes_on_its_day_whatever_the_hour_of_expiry_or_of_the_run(): void {
		$seven_before = self::notice( -7 );
		// Expires 2027-03-17 (any hour): the notice is due from 2027-03-10 00:00 UTC.
		foreach ( array( '2027-03-17 00:00:00', '2027-03-17 12:34:56', '2027-03-17 23:59:59' ) as $expiry ) {
			$this->assertTrue( DueWindow::is_due( $seven_before, self::at( $expiry ), self::at( '2027-03-10 00:00:00' ) ), $expiry );
			$this->assertTrue( DueWindow::is_due( $seven_before, self::at( $expiry ), self::at( '2027-03-10 23:59:59' ) ), $expiry );
			$this->assertFalse( DueWindow::is_due( $seven_before, self::at( $expiry ), self::at( '2027-03-09 23:59:59' ) ), 'not a day early: ' . $expiry );
		}
	}

	public function test_the_window_is_the_range_of_expiry_times_the_job_reads_through_the_index(): void {
		$now = self::at( '2027-03-10 09:00:00' );
		// On the day and after expiry: due for the expiry day itself and up to GRACE_DAYS days late.
		$this->assertSame( array( self::at( '2027-03-07 00:00:00' ), self::at( '2027-03-11 00:00:00' ) ), DueWindow::expiring( self::notice( 0 ), $now ) );
		$this->assertSame( array( self::at( '2027-02-28 00:00:00' ), self::at( '2027-03-04 00:00:00' ) ), DueWindow::expiring( self::notice( 7 ), $now ) );
		$this->assertSame( 3, DueWindow::GRACE_DAYS );
		// Before expiry: as late as GRACE_DAYS, but never on or after the expiry day ("expires in 2 days" after it has).
		$this->assertSame( array( self::at( '2027-04-06 00:00:00' ), self::at( '2027-04-10 00:00:00' ) ), DueWindow::expiring( self::notice( -30 ), $now ) );
		$this->assertSame( array( self::at( '2027-03-11 00:00:00' ), self::at( '2027-03-14 00:00:00' ) ), DueWindow::expiring( self::notice( -3 ), $now ), 'two days late at most: three would be the expiry day' );
		$this->assertSame( array( self::at( '2027-03-11 00:00:00' ), self::at( '2027-03-13 00:00:00' ) ), DueWindow::expiring( self::notice( -2 ), $now ) );
		$this->assertSame( array( self::at( '2027-03-11 00:00:00' ), self::at( '2027-03-12 00:00:00' ) ), DueWindow::expiring( self::notice( -1 ), $now ), 'only on time: one day late is the expiry day' );
	}

	public function test_the_window_and_is_due_agree_at_every_edge(): void {
		$now = self::at( '2027-03-10 09:00:00' );
		foreach ( array( -30, -7, -3, -2, -1, 0, 1, 7, 30 ) as $offset ) {
			$notice               = self::notice( $offset );
			list( $from, $until ) = DueWindow::expiring( $notice, $now );
			$this->assertTrue( DueWindow::is_due( $notice, $from, $now ), "first second, offset {$offset}" );
			$this->assertTrue( DueWindow::is_due( $notice, $until - 1, $now ), "last second, offset {$offset}" );
			$this->assertFalse( DueWindow::is_due( $notice, $from - 1, $now ), "before the window, offset {$offset}" );
			$this->assertFalse( DueWindow::is_due( $notice, $until, $now ), "after the window, offset {$offset}" );
		}
	}

	public function test_a_job_that_missed_days_catches_up_within_the_grace_and_not_after(): void {
		$after_seven = self::notice( 7 );
		$expiry      = self::at( '2027-03-01 10:00:00' ); // Due on 2027-03-08.
		$this->assertTrue( DueWindow::is_due( $after_seven, $expiry, self::at( '2027-03-08 00:30:00' ) ) );
		$this->assertTrue( DueWindow::is_due( $after_seven, $expiry, self::at( '2027-03-11 23:00:00' ) ), 'three days late' );
		$this->assertFalse( DueWindow::is_due( $after_seven, $expiry, self::at( '2027-03-12 00:00:00' ) ), 'four days late is stale' );
	}

	public function test_a_reminder_before_expiry_is_never_sent_once_the_license_has_expired(): void {
		$three_before = self::notice( -3 );
		$expiry       = self::at( '2027-03-13 08:00:00' ); // Due on 2027-03-10.
		$this->assertTrue( DueWindow::is_due( $three_before, $expiry, self::at( '2027-03-12 23:59:59' ) ), 'two days late, still before the expiry day' );
		$this->assertFalse( DueWindow::is_due( $three_before, $expiry, self::at( '2027-03-13 00:00:00' ) ), 'on the expiry day the "on the day" notice speaks' );
	}

	public function test_days_counts_calendar_days_to_or_from_the_expiry_day_as_sent(): void {
		$expiry = self::at( '2027-03-17 22:00:00' );
		$this->assertSame( 7, DueWindow::days( $expiry, self::at( '2027-03-10 23:59:00' ) ), 'on time: the offset' );
		$this->assertSame( 5, DueWindow::days( $expiry, self::at( '2027-03-12 00:10:00' ) ), 'two days late, {days} still tells the truth' );
		$this->assertSame( 0, DueWindow::days( $expiry, self::at( '2027-03-17 01:00:00' ) ) );
		$this->assertSame( 9, DueWindow::days( $expiry, self::at( '2027-03-26 12:00:00' ) ), 'after expiry: days since' );
	}

	public function test_a_lifetime_license_is_never_due(): void {
		$this->assertFalse( DueWindow::is_due( self::notice( 0 ), null, self::at( '2027-03-10 09:00:00' ) ) );
	}

	public function test_of_several_due_notices_only_the_latest_goes(): void {
		$notices = array( self::notice( -30 ), self::notice( -7 ), self::notice( -1 ), self::notice( 0 ), self::notice( 7 ) );
		$expiry  = self::at( '2027-03-10 15:00:00' );
		// The job was down from 2027-03-08 to 2027-03-10: -1 (due 03-09) and 0 (due 03-10) are both due; 0 speaks.
		$this->assertSame( 'n0', DueWindow::pick( $notices, $expiry, self::at( '2027-03-10 06:00:00' ) )->id );
		$this->assertSame( 'nm1', DueWindow::pick( $notices, $expiry, self::at( '2027-03-09 06:00:00' ) )->id );
		$this->assertSame( 'nm7', DueWindow::pick( $notices, $expiry, self::at( '2027-03-05 06:00:00' ) )->id, 'two days late' );
		$this->assertNull( DueWindow::pick( $notices, $expiry, self::at( '2027-03-07 06:00:00' ) ), 'between notices, past the grace of the one before, nothing is due' );
		$this->assertNull( DueWindow::pick( array(), $expiry, self::at( '2027-03-10 06:00:00' ) ) );
	}

	public function test_the_pick_does_not_depend_on_the_order_the_notices_were_saved_in(): void {
		$notices = array( self::notice( 0 ), self::notice( -1 ) );
		$expiry  = self::at( '2027-03-10 15:00:00' );
		$this->assertSame( 'n0', DueWindow::pick( $notices, $expiry, self::at( '2027-03-10 06:00:00' ) )->id );
		$this->assertSame( 'n0', DueWindow::pick( array_reverse( $notices ), $expiry, self::at( '2027-03-10 06:00:00' ) )->id );
	}

	public function test_each_license_gets_each_notice_on_exactly_one_run_of_a_daily_job(): void {
		// A daily job over 80 days: every expiry time of a 5-day span gets every notice on exactly one day.
		$notices = array( self::notice( -30 ), self::notice( -7 ), self::notice( -1 ), self::notice( 0 ), self::notice( 7 ) );
		$start   = self::at( '2027-01-01 03:00:00' );
		for ( $expiry = self::at( '2027-02-10 00:00:00' ); $expiry < self::at( '2027-02-15 00:00:00' ); $expiry += 4 * 3600 + 17 ) {
			$sent = array();
			for ( $day = 0; $day < 80; $day++ ) {
				$picked = DueWindow::pick( $notices, $expiry, $start + $day * 86400 );
				if ( null !== $picked ) {
					$sent[ $picked->id ][] = $day;
				}
			}
			$this->assertSame( array( 'nm30', 'nm7', 'nm1', 'n0', 'n7' ), array_keys( $sent ) );
			$offsets = array(
				'nm30' => -30,
				'nm7'  => -7,
				'nm1'  => -1,
				'n0'   => 0,
				'n7'   => 7,
			);
			foreach ( $sent as $id => $days ) {
				// The first run that picks it is its day; later runs of the window pick it again and the ledger
				// (one row per licence, notice and expiry) keeps it to that one mail.
				$this->assertSame( intdiv( $expiry, 86400 ) + $offsets[ $id ] - intdiv( $start, 86400 ), $days[0], $id );
				$this->assertLessThanOrEqual( 1 + DueWindow::GRACE_DAYS, count( $days ), $id );
			}
		}
	}
}
