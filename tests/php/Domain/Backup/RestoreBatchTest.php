<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\Backup;

use LogicException;
use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\Backup\RestoreBatch;

final class RestoreBatchTest extends TestCase {

	public function test_an_empty_batch_takes_nothing(): void {
		$batch = new RestoreBatch( 3, 1000 );
		$this->assertNull( $batch->take() );
		$this->assertFalse( $batch->full() );
		$this->assertTrue( $batch->fits( 'svc_licenses', array( 'id' => 1 ) ) );
	}

	public function test_rows_of_one_table_gather_until_the_most_rows(): void {
		$batch = new RestoreBatch( 3, 100000 );
		$batch->add(
			'svc_licenses',
			array(
				'id'     => 1,
				'status' => 'active',
			)
		);
		$batch->add(
			'svc_licenses',
			array(
				'status' => 'expired',
				'id'     => 2,
			)
		);
		$this->assertFalse( $batch->full() );
		$batch->add(
			'svc_licenses',
			array(
				'id'     => 3,
				'status' => null,
			)
		);
		$this->assertTrue( $batch->full() );
		$this->assertSame(
			array(
				'svc_licenses',
				array( 'id', 'status' ),
				array(
					array(
						'id'     => 1,
						'status' => 'active',
					),
					array(
						'status' => 'expired',
						'id'     => 2,
					),
					array(
						'id'     => 3,
						'status' => null,
					),
				),
			),
			$batch->take()
		);
		$this->assertNull( $batch->take(), 'taking empties the batch' );
		$this->assertFalse( $batch->full() );
	}

	public function test_a_batch_is_full_at_its_bytes(): void {
		$batch = new RestoreBatch( 500, 100 );
		$batch->add( 'svc_events', array( 'payload' => str_repeat( 'x', 60 ) ) );
		$this->assertFalse( $batch->full() );
		$batch->add( 'svc_events', array( 'payload' => str_repeat( 'x', 60 ) ) );
		$this->assertTrue( $batch->full() );
	}

	public function test_another_table_or_other_columns_do_not_fit(): void {
		$batch = new RestoreBatch( 500, 100000 );
		$batch->add(
			'svc_licenses',
			array(
				'id'     => 1,
				'status' => 'active',
			)
		);
		$this->assertFalse(
			$batch->fits(
				'svc_activations',
				array(
					'id'     => 1,
					'status' => 'active',
				)
			)
		);
		$this->assertFalse( $batch->fits( 'svc_licenses', array( 'id' => 2 ) ) );
		$this->assertFalse(
			$batch->fits(
				'svc_licenses',
				array(
					'id'      => 2,
					'status'  => 'x',
					'expires' => null,
				)
			)
		);
		$this->assertTrue(
			$batch->fits(
				'svc_licenses',
				array(
					'status' => 'x',
					'id'     => 2,
				)
			)
		);
		$this->expectException( LogicException::class );
		$batch->add( 'svc_activations', array( 'id' => 1 ) );
	}
}
