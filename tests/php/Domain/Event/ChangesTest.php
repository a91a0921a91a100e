<?php
/**
 * Tests for Changes.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\Event;

use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\Event\Changes;

/**
 * What an event says a change set: small values as given, long texts and secrets only as changed.
 */
final class ChangesTest extends TestCase {

	public function test_small_values_are_recorded_as_given(): void {
		$this->assertSame(
			array(
				'name'      => 'Acme',
				'is_active' => false,
				'limits'    => array( 'validate' => 60 ),
				'homepage'  => null,
			),
			Changes::of(
				array(
					'name'      => 'Acme',
					'is_active' => false,
					'limits'    => array( 'validate' => 60 ),
					'homepage'  => null,
				)
			)
		);
	}

	public function test_a_long_text_is_recorded_only_as_changed(): void {
		$this->assertSame(
			array(
				'description' => Changes::CHANGED,
				'name'        => str_repeat( 'n', Changes::MAX_TEXT ),
			),
			Changes::of(
				array(
					'description' => str_repeat( 'd', Changes::MAX_TEXT + 1 ),
					'name'        => str_repeat( 'n', Changes::MAX_TEXT ),
				)
			)
		);
	}

	public function test_a_secret_is_recorded_only_as_changed_or_removed(): void {
		$this->assertSame(
			array(
				'webhook_signing_secret' => Changes::CHANGED,
				'other_secret'           => Changes::REMOVED,
				'renewal_page'           => '',
			),
			Changes::of(
				array(
					'webhook_signing_secret' => 'whsec_abc',
					'other_secret'           => '',
					'renewal_page'           => '',
				),
				array( 'webhook_signing_secret', 'other_secret' )
			)
		);
	}

	public function test_a_long_list_is_recorded_only_as_changed(): void {
		$this->assertSame(
			array( 'hosts' => Changes::CHANGED ),
			Changes::of( array( 'hosts' => array_fill( 0, 100, 'staging.example.com' ) ) )
		);
	}

	public function test_between_keeps_only_what_differs_from_before(): void {
		$before = array(
			'name'      => 'Acme',
			'is_active' => true,
			'limit'     => 3,
			'hosts'     => array( 'a.test', 'b.test' ),
			'secret'    => 'whsec_old',
		);
		$this->assertSame(
			array(
				'limit'  => 4,
				'hosts'  => array( 'b.test', 'a.test' ),
				'secret' => Changes::CHANGED,
				'new'    => 'x',
			),
			Changes::between(
				$before,
				array(
					'name'      => 'Acme',
					'is_active' => 1,
					'limit'     => 4,
					'hosts'     => array( 'b.test', 'a.test' ),
					'secret'    => 'whsec_new',
					'new'       => 'x',
				),
				array( 'secret' )
			)
		);
		$this->assertSame( array(), Changes::between( $before, array( 'secret' => 'whsec_old', 'limit' => '3' ), array( 'secret' ) ) );
	}
}
