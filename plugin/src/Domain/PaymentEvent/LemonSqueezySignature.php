<?php
/**
 * X-Signature verification (Lemon Squeezy webhooks; docs/payments.md, "Lemon Squeezy").
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\PaymentEvent;

/**
 * The header is the hex HMAC-SHA256 of the raw body with the webhook's signing secret, compared in constant time.
 * Lemon Squeezy signs no timestamp, so no age can be checked: a captured delivery sent again verifies, and is
 * refused by the inbox as a duplicate (its event id is derived from the body, LemonSqueezyEvent). A header that
 * is not 64 hex digits is refused as malformed, with the reason; upper-case hex is read as lower-case.
 */
final class LemonSqueezySignature {
	public const HEADER = 'X-Signature';

	/**
	 * Checks a delivery.
	 *
	 * @param string $header  X-Signature header.
	 * @param string $payload Raw request body.
	 * @param string $secret  The webhook's signing secret.
	 * @throws InvalidSignature With the reason when it does not verify.
	 */
	public static function verify( string $header, string $payload, string $secret ): void {
		if ( '' === $secret ) {
			throw new InvalidSignature( 'No Lemon Squeezy signing secret is configured on this site.' );
		}
		$header = strtolower( trim( $header ) );
		if ( '' === $header ) {
			throw new InvalidSignature( 'The X-Signature header is missing.' );
		}
		if ( 1 !== preg_match( '/^[0-9a-f]{64}$/', $header ) ) {
			throw new InvalidSignature( 'The X-Signature header is malformed: it must be 64 hex digits.' );
		}
		if ( ! hash_equals( self::sign( $payload, $secret ), $header ) ) {
			throw new InvalidSignature( 'The X-Signature does not match the payload and the Lemon Squeezy signing secret.' );
		}
	}

	/**
	 * The header for a payload, as Lemon Squeezy would send it (tests and tooling).
	 *
	 * @param string $payload Raw body.
	 * @param string $secret  Signing secret.
	 */
	public static function sign( string $payload, string $secret ): string {
		return hash_hmac( 'sha256', $payload, $secret );
	}
}
