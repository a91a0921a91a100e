<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\MoveIn;

use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\MoveIn\OldProtocolRequest;

final class OldProtocolRequestTest extends TestCase {

	public function test_an_old_clients_action_parameter_by_get_or_post(): void {
		$this->assertTrue( OldProtocolRequest::present( array( 'edd_action' => 'check_license' ), array() ) );
		$this->assertTrue( OldProtocolRequest::present( array(), array( 'edd_action' => 'get_version' ) ) );
		$this->assertTrue( OldProtocolRequest::present( array(), array( 'slm_action' => 'slm_check' ) ) );
		$this->assertTrue( OldProtocolRequest::present( array( 'slm_action' => array( 'x' ) ), array() ) );
	}

	public function test_any_other_request_is_not_one(): void {
		$this->assertFalse( OldProtocolRequest::present( array(), array() ) );
		$this->assertFalse( OldProtocolRequest::present( array( 'p' => '1', 'action' => 'edd_action' ), array( 'EDD_ACTION' => 'check_license' ) ) );
		$this->assertFalse( OldProtocolRequest::present( array( 'edd_action' => null ), array() ) );
	}

	public function test_a_request_counts_on_its_utc_day(): void {
		$this->assertSame( '2026-11-26', OldProtocolRequest::day( gmmktime( 0, 0, 0, 11, 26, 2026 ) ) );
		$this->assertSame( '2026-11-26', OldProtocolRequest::day( gmmktime( 23, 59, 59, 11, 26, 2026 ) ) );
	}

	public function test_the_last_30_days_are_today_and_the_29_before(): void {
		$this->assertSame( '2026-10-28', OldProtocolRequest::first_counted_day( gmmktime( 0, 0, 0, 11, 26, 2026 ) ) );
		$this->assertSame( '2026-10-28', OldProtocolRequest::first_counted_day( gmmktime( 23, 59, 59, 11, 26, 2026 ) ) );
		// Across a month and a year end.
		$this->assertSame( '2025-12-04', OldProtocolRequest::first_counted_day( gmmktime( 12, 0, 0, 1, 2, 2026 ) ) );
	}
}
