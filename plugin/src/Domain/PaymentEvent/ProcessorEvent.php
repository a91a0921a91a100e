<?php
/**
 * A payment processor's event in one form, whichever processor sent it (docs/payments.md).
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\PaymentEvent;

/**
 * What a reader (PaddleEvent, LemonSqueezyEvent) makes of a verified body: the event's identity, the one thing it
 * asks of licences (ACTION), and the ids and figures that action needs. Ids are the processor's own, as sent
 * (numbers as strings); subscription_key(), order_key() and price_key() give the names they are stored and mapped
 * under, so two processors' ids never meet. Times are Unix seconds, amounts minor units; a field the event does not
 * carry is null (or '', or empty). Which fields each action fills:
 *
 * - PAID: a payment. reference (what was paid: transaction, order or invoice id), lines (empty when the payment
 *   names no price, as a Lemon Squeezy subscription invoice), amount and currency, subscription_id or order_id,
 *   period_end (end of the paid period; null for a one-off), customer.
 * - SUBSCRIPTION: a subscription's state (created, changed, renewed). subscription_id, status, lines (its plan),
 *   period_end, ends_at when a cancellation is scheduled for the period's end.
 * - PAST_DUE, PAUSED, RESUMED, CANCELLED: a subscription's state changed so. subscription_id, status, period_end,
 *   ends_at (CANCELLED: when it ends, null when it ended now).
 * - REFUNDED: a refund or chargeback. reference (the payment refunded), refund (REFUND or CHARGEBACK), partial,
 *   amount and currency, subscription_id or order_id.
 * - CUSTOMER: who a processor customer is (Paddle sends the email only here). customer_id, customer_email, name.
 * - NONE: stored, nothing to do.
 */
final class ProcessorEvent {
	public const STRIPE        = 'stripe';
	public const PADDLE        = 'paddle';
	public const LEMON_SQUEEZY = 'lemonsqueezy';

	public const SOURCES = array( self::STRIPE, self::PADDLE, self::LEMON_SQUEEZY );

	public const PAID         = 'paid';
	public const SUBSCRIPTION = 'subscription';
	public const PAST_DUE     = 'past_due';
	public const PAUSED       = 'paused';
	public const RESUMED      = 'resumed';
	public const CANCELLED    = 'cancelled';
	public const REFUNDED     = 'refunded';
	public const CUSTOMER     = 'customer';
	public const NONE         = 'none';

	public const ACTIONS = array( self::PAID, self::SUBSCRIPTION, self::PAST_DUE, self::PAUSED, self::RESUMED, self::CANCELLED, self::REFUNDED, self::CUSTOMER, self::NONE );

	/**
	 * Subscription statuses, the processors' own folded into these.
	 */
	public const STATUS_ACTIVE    = 'active';
	public const STATUS_TRIALING  = 'trialing';
	public const STATUS_PAST_DUE  = 'past_due';
	public const STATUS_UNPAID    = 'unpaid';
	public const STATUS_PAUSED    = 'paused';
	public const STATUS_CANCELLED = 'cancelled';
	public const STATUS_EXPIRED   = 'expired';

	public const REFUND     = 'refund';
	public const CHARGEBACK = 'chargeback';

	/**
	 * One of SOURCES.
	 *
	 * @var string
	 */
	public $source = '';

	/**
	 * The processor's event id (Paddle: evt_…; Lemon Squeezy sends none, so LemonSqueezyEvent derives one).
	 *
	 * @var string
	 */
	public $event_id = '';

	/**
	 * The processor's event type, as sent (transaction.completed, order_created).
	 *
	 * @var string
	 */
	public $event_type = '';

	/**
	 * One of ACTIONS.
	 *
	 * @var string
	 */
	public $action = self::NONE;

	/**
	 * When the processor says the event happened, if it says.
	 *
	 * @var int|null
	 */
	public $occurred_at;

	/**
	 * The processor's subscription id.
	 *
	 * @var string|null
	 */
	public $subscription_id;

