<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\PaymentEvent;

use InvalidArgumentException;
use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\PaymentEvent\PaddleEvent;
use Svc\Licensing\Domain\PaymentEvent\ProcessorEvent;

/**
 * The fixtures in tests/fixtures/payments/paddle/ are shaped as Paddle Billing's webhook reference shows each event
 * (one customer, one subscription through its life, a one-off purchase); the e2e specs send the same files.
 */
final class PaddleEventTest extends TestCase {
	private const SUBSCRIPTION = 'sub_01jc4qa3f5h7k9m1p3r5t7v9x1';
	private const CUSTOMER     = 'ctm_01jc4q8y2m6t0w3e5r7u9a1s3d';
	private const BASIC        = 'pri_01jc4p1a3c5e7g9j1m3p5r7t9v';
	private const PRO          = 'pri_01jc4p2b4d6f8h0k2n4q6s8u0w';

	private static function fixture( string $name ): ProcessorEvent {
		return PaddleEvent::from_json( (string) file_get_contents( dirname( __DIR__, 3 ) . "/fixtures/payments/paddle/{$name}.json" ) );
	}

	private static function at( string $time ): int {
		return (int) strtotime( $time . ' UTC' );
	}

	public function test_a_first_purchase_is_a_payment_for_the_subscription_until_the_period_ends(): void {
		$event = self::fixture( 'transaction-completed-new' );
		$this->assertSame( ProcessorEvent::PADDLE, $event->source );
		$this->assertSame( 'evt_01jc4qa6j8m0p2s4v6y8b0d2f4', $event->event_id );
		$this->assertSame( 'transaction.completed', $event->event_type );
		$this->assertSame( ProcessorEvent::PAID, $event->action );
		$this->assertSame( 'txn_01jc4q9b4d6f8h0k2m4p6r8t0v', $event->reference );
		$this->assertSame( self::SUBSCRIPTION, $event->subscription_id );
		$this->assertNull( $event->order_id, 'a subscription is found by its id, not by its first transaction' );
		$this->assertSame( self::CUSTOMER, $event->customer_id );
		$this->assertSame( '', $event->customer_email, 'Paddle sends the email only with customer events' );
		$this->assertSame( self::at( '2026-12-02 10:15:30' ), $event->period_end );
		$this->assertSame( self::at( '2026-11-02 10:15:33' ), $event->occurred_at );
		$this->assertSame( 1071, $event->amount );
		$this->assertSame( 'EUR', $event->currency );
		$this->assertSame( array( 'site_user' => '1042' ), $event->custom_data );
		$this->assertSame(
			array(
				array(
					'price'       => self::BASIC,
					'quantity'    => 1,
					'amount'      => 1071,
					'unit_amount' => 900,
					'currency'    => 'EUR',
				),
			),
			$event->lines
		);
		$this->assertSame( 'paddle:' . self::SUBSCRIPTION, $event->subscription_key() );
		$this->assertSame( 'paddle:' . self::BASIC, $event->price_key( self::BASIC ) );
	}

	public function test_a_renewal_is_a_payment_for_the_same_subscription_and_the_next_period(): void {
		$event = self::fixture( 'transaction-completed-renewal' );
		$this->assertSame( ProcessorEvent::PAID, $event->action );
		$this->assertSame( self::SUBSCRIPTION, $event->subscription_id );
		$this->assertSame( 'txn_01jev7c2e4g6j8m0p2s4v6y8b0', $event->reference );
		$this->assertSame( self::at( '2027-01-02 10:15:30' ), $event->period_end );
		$this->assertSame( array( self::BASIC ), $event->prices() );
	}

