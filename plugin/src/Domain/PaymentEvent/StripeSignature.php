<?php
/**
 * Stripe-Signature verification (spec "Events", decisions.md).
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\PaymentEvent;

/**
 * The header is "t=<unix>,v1=<hex>[,v1=<hex>…]" with possibly other schemes (v0) that are ignored. The signed
 * string is "<t>.<raw body>", HMAC-SHA256 with the signing secret; any v1 that matches is enough (two appear
 * while a secret is rolled). The timestamp must lie within the tolerance either side of now.
 */
final class StripeSignature {
	public const TOLERANCE = 300;

	/**
	 * The timestamp and v1 signatures of a header; malformed parts are skipped.
	 *
	 * @param string $header Header value.
	 * @return array{timestamp: int|null, v1: string[]}
	 */
	public static function parse( string $header ): array {
		$timestamp  = null;
		$signatures = array();
		foreach ( explode( ',', $header ) as $part ) {
			$pair = explode( '=', trim( $part ), 2 );
			if ( 2 !== count( $pair ) ) {
				continue;
			}
			list( $scheme, $value ) = $pair;
			if ( 't' === $scheme && null === $timestamp && preg_match( '/^\d{1,12}$/', $value ) ) {
				$timestamp = (int) $value;
			} elseif ( 'v1' === $scheme && preg_match( '/^[0-9a-f]{64}$/', $value ) ) {
				$signatures[] = $value;
			}
		}
		return array(
			'timestamp' => $timestamp,
			'v1'        => $signatures,
		);
	}

	/**
	 * Checks a delivery.
	 *
	 * @param string $header  Stripe-Signature header.
	 * @param string $payload Raw request body.
	 * @param string $secret  Signing secret.
	 * @param int    $now     Unix time.
	 * @throws InvalidSignature With the reason when it does not verify.
	 */
	public static function verify( string $header, string $payload, string $secret, int $now ): void {
		if ( '' === $secret ) {
			throw new InvalidSignature( 'No webhook signing secret is configured on this site.' );
		}
		$parsed = self::parse( $header );
		if ( null === $parsed['timestamp'] || array() === $parsed['v1'] ) {
			throw new InvalidSignature( 'The Stripe-Signature header is missing or has no t and v1 values.' );
		}
		if ( abs( $now - $parsed['timestamp'] ) > self::TOLERANCE ) {
			throw new InvalidSignature( 'The signature timestamp is outside the tolerance of 300 seconds.' );
		}
		$expected = hash_hmac( 'sha256', $parsed['timestamp'] . '.' . $payload, $secret );
		$matched  = false;
		foreach ( $parsed['v1'] as $candidate ) {
			// Every candidate is compared, in constant time, so timing says nothing about which matched.
			$matched = hash_equals( $expected, $candidate ) || $matched;
		}
		if ( ! $matched ) {
			throw new InvalidSignature( 'No v1 signature matches the payload and the signing secret.' );
		}
	}

	/**
	 * A header for a payload, as Stripe would send it (tests and tooling).
	 *
	 * @param string $payload   Raw body.
	 * @param string $secret    Signing secret.
	 * @param int    $timestamp Unix time.
	 */
	public static function sign( string $payload, string $secret, int $timestamp ): string {
		return 't=' . $timestamp . ',v1=' . hash_hmac( 'sha256', $timestamp . '.' . $payload, $secret );
	}
}
