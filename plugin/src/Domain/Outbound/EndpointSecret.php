<?php
/**
 * An outbound webhook endpoint's signing secret, and the signature it makes.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Outbound;

use Svc\Licensing\Domain\PaymentEvent\StripeSignature;

/**
 * Each endpoint has its own secret, shown once at creation. Deliveries are signed exactly as Stripe signs its
 * events (StripeSignature, the one copy of that rule): "t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>".
 */
final class EndpointSecret {
	public const PREFIX = 'svcwh_';

	private const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

	/**
	 * A new random secret: the prefix and 40 letters and digits (about 238 bits).
	 */
	public static function generate(): string {
		$secret = self::PREFIX;
		for ( $i = 0; $i < 40; $i++ ) {
			$secret .= self::ALPHABET[ random_int( 0, strlen( self::ALPHABET ) - 1 ) ];
		}
		return $secret;
	}

	/**
	 * The signature header of a body sent at a time.
	 *
	 * @param string $body      Raw body, exactly as sent.
	 * @param string $secret    The endpoint's secret.
	 * @param int    $timestamp Unix time of the attempt.
	 */
	public static function sign( string $body, string $secret, int $timestamp ): string {
		return StripeSignature::sign( $body, $secret, $timestamp );
	}
}