	public function test_a_one_off_purchase_has_no_subscription_and_no_period_end(): void {
		$event = self::fixture( 'transaction-completed-one-off' );
		$this->assertSame( ProcessorEvent::PAID, $event->action );
		$this->assertNull( $event->subscription_id );
		$this->assertNull( $event->period_end );
		$this->assertSame( 'txn_01jc4rd5g7j9m1p3s5v7y9b1d3', $event->order_id );
		$this->assertSame( 'paddle:order:txn_01jc4rd5g7j9m1p3s5v7y9b1d3', $event->order_key() );
		$this->assertSame( 23681, $event->amount );
		$this->assertSame( array( 'pri_01jc4p3c5e7g9k1m3p5s7u9w1y' ), $event->prices() );
	}

	public function test_each_line_takes_its_own_cost_when_a_transaction_has_several_items(): void {
		$body                                  = (array) json_decode( (string) file_get_contents( dirname( __DIR__, 3 ) . '/fixtures/payments/paddle/transaction-completed-new.json' ), true );
		$second                                = $body['data']['items'][0];
		$second['price']['id']                 = self::PRO;
		$second['quantity']                    = 3;
		$body['data']['items'][]               = $second;
		$line                                  = $body['data']['details']['line_items'][0];
		$line['price_id']                      = self::PRO;
		$line['totals']['total']               = '10413';
		$body['data']['details']['line_items'] = array( $line, $body['data']['details']['line_items'][0] );
		$event                                 = PaddleEvent::from_array( $body );
		$this->assertSame( array( self::BASIC, self::PRO ), $event->prices() );
		$this->assertSame( array( 1071, 10413 ), array_column( $event->lines, 'amount' ), 'matched by price_id, not by position' );
		$this->assertSame( array( 1, 3 ), array_column( $event->lines, 'quantity' ) );
	}

	/**
	 * Subscription events and what each asks.
	 *
	 * @return array<string, array{string, string, string|null, string, string|null, string|null}>
	 */
	public static function subscriptions(): array {
		return array(
			'created'              => array( 'subscription-created', ProcessorEvent::SUBSCRIPTION, ProcessorEvent::STATUS_ACTIVE, self::BASIC, '2026-12-02 10:15:30', null ),
			'plan change'          => array( 'subscription-updated-plan-change', ProcessorEvent::SUBSCRIPTION, ProcessorEvent::STATUS_ACTIVE, self::PRO, '2026-12-02 10:15:30', null ),
			'cancel at period end' => array( 'subscription-updated-cancel-scheduled', ProcessorEvent::SUBSCRIPTION, ProcessorEvent::STATUS_ACTIVE, self::PRO, '2027-01-02 10:15:30', '2027-01-02 10:15:30' ),
			'past due'             => array( 'subscription-past-due', ProcessorEvent::PAST_DUE, ProcessorEvent::STATUS_PAST_DUE, self::BASIC, '2027-01-02 10:15:30', null ),
			'paused'               => array( 'subscription-paused', ProcessorEvent::PAUSED, ProcessorEvent::STATUS_PAUSED, self::BASIC, null, null ),
			'resumed'              => array( 'subscription-resumed', ProcessorEvent::RESUMED, ProcessorEvent::STATUS_ACTIVE, self::BASIC, '2027-01-15 09:12:18', null ),
			'canceled'             => array( 'subscription-canceled', ProcessorEvent::CANCELLED, ProcessorEvent::STATUS_CANCELLED, self::PRO, null, null ),
		);
	}

	#[DataProvider( 'subscriptions' )]
	public function test_subscription_events_carry_the_plan_the_period_and_a_scheduled_end( string $fixture, string $action, ?string $status, string $price, ?string $period_end, ?string $ends_at ): void {
		$event = self::fixture( $fixture );
		$this->assertSame( $action, $event->action );
		$this->assertSame( $status, $event->status );
		$this->assertSame( self::SUBSCRIPTION, $event->subscription_id );
		$this->assertSame( self::CUSTOMER, $event->customer_id );
		$this->assertSame( array( $price ), $event->prices() );
		$this->assertSame( null === $period_end ? null : self::at( $period_end ), $event->period_end );
		$this->assertSame( null === $ends_at ? null : self::at( $ends_at ), $event->ends_at );
		$this->assertNull( $event->reference, 'a subscription event is no payment' );
	}