	/**
	 * The processor's id of the order that started the purchase (Lemon Squeezy), or of a one-off payment.
	 *
	 * @var string|null
	 */
	public $order_id;

	/**
	 * The processor's customer id.
	 *
	 * @var string|null
	 */
	public $customer_id;

	/**
	 * The buyer's email as sent ('' when the event does not carry it).
	 *
	 * @var string
	 */
	public $customer_email = '';

	/**
	 * The buyer's name as sent.
	 *
	 * @var string
	 */
	public $customer_name = '';

	/**
	 * The payment this event is about: paid (PAID) or refunded (REFUNDED).
	 *
	 * @var string|null
	 */
	public $reference;

	/**
	 * What was bought: the processor's price (Paddle pri_…, Lemon Squeezy variant id), quantity, what the line cost
	 * (minor units, null when not said), the price's own unit amount (null when not said), and the currency.
	 *
	 * @var array<int, array{price: string, quantity: int, amount: int|null, unit_amount: int|null, currency: string}>
	 */
	public $lines = array();

	/**
	 * Total paid or refunded, in minor units.
	 *
	 * @var int|null
	 */
	public $amount;

	/**
	 * ISO 4217, upper case ('' when not said).
	 *
	 * @var string
	 */
	public $currency = '';

	/**
	 * End of the paid or current billing period.
	 *
	 * @var int|null
	 */
	public $period_end;

	/**
	 * When a cancelled subscription ends (scheduled: the period's end), if it has not ended yet.
	 *
	 * @var int|null
	 */
	public $ends_at;

	/**
	 * One of the STATUS_ constants, for subscription events.
	 *
	 * @var string|null
	 */
	public $status;

	/**
	 * REFUND or CHARGEBACK, for REFUNDED.
	 *
	 * @var string|null
	 */
	public $refund;

	/**
	 * Whether a refund gives back only part of the payment.
	 *
	 * @var bool
	 */
	public $partial = false;

	/**
	 * The seller's own data passed through checkout.
	 *
	 * @var array<string, mixed>
	 */
	public $custom_data = array();

	/**
	 * A new event of a source.
	 *
	 * @param string $source     One of SOURCES.
	 * @param string $event_id   Event id.
	 * @param string $event_type Event type.
	 */
	public function __construct( string $source, string $event_id, string $event_type ) {
		$this->source     = $source;
		$this->event_id   = $event_id;
		$this->event_type = $event_type;
	}

	/**
	 * The name a subscription's licences are stored under (svc_licenses.processor_subscription_id): Stripe's ids as
	 * they are (what is stored today), the others prefixed with the source.
	 */
	public function subscription_key(): ?string {
		return null === $this->subscription_id ? null : $this->key( $this->subscription_id );
	}

	/**
	 * The name a one-off payment's licences are stored under when no subscription holds them: Stripe's as today
	 * (invoice:<id>), the others <source>:order:<id>.
	 */
	public function order_key(): ?string {
		if ( null === $this->order_id ) {
			return null;
		}
		return self::STRIPE === $this->source ? 'invoice:' . $this->order_id : $this->key( 'order:' . $this->order_id );
	}

	/**
	 * The name a processor price is mapped under (svc_prices.processor_price_id): Stripe's as it is, the others
	 * prefixed with the source (paddle:pri_…, lemonsqueezy:12345), as moved-in prices are (source:ref).
	 *
	 * @param string $price The processor's price or variant id.
	 */
	public function price_key( string $price ): string {
		return $this->key( $price );
	}

	/**
	 * Every price the event names, once each, in order.
	 *
	 * @return string[]
	 */
	public function prices(): array {
		return array_values( array_unique( array_column( $this->lines, 'price' ) ) );
	}

	/**
	 * An id under this event's source.
	 *
	 * @param string $id Processor id.
	 */
	private function key( string $id ): string {
		return self::STRIPE === $this->source ? $id : $this->source . ':' . $id;
	}
}
