<?php
/**
 * A Paddle Billing notification body read into a ProcessorEvent (docs/payments.md, "Paddle").
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\PaymentEvent;

use InvalidArgumentException;

/**
 * The envelope needs event_id, event_type and the object data; anything else is kept as sent in the stored payload.
 * Events and what they ask:
 *
 * - transaction.completed: PAID (data.id the reference; data.items[].price.id the lines, their cost from
 *   data.details.line_items[] by price_id; data.billing_period.ends_at the period end, null for a one-off).
 * - subscription.created, .updated, .activated, .trialing, .imported: SUBSCRIPTION (data.items[].price.id the
 *   plan, data.current_billing_period.ends_at the period end; a scheduled_change with action cancel gives ends_at).
 * - subscription.past_due: PAST_DUE; .paused: PAUSED; .resumed: RESUMED; .canceled: CANCELLED (Paddle sends it
 *   when the cancellation takes effect, so it ended now).
 * - adjustment.created, .updated: REFUNDED once approved, for a refund or a chargeback; partial unless every
 *   item is of type full. Pending or rejected adjustments, credits and chargeback warnings or reversals: NONE.
 * - customer.created, .updated: CUSTOMER (Paddle's other events carry no email, only customer_id).
 * - anything else: NONE.
 */
final class PaddleEvent {

	private const SUBSCRIPTION_STATES = array(
		'subscription.created'   => ProcessorEvent::SUBSCRIPTION,
		'subscription.updated'   => ProcessorEvent::SUBSCRIPTION,
		'subscription.activated' => ProcessorEvent::SUBSCRIPTION,
		'subscription.trialing'  => ProcessorEvent::SUBSCRIPTION,
		'subscription.imported'  => ProcessorEvent::SUBSCRIPTION,
		'subscription.past_due'  => ProcessorEvent::PAST_DUE,
		'subscription.paused'    => ProcessorEvent::PAUSED,
		'subscription.resumed'   => ProcessorEvent::RESUMED,
		'subscription.canceled'  => ProcessorEvent::CANCELLED,
	);

	private const STATUSES = array(
		'active'   => ProcessorEvent::STATUS_ACTIVE,
		'trialing' => ProcessorEvent::STATUS_TRIALING,
		'past_due' => ProcessorEvent::STATUS_PAST_DUE,
		'paused'   => ProcessorEvent::STATUS_PAUSED,
		'canceled' => ProcessorEvent::STATUS_CANCELLED,
	);

	/**
	 * Reads a raw body.
	 *
	 * @param string $raw JSON.
	 * @throws InvalidArgumentException Naming what is wrong.
	 */
	public static function from_json( string $raw ): ProcessorEvent {
		if ( ! json_decode( $raw, false, 64 ) instanceof \stdClass ) {
			throw new InvalidArgumentException( 'The body is not a JSON object.' );
		}
		return self::from_array( (array) json_decode( $raw, true, 64 ) );
	}

	/**
	 * Reads a decoded notification.
	 *
	 * @param array<string, mixed> $body Decoded body.
	 * @throws InvalidArgumentException Naming the missing field.
	 */
	public static function from_array( array $body ): ProcessorEvent {
		$id   = $body['event_id'] ?? null;
		$type = $body['event_type'] ?? null;
		if ( ! is_string( $id ) || '' === $id || strlen( $id ) > 191 ) {
			throw new InvalidArgumentException( 'The notification has no event_id (a string of at most 191 characters).' );
		}
		if ( ! is_string( $type ) || '' === $type || strlen( $type ) > 100 ) {
			throw new InvalidArgumentException( 'The notification has no event_type.' );
		}
		if ( ! isset( $body['data'] ) || ! is_array( $body['data'] ) ) {
			throw new InvalidArgumentException( 'The notification has no data object.' );
		}
		$event              = new ProcessorEvent( ProcessorEvent::PADDLE, $id, $type );
		$event->occurred_at = PayloadValue::time( $body['occurred_at'] ?? null );
		$data               = $body['data'];
		if ( 'transaction.completed' === $type ) {
			self::transaction( $event, $data );
		} elseif ( isset( self::SUBSCRIPTION_STATES[ $type ] ) ) {
			self::subscription( $event, $data, self::SUBSCRIPTION_STATES[ $type ] );
		} elseif ( 'adjustment.created' === $type || 'adjustment.updated' === $type ) {
			self::adjustment( $event, $data );
		} elseif ( 'customer.created' === $type || 'customer.updated' === $type ) {
			$event->action         = ProcessorEvent::CUSTOMER;
			$event->customer_id    = PayloadValue::id( $data['id'] ?? null );
			$event->customer_email = PayloadValue::text( $data['email'] ?? null );
			$event->customer_name  = PayloadValue::text( $data['name'] ?? null );
		}
		return $event;
	}

