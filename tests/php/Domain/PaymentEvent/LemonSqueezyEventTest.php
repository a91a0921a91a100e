<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\PaymentEvent;

use InvalidArgumentException;
use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\PaymentEvent\LemonSqueezyEvent;
use Svc\Licensing\Domain\PaymentEvent\ProcessorEvent;

/**
 * The fixtures in tests/fixtures/payments/lemonsqueezy/ are shaped as Lemon Squeezy's webhook and object reference
 * shows them (JSON:API resources with meta.event_name and meta.custom_data); the e2e specs send the same files.
 */
final class LemonSqueezyEventTest extends TestCase {
	private const SUBSCRIPTION = '612345';
	private const ORDER        = '2871234';
	private const CUSTOMER     = '3101234';

	private static function raw( string $name ): string {
		return (string) file_get_contents( dirname( __DIR__, 3 ) . "/fixtures/payments/lemonsqueezy/{$name}.json" );
	}

	private static function fixture( string $name ): ProcessorEvent {
		return LemonSqueezyEvent::from_json( self::raw( $name ) );
	}

	private static function at( string $time ): int {
		return (int) strtotime( $time . ' UTC' );
	}

	public function test_a_paid_one_off_order_is_a_payment_for_its_variant(): void {
		$raw   = self::raw( 'order-created-one-off' );
		$event = LemonSqueezyEvent::from_json( $raw );
		$this->assertSame( ProcessorEvent::LEMON_SQUEEZY, $event->source );
		$this->assertSame( 'order_created', $event->event_type );
		$this->assertSame( 'order_created:orders:2871299:' . substr( hash( 'sha256', $raw ), 0, 16 ), $event->event_id );
		$this->assertSame( ProcessorEvent::PAID, $event->action );
		$this->assertSame( '2871299', $event->reference );
		$this->assertSame( '2871299', $event->order_id );
		$this->assertSame( 'lemonsqueezy:order:2871299', $event->order_key() );
		$this->assertNull( $event->subscription_id, 'an order does not say whether a subscription follows' );
		$this->assertNull( $event->period_end );
		$this->assertSame( self::CUSTOMER, $event->customer_id );
		$this->assertSame( 'ada@example.test', $event->customer_email );
		$this->assertSame( 'Ada Lovelace', $event->customer_name );
		$this->assertSame( 23681, $event->amount );
		$this->assertSame( 'EUR', $event->currency );
		$this->assertSame( array( 'site_user' => '1042' ), $event->custom_data );
		$this->assertSame(
			array(
				array(
					'price'       => '401099',
					'quantity'    => 1,
					'amount'      => 23681,
					'unit_amount' => 19900,
					'currency'    => 'EUR',
				),
			),
			$event->lines
		);
		$this->assertSame( 'lemonsqueezy:401099', $event->price_key( '401099' ) );
	}

	public function test_the_first_order_of_a_subscription_names_its_variant_and_order(): void {
		$event = self::fixture( 'order-created-subscription' );
		$this->assertSame( ProcessorEvent::PAID, $event->action );
		$this->assertSame( self::ORDER, $event->order_id );
		$this->assertSame( array( '401001' ), $event->prices() );
	}

	public function test_an_order_not_paid_asks_nothing(): void {
		$body                                 = (array) json_decode( self::raw( 'order-created-one-off' ), true );
		$body['data']['attributes']['status'] = 'pending';
		$event                                = LemonSqueezyEvent::from_json( (string) json_encode( $body ) );
		$this->assertSame( ProcessorEvent::NONE, $event->action );
		$this->assertSame( array(), $event->lines );
	}

	public function test_a_refunded_order_is_refunded_whole_or_in_part(): void {
		$whole = self::fixture( 'order-refunded' );
		$this->assertSame( ProcessorEvent::REFUNDED, $whole->action );
		$this->assertSame( ProcessorEvent::REFUND, $whole->refund );
		$this->assertFalse( $whole->partial );
		$this->assertSame( '2871299', $whole->reference );
		$this->assertSame( 23681, $whole->amount );
		$this->assertSame( array(), $whole->lines, 'a refund buys nothing' );
		$part = self::fixture( 'order-refunded-partial' );
		$this->assertTrue( $part->partial );
		$this->assertSame( 5000, $part->amount );
	}

	public function test_a_refund_of_less_than_the_total_is_partial_even_when_the_status_says_refunded(): void {
		$body = (array) json_decode( self::raw( 'order-refunded' ), true );
		$body['data']['attributes']['refunded_amount'] = 100;
		$this->assertTrue( LemonSqueezyEvent::from_json( (string) json_encode( $body ) )->partial );
	}

