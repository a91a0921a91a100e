<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain;

use InvalidArgumentException;
use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\Health\CheckResult;
use Svc\Licensing\Domain\Health\HealthReport;

final class HealthReportTest extends TestCase {

	public function test_all_passing_is_pass_and_healthy(): void {
		$report = new HealthReport( array( new CheckResult( 'database', 'pass' ), new CheckResult( 'file_storage', 'pass' ) ) );
		$this->assertSame( 'pass', $report->status() );
		$this->assertTrue( $report->is_healthy() );
	}

	public function test_a_warning_is_still_healthy(): void {
		$report = new HealthReport( array( new CheckResult( 'database', 'pass' ), new CheckResult( 'payment_webhook', 'warn', 'No secret.' ) ) );
		$this->assertSame( 'warn', $report->status() );
		$this->assertTrue( $report->is_healthy() );
	}

	public function test_one_failure_outranks_warnings_and_is_unhealthy(): void {
		$report = new HealthReport(
			array(
				new CheckResult( 'database', 'fail', 'Down.' ),
				new CheckResult( 'file_storage', 'pass' ),
				new CheckResult( 'payment_webhook', 'warn' ),
			)
		);
		$this->assertSame( 'fail', $report->status() );
		$this->assertFalse( $report->is_healthy() );
	}

	public function test_body_has_the_union_of_both_published_shapes(): void {
		$report = new HealthReport( array( new CheckResult( 'database', 'pass' ), new CheckResult( 'payment_webhook', 'warn', 'No secret.' ) ) );
		$this->assertSame(
			array(
				'status'    => 'warn',
				'version'   => '1.2.3',
				'timestamp' => '2026-01-02T03:04:05Z',
				'checks'    => array(
					array(
						'name'   => 'database',
						'status' => 'pass',
					),
					array(
						'name'    => 'payment_webhook',
						'status'  => 'warn',
						'message' => 'No secret.',
					),
				),
			),
			$report->to_array( '1.2.3', 1767323045 )
		);
	}

	public function test_unknown_status_is_refused(): void {
		$this->expectException( InvalidArgumentException::class );
		new CheckResult( 'database', 'ok' );
	}
}
