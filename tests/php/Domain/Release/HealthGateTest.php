<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\Release;

use InvalidArgumentException;
use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\Release\HealthGate;

final class HealthGateTest extends TestCase {

	public function test_it_waits_for_the_minimum_number_of_reports(): void {
		$this->assertFalse( ( new HealthGate( 0, 4, 10, 5 ) )->trips() );
		$this->assertTrue( ( new HealthGate( 0, 5, 10, 5 ) )->trips() );
		$this->assertTrue( ( new HealthGate( 4, 1, 10, 5 ) )->trips() );
	}

	public function test_it_pauses_only_over_the_threshold_not_at_it(): void {
		$this->assertFalse( ( new HealthGate( 9, 1, 10, 5 ) )->trips(), '1 in 10 is exactly 10 %' );
		$this->assertTrue( ( new HealthGate( 8, 1, 10, 5 ) )->trips(), '1 in 9 is over 10 %' );
		$this->assertFalse( ( new HealthGate( 90, 10, 10, 5 ) )->trips() );
		$this->assertTrue( ( new HealthGate( 89, 11, 10, 5 ) )->trips() );
	}

	public function test_no_failures_never_pause_and_threshold_100_never_pauses(): void {
		$this->assertFalse( ( new HealthGate( 50, 0, 0, 5 ) )->trips() );
		$this->assertTrue( ( new HealthGate( 49, 1, 0, 5 ) )->trips() );
		$this->assertFalse( ( new HealthGate( 0, 50, 100, 5 ) )->trips() );
	}

	public function test_the_reason_names_the_figures(): void {
		$gate = new HealthGate( 3, 2, 10, 5 );
		$this->assertSame( 40, $gate->failure_rate() );
		$this->assertSame( 'Failure rate 40 % (2 of 5 licences reported a failure) is over the 10 % threshold.', $gate->reason() );
		$this->assertSame( 0, ( new HealthGate( 0, 0, 10, 5 ) )->failure_rate() );
	}

	/**
	 * @return array<string, array{int, int, int, int}>
	 */
	public static function refused(): array {
		return array(
			'negative installed' => array( -1, 0, 10, 5 ),
			'negative failed'    => array( 0, -1, 10, 5 ),
			'threshold over 100' => array( 0, 0, 101, 5 ),
			'threshold below 0'  => array( 0, 0, -1, 5 ),
			'no reports needed'  => array( 0, 0, 10, 0 ),
		);
	}

	#[DataProvider( 'refused' )]
	public function test_it_refuses_impossible_figures( int $installed, int $failed, int $threshold, int $min ): void {
		$this->expectException( InvalidArgumentException::class );
		new HealthGate( $installed, $failed, $threshold, $min );
	}
}