	/**
	 * A completed transaction: a payment for its items.
	 *
	 * @param ProcessorEvent       $event Event being read.
	 * @param array<string, mixed> $data  The transaction.
	 */
	private static function transaction( ProcessorEvent $event, array $data ): void {
		$event->action          = ProcessorEvent::PAID;
		$event->reference       = PayloadValue::id( $data['id'] ?? null );
		$event->subscription_id = PayloadValue::id( $data['subscription_id'] ?? null );
		$event->order_id        = null === $event->subscription_id ? $event->reference : null;
		$event->customer_id     = PayloadValue::id( $data['customer_id'] ?? null );
		$event->currency        = PayloadValue::currency( $data['currency_code'] ?? null );
		$event->custom_data     = PayloadValue::map( $data['custom_data'] ?? null );
		$event->period_end      = PayloadValue::time( $data['billing_period']['ends_at'] ?? null );
		$totals                 = PayloadValue::map( $data['details']['totals'] ?? null );
		$event->amount          = PayloadValue::minor( $totals['grand_total'] ?? null ) ?? PayloadValue::minor( $totals['total'] ?? null );
		$costs                  = array();
		foreach ( PayloadValue::objects( $data['details']['line_items'] ?? null ) as $line ) {
			$price = PayloadValue::id( $line['price_id'] ?? null );
			if ( null !== $price ) {
				$costs[ $price ][] = PayloadValue::minor( $line['totals']['total'] ?? null );
			}
		}
		foreach ( PayloadValue::objects( $data['items'] ?? null ) as $item ) {
			$line = self::line( $item, $event->currency );
			if ( null !== $line ) {
				// The line items are in the items' order; each price's costs are taken in turn.
				$line['amount'] = isset( $costs[ $line['price'] ] ) ? array_shift( $costs[ $line['price'] ] ) : null;
				$event->lines[] = $line;
			}
		}
	}

	/**
	 * A subscription's state.
	 *
	 * @param ProcessorEvent       $event  Event being read.
	 * @param array<string, mixed> $data   The subscription.
	 * @param string               $action What the event type asks.
	 */
	private static function subscription( ProcessorEvent $event, array $data, string $action ): void {
		$event->action          = $action;
		$event->subscription_id = PayloadValue::id( $data['id'] ?? null );
		$event->customer_id     = PayloadValue::id( $data['customer_id'] ?? null );
		$event->currency        = PayloadValue::currency( $data['currency_code'] ?? null );
		$event->custom_data     = PayloadValue::map( $data['custom_data'] ?? null );
		$event->status          = self::STATUSES[ PayloadValue::text( $data['status'] ?? null ) ] ?? null;
		$event->period_end      = PayloadValue::time( $data['current_billing_period']['ends_at'] ?? null );
		$scheduled              = PayloadValue::map( $data['scheduled_change'] ?? null );
		if ( ProcessorEvent::CANCELLED !== $action && 'cancel' === ( $scheduled['action'] ?? null ) ) {
			$event->ends_at = PayloadValue::time( $scheduled['effective_at'] ?? null );
		}
		foreach ( PayloadValue::objects( $data['items'] ?? null ) as $item ) {
			$line = self::line( $item, $event->currency );
			if ( null !== $line ) {
				$event->lines[] = $line;
			}
		}
	}

	/**
	 * An adjustment: a refund or a chargeback once approved.
	 *
	 * @param ProcessorEvent       $event Event being read.
	 * @param array<string, mixed> $data  The adjustment.
	 */
	private static function adjustment( ProcessorEvent $event, array $data ): void {
		$kind = $data['action'] ?? null;
		if ( 'approved' !== ( $data['status'] ?? null ) || ! in_array( $kind, array( ProcessorEvent::REFUND, ProcessorEvent::CHARGEBACK ), true ) ) {
			return;
		}
		$event->action          = ProcessorEvent::REFUNDED;
		$event->refund          = $kind;
		$event->reference       = PayloadValue::id( $data['transaction_id'] ?? null );
		$event->subscription_id = PayloadValue::id( $data['subscription_id'] ?? null );
		$event->order_id        = null === $event->subscription_id ? $event->reference : null;
		$event->customer_id     = PayloadValue::id( $data['customer_id'] ?? null );
		$totals                 = PayloadValue::map( $data['totals'] ?? null );
		$event->amount          = PayloadValue::minor( $totals['total'] ?? null );
		$event->currency        = PayloadValue::currency( $data['currency_code'] ?? ( $totals['currency_code'] ?? null ) );
		$items                  = PayloadValue::objects( $data['items'] ?? null );
		$event->partial         = array() !== array_filter(
			$items,
			static function ( array $item ): bool {
				return 'full' !== ( $item['type'] ?? null );
			}
		);
	}

	/**
	 * One item of a transaction or subscription: its price and quantity, and the price's unit amount.
	 *
	 * @param array<string, mixed> $item     Item.
	 * @param string               $currency The event's currency.
	 * @return array{price: string, quantity: int, amount: int|null, unit_amount: int|null, currency: string}|null
	 */
	private static function line( array $item, string $currency ): ?array {
		$price = PayloadValue::id( $item['price']['id'] ?? null );
		if ( null === $price ) {
			return null;
		}
		$quantity = $item['quantity'] ?? 1;
		$unit     = PayloadValue::map( $item['price']['unit_price'] ?? null );
		$own      = PayloadValue::currency( $unit['currency_code'] ?? null );
		return array(
			'price'       => $price,
			'quantity'    => is_int( $quantity ) && $quantity > 0 ? $quantity : 1,
			'amount'      => null,
			'unit_amount' => PayloadValue::minor( $unit['amount'] ?? null ),
			'currency'    => '' === $own ? $currency : $own,
		);
	}
}
