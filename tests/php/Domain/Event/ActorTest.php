<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\Event;

use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\Event\Actor;
use Svc\Licensing\Domain\Event\EventType;

final class ActorTest extends TestCase {

	public function test_each_kind_carries_its_label(): void {
		$this->assertSame( array( 'user', '7:ada' ), array( Actor::user( 7, 'ada' )->kind, Actor::user( 7, 'ada' )->label ) );
		$this->assertSame( array( 'api_key', 'sk_ab12' ), array( Actor::api_key( 'sk_ab12' )->kind, Actor::api_key( 'sk_ab12' )->label ) );
		$this->assertSame( 'customer', Actor::customer( 'https://shop.example' )->kind );
		$this->assertSame( 'evt_1', Actor::payment( 'evt_1' )->label );
		$this->assertSame( array( 'system', 'expiry' ), array( Actor::system( 'expiry' )->kind, Actor::system( 'expiry' )->label ) );
	}

	public function test_a_label_is_cut_to_the_column(): void {
		$this->assertSame( Actor::MAX_LABEL, strlen( Actor::customer( 'https://' . str_repeat( 'a', 300 ) . '.example' )->label ) );
	}

	public function test_the_subject_type_is_the_part_before_the_dot(): void {
		$this->assertSame( 'license', EventType::subject( EventType::LICENSE_ROTATED ) );
		foreach ( EventType::ALL as $type ) {
			$this->assertContains( EventType::subject( $type ), EventType::SUBJECTS, $type );
		}
	}
}
