<?php
/**
 * A Lemon Squeezy webhook body read into a ProcessorEvent (docs/payments.md, "Lemon Squeezy").
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\PaymentEvent;

use InvalidArgumentException;

/**
 * The body is a JSON:API resource with meta.event_name (and meta.custom_data when the checkout passed some). The
 * event name is read from the signed body only: the X-Event-Name header is not signed, so a replayed body with
 * another header would otherwise change what it does. Lemon Squeezy sends no event id, so one is derived:
 * "<event_name>:<data.type>:<data.id>:<first 16 hex digits of the body's SHA-256>", the same for every delivery
 * of one body (retries and resends), different for two events about one object. Events and what they ask:
 *
 * - order_created: PAID when its status is paid (first_order_item.variant_id the line); NONE otherwise.
 * - order_refunded: REFUNDED (partial when the status is partial_refund or less than the total was refunded).
 * - subscription_created, subscription_updated: SUBSCRIPTION (variant_id the plan, renews_at the period end).
 * - subscription_cancelled: CANCELLED with ends_at (it runs until then); subscription_expired: CANCELLED, ended now.
 * - subscription_paused: PAUSED; subscription_resumed, subscription_unpaused: RESUMED.
 * - subscription_payment_success, subscription_payment_recovered: PAID (a subscription invoice names no variant:
 *   no lines, and no period end, which the subscription events carry).
 * - subscription_payment_failed: PAST_DUE.
 * - anything else (license_key_created, …): NONE.
 */
final class LemonSqueezyEvent {

	/**
	 * Each event's action and the data.type it must carry.
	 */
	private const EVENTS = array(
		'order_created'                  => array( ProcessorEvent::PAID, 'orders' ),
		'order_refunded'                 => array( ProcessorEvent::REFUNDED, 'orders' ),
		'subscription_created'           => array( ProcessorEvent::SUBSCRIPTION, 'subscriptions' ),
		'subscription_updated'           => array( ProcessorEvent::SUBSCRIPTION, 'subscriptions' ),
		'subscription_cancelled'         => array( ProcessorEvent::CANCELLED, 'subscriptions' ),
		'subscription_expired'           => array( ProcessorEvent::CANCELLED, 'subscriptions' ),
		'subscription_paused'            => array( ProcessorEvent::PAUSED, 'subscriptions' ),
		'subscription_resumed'           => array( ProcessorEvent::RESUMED, 'subscriptions' ),
		'subscription_unpaused'          => array( ProcessorEvent::RESUMED, 'subscriptions' ),
		'subscription_payment_success'   => array( ProcessorEvent::PAID, 'subscription-invoices' ),
		'subscription_payment_recovered' => array( ProcessorEvent::PAID, 'subscription-invoices' ),
		'subscription_payment_failed'    => array( ProcessorEvent::PAST_DUE, 'subscription-invoices' ),
	);

	private const STATUSES = array(
		'on_trial'  => ProcessorEvent::STATUS_TRIALING,
		'active'    => ProcessorEvent::STATUS_ACTIVE,
		'paused'    => ProcessorEvent::STATUS_PAUSED,
		'past_due'  => ProcessorEvent::STATUS_PAST_DUE,
		'unpaid'    => ProcessorEvent::STATUS_UNPAID,
		'cancelled' => ProcessorEvent::STATUS_CANCELLED,
		'expired'   => ProcessorEvent::STATUS_EXPIRED,
	);

	/**
	 * Reads a raw body.
	 *
	 * @param string      $raw      JSON, as received (the event id is derived from it).
	 * @param string|null $event_id The id stored at receipt, when reading a stored event again (a payload redacted
	 *                              since would derive another).
	 * @throws InvalidArgumentException Naming what is wrong.
	 */
	public static function from_json( string $raw, ?string $event_id = null ): ProcessorEvent {
		if ( ! json_decode( $raw, false, 64 ) instanceof \stdClass ) {
			throw new InvalidArgumentException( 'The body is not a JSON object.' );
		}
		$body = (array) json_decode( $raw, true, 64 );
		$name = $body['meta']['event_name'] ?? null;
		if ( ! is_string( $name ) || 1 !== preg_match( '/^[a-z_]{1,60}$/', $name ) ) {
			throw new InvalidArgumentException( 'The webhook has no meta.event_name.' );
		}
		$data = $body['data'] ?? null;
		if ( ! is_array( $data ) || ! is_array( $data['attributes'] ?? null ) ) {
			throw new InvalidArgumentException( 'The webhook has no data object with attributes.' );
		}
		$type = $data['type'] ?? null;
		$id   = PayloadValue::id( $data['id'] ?? null );
		if ( ! is_string( $type ) || 1 !== preg_match( '/^[a-z-]{1,40}$/', $type ) || null === $id || strlen( $id ) > 40 ) {
			throw new InvalidArgumentException( 'The webhook has no data.type and data.id.' );
		}
		if ( isset( self::EVENTS[ $name ] ) && self::EVENTS[ $name ][1] !== $type ) {
			throw new InvalidArgumentException( sprintf( 'The %1$s webhook must carry %2$s, not %3$s.', $name, self::EVENTS[ $name ][1], $type ) );
		}
		$event              = new ProcessorEvent( ProcessorEvent::LEMON_SQUEEZY, $event_id ?? self::event_id( $name, $type, $id, $raw ), $name );
		$event->custom_data = PayloadValue::map( $body['meta']['custom_data'] ?? null );
		if ( ! isset( self::EVENTS[ $name ] ) ) {
			return $event;
		}
		$attributes            = $data['attributes'];
		$event->action         = self::EVENTS[ $name ][0];
		$event->customer_id    = PayloadValue::id( $attributes['customer_id'] ?? null );
		$event->customer_email = PayloadValue::text( $attributes['user_email'] ?? null );
		$event->customer_name  = PayloadValue::text( $attributes['user_name'] ?? null );
		$event->currency       = PayloadValue::currency( $attributes['currency'] ?? null );
		$event->occurred_at    = PayloadValue::time( $attributes['updated_at'] ?? null );
		if ( 'orders' === $type ) {
			self::order( $event, $id, $attributes );
		} elseif ( 'subscriptions' === $type ) {
			self::subscription( $event, $name, $id, $attributes );
		} else {
			$event->reference       = $id;
			$event->subscription_id = PayloadValue::id( $attributes['subscription_id'] ?? null );
			$event->amount          = PayloadValue::minor( $attributes['total'] ?? null );
		}
		return $event;
	}

