<?php
/**
 * The SDK keeps the last answer for the screen and the notices; an unreachable server never replaces it. Whether the
 * licence is valid is the lease's to say (LeaseHolderTest).
 *
 * @package SvcLicensingClient
 */

use PHPUnit\Framework\TestCase;
use Svc\LicensingClient\LicenseRecord;

final class LicenseRecordTest extends TestCase {

	private const DAY = 86400;

	public function test_an_outage_keeps_the_last_answer_and_says_since_when(): void {
		$record = ( new LicenseRecord() )->after_answer( array( 'valid' => true, 'status' => 'active' ), 1000 );
		$this->assertSame( LicenseRecord::VERIFIED, $record->state() );

		$down = $record->after_failure( 1000 + self::DAY )->after_failure( 1000 + 2 * self::DAY );
		$this->assertSame( LicenseRecord::UNVERIFIED, $down->state() );
		$this->assertSame( 1000, $down->verified_at(), 'could not verify since the last answer' );
		$this->assertSame( array( 'valid' => true, 'status' => 'active' ), $down->answer() );
	}

	public function test_an_answer_from_the_server_always_replaces_the_last_one(): void {
		$record  = ( new LicenseRecord() )->after_answer( array( 'valid' => true ), 1000 )->after_failure( 2000 );
		$expired = $record->after_answer( array( 'valid' => false, 'status' => 'expired' ), 3000 );
		$this->assertSame( LicenseRecord::VERIFIED, $expired->state() );
		$this->assertSame( array( 'valid' => false, 'status' => 'expired' ), $expired->answer() );
	}

	public function test_no_answer_is_no_record_and_failures_do_not_invent_one(): void {
		$this->assertSame( LicenseRecord::NONE, ( new LicenseRecord() )->after_failure( 1000 )->state() );
	}

	public function test_stored_records_round_trip_and_junk_is_no_record(): void {
		$record = ( new LicenseRecord() )->after_answer( array( 'valid' => true ), 1000 )->after_failure( 1500 );
		$this->assertEquals( $record, LicenseRecord::from_array( $record->to_array() ) );
		$this->assertSame( LicenseRecord::NONE, LicenseRecord::from_array( 'x' )->state() );
		$this->assertSame( LicenseRecord::NONE, LicenseRecord::from_array( array( 'answer' => 'x', 'verified_at' => 1 ) )->state() );
	}

	public function test_the_renewal_url_and_expiry_of_the_last_answer_are_kept_through_an_outage(): void {
		$record = ( new LicenseRecord() )->after_answer(
			array(
				'valid'       => true,
				'expires'     => '2027-01-15T00:00:00Z',
				'renewal_url' => 'https://seller.example/renew/acme-widgets/',
			),
			1000
		)->after_failure( 2000 );
		$this->assertSame( 'https://seller.example/renew/acme-widgets/', $record->renewal_url() );
		$this->assertSame( 1799971200, $record->expires() );
		$lifetime = ( new LicenseRecord() )->after_answer( array( 'valid' => true, 'expires' => null, 'renewal_url' => null ), 1000 );
		$this->assertNull( $lifetime->renewal_url() );
		$this->assertNull( $lifetime->expires() );
		$this->assertNull( ( new LicenseRecord() )->after_answer( array( 'renewal_url' => 'javascript:alert(1)' ), 1000 )->renewal_url() );
	}
}