	public function test_a_canceled_subscription_ended_now_even_if_a_cancel_was_scheduled(): void {
		$body                             = (array) json_decode( (string) file_get_contents( dirname( __DIR__, 3 ) . '/fixtures/payments/paddle/subscription-canceled.json' ), true );
		$body['data']['scheduled_change'] = array(
			'action'       => 'cancel',
			'effective_at' => '2027-01-02T10:15:30.123456Z',
			'resume_at'    => null,
		);
		$this->assertNull( PaddleEvent::from_array( $body )->ends_at );
	}

	public function test_a_scheduled_pause_is_no_scheduled_end(): void {
		$body                             = (array) json_decode( (string) file_get_contents( dirname( __DIR__, 3 ) . '/fixtures/payments/paddle/subscription-created.json' ), true );
		$body['data']['scheduled_change'] = array(
			'action'       => 'pause',
			'effective_at' => '2026-12-02T10:15:30.123456Z',
			'resume_at'    => null,
		);
		$this->assertNull( PaddleEvent::from_array( $body )->ends_at );
	}

	public function test_an_approved_refund_of_the_whole_payment_refunds_it(): void {
		$event = self::fixture( 'adjustment-updated-refund-approved' );
		$this->assertSame( ProcessorEvent::REFUNDED, $event->action );
		$this->assertSame( ProcessorEvent::REFUND, $event->refund );
		$this->assertFalse( $event->partial );
		$this->assertSame( 'txn_01jc4q9b4d6f8h0k2m4p6r8t0v', $event->reference );
		$this->assertSame( self::SUBSCRIPTION, $event->subscription_id );
		$this->assertSame( 1071, $event->amount );
		$this->assertSame( 'EUR', $event->currency );
	}

	public function test_a_partial_refund_says_so(): void {
		$event = self::fixture( 'adjustment-updated-partial-refund' );
		$this->assertSame( ProcessorEvent::REFUNDED, $event->action );
		$this->assertTrue( $event->partial );
		$this->assertSame( 500, $event->amount );
	}

	public function test_a_chargeback_is_a_refund_of_the_chargeback_kind(): void {
		$event = self::fixture( 'adjustment-created-chargeback' );
		$this->assertSame( ProcessorEvent::REFUNDED, $event->action );
		$this->assertSame( ProcessorEvent::CHARGEBACK, $event->refund );
		$this->assertFalse( $event->partial );
	}

	public function test_adjustments_that_move_no_money_back_ask_nothing(): void {
		$this->assertSame( ProcessorEvent::NONE, self::fixture( 'adjustment-created-refund-pending' )->action, 'a refund waiting for approval' );
		$body = (array) json_decode( (string) file_get_contents( dirname( __DIR__, 3 ) . '/fixtures/payments/paddle/adjustment-created-chargeback.json' ), true );
		foreach ( array( 'chargeback_warning', 'chargeback_reverse', 'credit', 'credit_reverse' ) as $kind ) {
			$body['data']['action'] = $kind;
			$this->assertSame( ProcessorEvent::NONE, PaddleEvent::from_array( $body )->action, $kind );
		}
		$body['data']['action'] = 'refund';
		$body['data']['status'] = 'rejected';
		$this->assertSame( ProcessorEvent::NONE, PaddleEvent::from_array( $body )->action, 'a rejected refund' );
	}

	public function test_a_customer_event_says_who_the_customer_is(): void {
		$event = self::fixture( 'customer-created' );
		$this->assertSame( ProcessorEvent::CUSTOMER, $event->action );
		$this->assertSame( self::CUSTOMER, $event->customer_id );
		$this->assertSame( 'ada@example.test', $event->customer_email );
		$this->assertSame( 'Ada Lovelace', $event->customer_name );
	}

