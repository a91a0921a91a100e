<?php
/**
 * Removes a person's data from a stored payment event.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Privacy;

/**
 * A Stripe event can carry a customer's name, email, phone, postal and shipping address in many places: an
 * invoice's customer_* fields, a customer object, a charge's billing_details and shipping, receipt_email,
 * payment-method details. Redaction walks the whole decoded payload: every personal field is replaced by
 * "[erased]" whatever its depth, and any other string that contains the email has it cut out. `name` is
 * personal everywhere except on Stripe objects that name things, not people (products, prices, coupons...).
 */
final class PayloadRedactor {
	public const ERASED = '[erased]';

	/**
	 * Fields that hold personal data wherever they appear.
	 */
	private const PERSONAL = array(
		'email',
		'phone',
		'address',
		'shipping',
		'shipping_details',
		'billing_details',
		'customer_details',
		'receipt_email',
		'customer_name',
		'customer_email',
		'customer_phone',
		'customer_address',
		'customer_shipping',
		'customer_tax_ids',
		'tax_ids',
		'individual',
		'cardholder_name',
		'owner',
	);

	/**
	 * Stripe objects whose `name` names a thing, not a person.
	 */
	private const NAMES_THINGS = array( 'product', 'price', 'plan', 'coupon', 'promotion_code', 'tax_rate', 'tax_code', 'shipping_rate', 'discount', 'test_helpers.test_clock' );

	/**
	 * The payload without the person's data.
	 *
	 * @param array<mixed> $payload Decoded event.
	 * @param string       $email   Lower-case email of the person.
	 * @return array<mixed>
	 */
	public static function redact( array $payload, string $email ): array {
		$object = isset( $payload['object'] ) && is_string( $payload['object'] ) ? $payload['object'] : '';
		foreach ( $payload as $key => $value ) {
			if ( is_string( $key ) && self::is_personal( $key, $object ) ) {
				$payload[ $key ] = null === $value ? null : self::ERASED;
			} elseif ( is_array( $value ) ) {
				$payload[ $key ] = self::redact( $value, $email );
			} elseif ( is_string( $value ) && '' !== $email && false !== stripos( $value, $email ) ) {
				$payload[ $key ] = str_ireplace( $email, self::ERASED, $value );
			}
		}
		return $payload;
	}

	/**
	 * The Stripe customer ids an event is about (its object's `customer`, or the id of a customer object), so
	 * that events of the same customer that do not repeat the email are found too.
	 *
	 * @param array<mixed> $payload Decoded event.
	 * @return string[]
	 */
	public static function customer_ids( array $payload ): array {
		$object = $payload['data']['object'] ?? null;
		if ( ! is_array( $object ) ) {
			return array();
		}
		$ids = array();
		if ( 'customer' === ( $object['object'] ?? null ) && is_string( $object['id'] ?? null ) ) {
			$ids[] = $object['id'];
		}
		$customer = $object['customer'] ?? null;
		if ( is_array( $customer ) ) {
			$customer = $customer['id'] ?? null;
		}
		if ( is_string( $customer ) && 1 === preg_match( '/^cus_[A-Za-z0-9]+$/', $customer ) ) {
			$ids[] = $customer;
		}
		return array_values( array_unique( $ids ) );
	}

	/**
	 * Whether a field of an object of this type holds personal data.
	 *
	 * @param string $key    Field.
	 * @param string $object The object's Stripe type, or ''.
	 */
	private static function is_personal( string $key, string $object ): bool {
		if ( in_array( $key, self::PERSONAL, true ) ) {
			return true;
		}
		return 'name' === $key && ! in_array( $object, self::NAMES_THINGS, true );
	}
}