	/**
	 * Subscription events and what each asks.
	 *
	 * @return array<string, array{string, string, string, string, string|null, string|null}>
	 */
	public static function subscriptions(): array {
		return array(
			'created'     => array( 'subscription-created', ProcessorEvent::SUBSCRIPTION, ProcessorEvent::STATUS_ACTIVE, '401001', '2026-12-02 10:15:31', null ),
			'renewed'     => array( 'subscription-updated-renewed', ProcessorEvent::SUBSCRIPTION, ProcessorEvent::STATUS_ACTIVE, '401001', '2027-01-02 10:15:31', null ),
			'plan change' => array( 'subscription-updated-plan-change', ProcessorEvent::SUBSCRIPTION, ProcessorEvent::STATUS_ACTIVE, '401002', '2026-12-02 10:15:31', null ),
			'cancelled'   => array( 'subscription-cancelled', ProcessorEvent::CANCELLED, ProcessorEvent::STATUS_CANCELLED, '401002', '2027-01-02 10:15:31', '2027-01-02 10:15:31' ),
			'resumed'     => array( 'subscription-resumed', ProcessorEvent::RESUMED, ProcessorEvent::STATUS_ACTIVE, '401002', '2027-01-02 10:15:31', null ),
			'expired'     => array( 'subscription-expired', ProcessorEvent::CANCELLED, ProcessorEvent::STATUS_EXPIRED, '401002', '2027-01-02 10:15:31', null ),
			'paused'      => array( 'subscription-paused', ProcessorEvent::PAUSED, ProcessorEvent::STATUS_PAUSED, '401001', '2026-12-02 10:15:31', null ),
			'unpaused'    => array( 'subscription-unpaused', ProcessorEvent::RESUMED, ProcessorEvent::STATUS_ACTIVE, '401001', '2026-12-25 09:12:18', null ),
		);
	}

	#[DataProvider( 'subscriptions' )]
	public function test_subscription_events_carry_the_plan_the_renewal_and_a_scheduled_end( string $fixture, string $action, string $status, string $variant, ?string $renews, ?string $ends ): void {
		$event = self::fixture( $fixture );
		$this->assertSame( $action, $event->action );
		$this->assertSame( $status, $event->status );
		$this->assertSame( self::SUBSCRIPTION, $event->subscription_id );
		$this->assertSame( self::ORDER, $event->order_id, 'the order that started it, so both meet on one licence' );
		$this->assertSame( self::CUSTOMER, $event->customer_id );
		$this->assertSame( 'ada@example.test', $event->customer_email );
		$this->assertSame( array( $variant ), $event->prices() );
		$this->assertSame( null === $renews ? null : self::at( $renews ), $event->period_end );
		$this->assertSame( null === $ends ? null : self::at( $ends ), $event->ends_at );
		$this->assertNull( $event->reference );
		$this->assertSame( 'lemonsqueezy:612345', $event->subscription_key() );
	}

	/**
	 * Subscription invoice events.
	 *
	 * @return array<string, array{string, string, string}>
	 */
	public static function invoices(): array {
		return array(
			'payment success'   => array( 'subscription-payment-success', ProcessorEvent::PAID, '1990555' ),
			'payment failed'    => array( 'subscription-payment-failed', ProcessorEvent::PAST_DUE, '1990556' ),
			'payment recovered' => array( 'subscription-payment-recovered', ProcessorEvent::PAID, '1990556' ),
		);
	}

	#[DataProvider( 'invoices' )]
	public function test_subscription_invoices_name_the_subscription_not_a_variant( string $fixture, string $action, string $invoice ): void {
		$event = self::fixture( $fixture );
		$this->assertSame( $action, $event->action );
		$this->assertSame( $invoice, $event->reference );
		$this->assertSame( self::SUBSCRIPTION, $event->subscription_id, 'attributes.subscription_id, not data.id' );
		$this->assertSame( self::CUSTOMER, $event->customer_id );
		$this->assertSame( 1071, $event->amount );
		$this->assertSame( 'EUR', $event->currency );
		$this->assertSame( array(), $event->lines );
		$this->assertNull( $event->period_end );
	}