	public function test_other_event_types_are_stored_and_ask_nothing(): void {
		$event = PaddleEvent::from_json( '{"event_id":"evt_01jc4qzzzzzzzzzzzzzzzzzzzz","event_type":"payout.paid","occurred_at":"2026-11-30T00:00:00Z","notification_id":"ntf_01jc4qzzzzzzzzzzzzzzzzzzzz","data":{"id":"payout_1","status":"paid"}}' );
		$this->assertSame( ProcessorEvent::NONE, $event->action );
		$this->assertSame( 'payout.paid', $event->event_type );
	}

	public function test_every_fixture_reads(): void {
		$files = (array) glob( dirname( __DIR__, 3 ) . '/fixtures/payments/paddle/*.json' );
		$this->assertGreaterThanOrEqual( 15, count( $files ) );
		foreach ( $files as $file ) {
			$event = PaddleEvent::from_json( (string) file_get_contents( (string) $file ) );
			$this->assertMatchesRegularExpression( '/^evt_[a-z0-9]{26}$/', $event->event_id, basename( (string) $file ) );
			$this->assertContains( $event->action, ProcessorEvent::ACTIONS );
		}
	}

	/**
	 * Bodies that are not a Paddle notification, with part of the reason.
	 *
	 * @return array<string, array{string, string}>
	 */
	public static function malformed(): array {
		return array(
			'not JSON'           => array( 'event_id=evt_1', 'not a JSON object' ),
			'a JSON list'        => array( '[1,2]', 'not a JSON object' ),
			'no event_id'        => array( '{"event_type":"transaction.completed","data":{}}', 'no event_id' ),
			'numeric event_id'   => array( '{"event_id":7,"event_type":"transaction.completed","data":{}}', 'no event_id' ),
			'long event_id'      => array( '{"event_id":"' . str_repeat( 'e', 192 ) . '","event_type":"transaction.completed","data":{}}', 'no event_id' ),
			'no event_type'      => array( '{"event_id":"evt_1","data":{}}', 'no event_type' ),
			'no data'            => array( '{"event_id":"evt_1","event_type":"transaction.completed"}', 'no data object' ),
			'data not an object' => array( '{"event_id":"evt_1","event_type":"transaction.completed","data":"txn_1"}', 'no data object' ),
			'Stripe\'s envelope' => array( '{"id":"evt_1","type":"invoice.paid","data":{"object":{}}}', 'no event_id' ),
		);
	}

	#[DataProvider( 'malformed' )]
	public function test_a_body_without_the_envelope_is_refused( string $raw, string $reason ): void {
		$this->expectException( InvalidArgumentException::class );
		$this->expectExceptionMessage( $reason );
		PaddleEvent::from_json( $raw );
	}

	public function test_fields_of_the_wrong_kind_read_as_absent(): void {
		$event = PaddleEvent::from_array(
			array(
				'event_id'   => 'evt_1',
				'event_type' => 'transaction.completed',
				'data'       => array(
					'id'              => 42,
					'subscription_id' => array( 'sub_x' ),
					'currency_code'   => 'euro',
					'billing_period'  => array( 'ends_at' => 'next month' ),
					'details'         => array( 'totals' => array( 'grand_total' => '10.71' ) ),
					'items'           => array(
						'pri_x',
						array( 'price' => array( 'id' => '' ) ),
						array(
							'price'    => array( 'id' => 'pri_ok' ),
							'quantity' => 0,
						),
					),
				),
			)
		);
		$this->assertSame( '42', $event->reference );
		$this->assertNull( $event->subscription_id );
		$this->assertSame( '', $event->currency );
		$this->assertNull( $event->period_end );
		$this->assertNull( $event->amount, 'Paddle sends minor units as digits; a decimal is not taken' );
		$this->assertSame( array( 'pri_ok' ), $event->prices() );
		$this->assertSame( 1, $event->lines[0]['quantity'] );
	}
}
