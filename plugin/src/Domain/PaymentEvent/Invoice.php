<?php
/**
 * What processing needs from a Stripe invoice, in either shape.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\PaymentEvent;

/**
 * Reads the classic invoice (subscription on the invoice, line price at lines.data[].price) and the shape of
 * API version 2025-03-31.basil (parent.subscription_details.subscription, lines.data[].pricing.price_details
 * .price). Expanded objects are read by their id.
 */
final class Invoice {

	/**
	 * Invoice id (in_…).
	 *
	 * @var string
	 */
	public $id;

	/**
	 * Customer email.
	 *
	 * @var string
	 */
	public $customer_email;

	/**
	 * Customer name.
	 *
	 * @var string
	 */
	public $customer_name;

	/**
	 * ISO 4217 code, upper case.
	 *
	 * @var string
	 */
	public $currency;

	/**
	 * Payment intent id, when the invoice names one.
	 *
	 * @var string|null
	 */
	public $payment_intent;

	/**
	 * Charge id, when the invoice names one.
	 *
	 * @var string|null
	 */
	public $charge;

	/**
	 * Lines with a price: price, subscription, period_end (unix or null), amount (minor units), and what the price
	 * itself costs when the line carries it (unit_amount in minor units or null, its currency upper case or '').
	 *
	 * @var array<int, array{price: string, subscription: string|null, period_end: int|null, amount: int, unit_amount: int|null, unit_currency: string}>
	 */
	public $lines = array();

	/**
	 * Reads an invoice object.
	 *
	 * @param array<string, mixed> $invoice data.object of an invoice event.
	 */
	public static function read( array $invoice ): self {
		$read                 = new self();
		$read->id             = (string) ( self::id_of( $invoice['id'] ?? null ) ?? '' );
		$read->customer_email = is_string( $invoice['customer_email'] ?? null ) ? $invoice['customer_email'] : '';
		$read->customer_name  = is_string( $invoice['customer_name'] ?? null ) ? $invoice['customer_name'] : '';
		$read->currency       = strtoupper( is_string( $invoice['currency'] ?? null ) ? $invoice['currency'] : '' );
		$read->charge         = self::id_of( $invoice['charge'] ?? null );
		$read->payment_intent = self::id_of( $invoice['payment_intent'] ?? null )
			?? self::id_of( $invoice['payments']['data'][0]['payment']['payment_intent'] ?? null );
		$subscription         = self::id_of( $invoice['subscription'] ?? null )
			?? self::id_of( $invoice['parent']['subscription_details']['subscription'] ?? null );
		$lines                = $invoice['lines']['data'] ?? array();
		foreach ( is_array( $lines ) ? $lines : array() as $line ) {
			if ( ! is_array( $line ) ) {
				continue;
			}
			$price = self::id_of( $line['price'] ?? null )
				?? self::id_of( $line['pricing']['price_details']['price'] ?? null )
				?? self::id_of( $line['plan'] ?? null );
			if ( null === $price ) {
				continue;
			}
			$end           = $line['period']['end'] ?? null;
			$unit          = self::unit_amount( $line );
			$read->lines[] = array(
				'price'         => $price,
				'subscription'  => self::id_of( $line['subscription'] ?? null )
					?? self::id_of( $line['parent']['subscription_item_details']['subscription'] ?? null )
					?? $subscription,
				'period_end'    => is_int( $end ) && $end > 0 ? $end : null,
				'amount'        => is_int( $line['amount'] ?? null ) ? $line['amount'] : 0,
				'unit_amount'   => $unit,
				'unit_currency' => strtoupper( is_string( $line['price']['currency'] ?? null ) ? $line['price']['currency'] : ( is_string( $line['currency'] ?? null ) ? $line['currency'] : $read->currency ) ),
			);
		}
		return $read;
	}

	/**
	 * The price's own amount on a line: the expanded price object's unit_amount (classic shape), or the basil
	 * shape's pricing.unit_amount_decimal when it is a whole number; null when the line does not say.
	 *
	 * @param array<mixed> $line Invoice line.
	 */
	private static function unit_amount( array $line ): ?int {
		$amount = $line['price']['unit_amount'] ?? null;
		if ( is_int( $amount ) ) {
			return $amount;
		}
		$decimal = $line['pricing']['unit_amount_decimal'] ?? null;
		return is_string( $decimal ) && ctype_digit( $decimal ) ? (int) $decimal : null;
	}

	/**
	 * The id of a Stripe reference that may be a string or an expanded object; null when absent or empty.
	 *
	 * @param mixed $value Value.
	 */
	public static function id_of( $value ): ?string {
		if ( is_array( $value ) ) {
			$value = $value['id'] ?? null;
		}
		return is_string( $value ) && '' !== $value ? $value : null;
	}
}
