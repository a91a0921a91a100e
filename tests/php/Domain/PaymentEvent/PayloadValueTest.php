<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\PaymentEvent;

use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\PaymentEvent\PayloadValue;
use Svc\Licensing\Domain\PaymentEvent\ProcessorEvent;

final class PayloadValueTest extends TestCase {

	public function test_times_in_each_processors_precision_read_to_the_second(): void {
		$second = gmmktime( 8, 34, 1, 1, 11, 2024 );
		$this->assertSame( $second, PayloadValue::time( '2024-01-11T08:34:01.787929969Z' ), 'Paddle, nanoseconds' );
		$this->assertSame( $second, PayloadValue::time( '2024-01-11T08:34:01.000000Z' ), 'Lemon Squeezy, microseconds' );
		$this->assertSame( $second, PayloadValue::time( '2024-01-11T08:34:01Z' ) );
		$this->assertSame( $second, PayloadValue::time( '2024-01-11T10:34:01.5+02:00' ), 'an offset' );
		foreach ( array( null, '', 'next month', '2024-01-11', '2024-13-40T99:00:00Z', '2024-02-30T00:00:00Z', 1704962041 ) as $bad ) {
			$this->assertNull( PayloadValue::time( $bad ), var_export( $bad, true ) );
		}
	}

	public function test_amounts_are_whole_minor_units(): void {
		$this->assertSame( 3000, PayloadValue::minor( '3000' ) );
		$this->assertSame( 999, PayloadValue::minor( 999 ) );
		$this->assertSame( -100, PayloadValue::minor( '-100' ) );
		foreach ( array( '30.00', '', '1e3', null, 9.99, '9999999999999999999' ) as $bad ) {
			$this->assertNull( PayloadValue::minor( $bad ), var_export( $bad, true ) );
		}
	}

	public function test_ids_may_be_numbers_and_never_empty_or_too_long(): void {
		$this->assertSame( '612345', PayloadValue::id( 612345 ) );
		$this->assertSame( 'sub_1', PayloadValue::id( 'sub_1' ) );
		foreach ( array( 0, -5, '', null, array( 'id' => 'x' ), str_repeat( 'x', 192 ), 1.5 ) as $bad ) {
			$this->assertNull( PayloadValue::id( $bad ), var_export( $bad, true ) );
		}
	}

	public function test_currencies_are_three_letters_upper_case(): void {
		$this->assertSame( 'EUR', PayloadValue::currency( 'eur' ) );
		$this->assertSame( '', PayloadValue::currency( 'euro' ) );
		$this->assertSame( '', PayloadValue::currency( 978 ) );
	}

	public function test_stripe_keeps_the_names_stored_today_and_the_others_are_prefixed(): void {
		$stripe                  = new ProcessorEvent( ProcessorEvent::STRIPE, 'evt_1', 'invoice.paid' );
		$stripe->subscription_id = 'sub_1';
		$stripe->order_id        = 'in_1';
		$this->assertSame( 'sub_1', $stripe->subscription_key() );
		$this->assertSame( 'price_1', $stripe->price_key( 'price_1' ) );
		$this->assertSame( 'invoice:in_1', $stripe->order_key(), 'what EventProcessor stores for a line without a subscription' );
		$paddle = new ProcessorEvent( ProcessorEvent::PADDLE, 'evt_2', 'transaction.completed' );
		$this->assertNull( $paddle->subscription_key() );
		$this->assertNull( $paddle->order_key() );
		$paddle->subscription_id = 'sub_1';
		$this->assertSame( 'paddle:sub_1', $paddle->subscription_key(), 'never the Stripe subscription of the same name' );
		$lemon                  = new ProcessorEvent( ProcessorEvent::LEMON_SQUEEZY, 'x', 'order_created' );
		$lemon->subscription_id = '1';
		$lemon->order_id        = '1';
		$this->assertSame( 'lemonsqueezy:1', $lemon->subscription_key() );
		$this->assertSame( 'lemonsqueezy:order:1', $lemon->order_key(), 'an order and a subscription with one number differ' );
		$this->assertSame( 'lemonsqueezy:401001', $lemon->price_key( '401001' ) );
	}
}