	/**
	 * The id a body is stored under.
	 *
	 * @param string $name Event name.
	 * @param string $type data.type.
	 * @param string $id   data.id.
	 * @param string $raw  Raw body.
	 */
	public static function event_id( string $name, string $type, string $id, string $raw ): string {
		return $name . ':' . $type . ':' . $id . ':' . substr( hash( 'sha256', $raw ), 0, 16 );
	}

	/**
	 * An order: paid, or refunded.
	 *
	 * @param ProcessorEvent       $event      Event being read.
	 * @param string               $id         Order id.
	 * @param array<string, mixed> $attributes The order's attributes.
	 */
	private static function order( ProcessorEvent $event, string $id, array $attributes ): void {
		$status           = $attributes['status'] ?? null;
		$total            = PayloadValue::minor( $attributes['total'] ?? null );
		$event->order_id  = $id;
		$event->reference = $id;
		$event->amount    = $total;
		if ( ProcessorEvent::REFUNDED === $event->action ) {
			$event->refund  = ProcessorEvent::REFUND;
			$refunded       = PayloadValue::minor( $attributes['refunded_amount'] ?? null );
			$event->partial = 'partial_refund' === $status || ( null !== $refunded && null !== $total && $refunded < $total );
			$event->amount  = $refunded ?? $total;
			return;
		}
		if ( 'paid' !== $status ) {
			$event->action = ProcessorEvent::NONE;
			return;
		}
		$item    = PayloadValue::map( $attributes['first_order_item'] ?? null );
		$variant = PayloadValue::id( $item['variant_id'] ?? null );
		if ( null !== $variant ) {
			$quantity       = $item['quantity'] ?? 1;
			$event->lines[] = array(
				'price'       => $variant,
				'quantity'    => is_int( $quantity ) && $quantity > 0 ? $quantity : 1,
				'amount'      => $total,
				'unit_amount' => PayloadValue::minor( $item['price'] ?? null ),
				'currency'    => $event->currency,
			);
		}
	}

	/**
	 * A subscription's state.
	 *
	 * @param ProcessorEvent       $event      Event being read.
	 * @param string               $name       Event name.
	 * @param string               $id         Subscription id.
	 * @param array<string, mixed> $attributes The subscription's attributes.
	 */
	private static function subscription( ProcessorEvent $event, string $name, string $id, array $attributes ): void {
		$event->subscription_id = $id;
		$event->order_id        = PayloadValue::id( $attributes['order_id'] ?? null );
		$event->status          = self::STATUSES[ PayloadValue::text( $attributes['status'] ?? null ) ] ?? null;
		$event->period_end      = PayloadValue::time( $attributes['renews_at'] ?? null );
		if ( 'subscription_expired' !== $name && ( true === ( $attributes['cancelled'] ?? false ) || ProcessorEvent::STATUS_CANCELLED === $event->status ) ) {
			$event->ends_at = PayloadValue::time( $attributes['ends_at'] ?? null );
		}
		$variant = PayloadValue::id( $attributes['variant_id'] ?? null );
		if ( null !== $variant ) {
			$quantity       = $attributes['first_subscription_item']['quantity'] ?? 1;
			$event->lines[] = array(
				'price'       => $variant,
				'quantity'    => is_int( $quantity ) && $quantity > 0 ? $quantity : 1,
				'amount'      => null,
				'unit_amount' => null,
				'currency'    => '',
			);
		}
	}
}