	public function test_one_body_always_has_one_id_and_two_events_about_one_object_two(): void {
		$failed    = self::fixture( 'subscription-payment-failed' );
		$recovered = self::fixture( 'subscription-payment-recovered' );
		$this->assertSame( $failed->event_id, self::fixture( 'subscription-payment-failed' )->event_id, 'a retry or a resend is a duplicate' );
		$this->assertNotSame( $failed->event_id, $recovered->event_id );
		$this->assertStringStartsWith( 'subscription_payment_recovered:subscription-invoices:1990556:', $recovered->event_id );
		$this->assertLessThanOrEqual( 191, strlen( $recovered->event_id ) );
		$updated = self::fixture( 'subscription-updated-renewed' );
		$plan    = self::fixture( 'subscription-updated-plan-change' );
		$this->assertNotSame( $updated->event_id, $plan->event_id, 'two updates of one subscription' );
	}

	public function test_a_stored_event_read_again_keeps_the_id_it_was_stored_under(): void {
		$raw      = self::raw( 'order-created-one-off' );
		$redacted = str_replace( 'ada@example.test', '[erased]', $raw );
		$stored   = LemonSqueezyEvent::from_json( $raw )->event_id;
		$this->assertNotSame( $stored, LemonSqueezyEvent::from_json( $redacted )->event_id );
		$this->assertSame( $stored, LemonSqueezyEvent::from_json( $redacted, $stored )->event_id );
	}

	public function test_the_event_name_comes_from_the_signed_body_only(): void {
		$this->assertSame( 'order_refunded', self::fixture( 'order-refunded' )->event_type );
		$this->assertSame( ProcessorEvent::REFUNDED, self::fixture( 'order-refunded' )->action );
	}

	public function test_other_events_are_stored_and_ask_nothing(): void {
		$raw   = '{"meta":{"event_name":"license_key_created","test_mode":true},"data":{"type":"license-keys","id":"77","attributes":{"key":"ABC"}}}';
		$event = LemonSqueezyEvent::from_json( $raw );
		$this->assertSame( ProcessorEvent::NONE, $event->action );
		$this->assertSame( 'license_key_created', $event->event_type );
		$this->assertStringStartsWith( 'license_key_created:license-keys:77:', $event->event_id );
	}

	public function test_every_fixture_reads(): void {
		$files = (array) glob( dirname( __DIR__, 3 ) . '/fixtures/payments/lemonsqueezy/*.json' );
		$this->assertGreaterThanOrEqual( 15, count( $files ) );
		$ids = array();
		foreach ( $files as $file ) {
			$event = LemonSqueezyEvent::from_json( (string) file_get_contents( (string) $file ) );
			$this->assertNotSame( ProcessorEvent::NONE, $event->action, basename( (string) $file ) );
			$ids[] = $event->event_id;
		}
		$this->assertSame( $ids, array_unique( $ids ) );
	}

	/**
	 * Bodies that are not a Lemon Squeezy webhook, with part of the reason.
	 *
	 * @return array<string, array{string, string}>
	 */
	public static function malformed(): array {
		return array(
			'not JSON'                         => array( 'meta=1', 'not a JSON object' ),
			'no meta'                          => array( '{"data":{"type":"orders","id":"1","attributes":{}}}', 'no meta.event_name' ),
			'event name not a name'            => array( '{"meta":{"event_name":"Order Created!"},"data":{"type":"orders","id":"1","attributes":{}}}', 'no meta.event_name' ),
			'no data'                          => array( '{"meta":{"event_name":"order_created"}}', 'no data object' ),
			'no attributes'                    => array( '{"meta":{"event_name":"order_created"},"data":{"type":"orders","id":"1"}}', 'no data object' ),
			'no id'                            => array( '{"meta":{"event_name":"order_created"},"data":{"type":"orders","attributes":{}}}', 'no data.type and data.id' ),
			'no type'                          => array( '{"meta":{"event_name":"order_created"},"data":{"id":"1","attributes":{}}}', 'no data.type and data.id' ),
			'an order event, no order'         => array( '{"meta":{"event_name":"order_refunded"},"data":{"type":"subscriptions","id":"1","attributes":{}}}', 'The order_refunded webhook must carry orders, not subscriptions' ),
			'an invoice event, a subscription' => array( '{"meta":{"event_name":"subscription_payment_success"},"data":{"type":"subscriptions","id":"1","attributes":{}}}', 'must carry subscription-invoices' ),
		);
	}

	#[DataProvider( 'malformed' )]
	public function test_a_body_without_the_resource_is_refused( string $raw, string $reason ): void {
		$this->expectException( InvalidArgumentException::class );
		$this->expectExceptionMessage( $reason );
		LemonSqueezyEvent::from_json( $raw );
	}
}
