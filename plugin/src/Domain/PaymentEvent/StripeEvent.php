<?php
/**
 * A Stripe event body, checked for the fields processing needs.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\PaymentEvent;

use InvalidArgumentException;

/**
 * The id, type and data.object are required; anything else is kept as sent in the stored payload.
 */
final class StripeEvent {

	/**
	 * Event id (evt_…).
	 *
	 * @var string
	 */
	public $id;

	/**
	 * Event type, e.g. invoice.paid.
	 *
	 * @var string
	 */
	public $type;

	/**
	 * The data.object.
	 *
	 * @var array<string, mixed>
	 */
	public $object;

	/**
	 * Constructor.
	 *
	 * @param string               $id     Event id.
	 * @param string               $type   Type.
	 * @param array<string, mixed> $object data.object.
	 */
	public function __construct( string $id, string $type, array $object ) {
		$this->id     = $id;
		$this->type   = $type;
		$this->object = $object;
	}

	/**
	 * Parses a raw body.
	 *
	 * @param string $raw JSON.
	 * @throws InvalidArgumentException Naming what is wrong.
	 */
	public static function from_json( string $raw ): self {
		if ( ! json_decode( $raw, false, 64 ) instanceof \stdClass ) {
			throw new InvalidArgumentException( 'The body is not a JSON object.' );
		}
		return self::from_array( (array) json_decode( $raw, true, 64 ) );
	}

	/**
	 * Checks a decoded event.
	 *
	 * @param array<string, mixed> $event Decoded event.
	 * @throws InvalidArgumentException Naming the missing field.
	 */
	public static function from_array( array $event ): self {
		$id   = $event['id'] ?? null;
		$type = $event['type'] ?? null;
		if ( ! is_string( $id ) || '' === $id || strlen( $id ) > 191 ) {
			throw new InvalidArgumentException( 'The event has no id (a string of at most 191 characters).' );
		}
		if ( ! is_string( $type ) || '' === $type || strlen( $type ) > 100 ) {
			throw new InvalidArgumentException( 'The event has no type.' );
		}
		if ( ! isset( $event['data'] ) || ! is_array( $event['data'] ) || ! isset( $event['data']['object'] ) || ! is_array( $event['data']['object'] ) ) {
			throw new InvalidArgumentException( 'The event has no data.object.' );
		}
		return new self( $id, $type, $event['data']['object'] );
	}
}
