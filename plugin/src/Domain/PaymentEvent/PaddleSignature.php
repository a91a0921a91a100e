<?php
/**
 * Paddle-Signature verification (Paddle Billing notifications; docs/payments.md, "Paddle").
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\PaymentEvent;

/**
 * The header is "ts=<unix>;h1=<hex>[;h1=<hex>…]": the signed string is "<ts>:<raw body>", HMAC-SHA256 with the
 * notification destination's secret key; any h1 that matches is enough (two appear while Paddle rotates the
 * secret). Other schemes (h2, …) are ignored. A header that is not a list of key=value parts, has no ts or more
 * than one, or has no h1 of 64 lower-case hex digits is refused as malformed, with the reason. The timestamp must
 * lie within TOLERANCE seconds either side of now: Paddle's SDKs allow 5 seconds, which a site behind a slow
 * queue or with a drifting clock would miss, so ours is Stripe's 300; a replay inside that window is a duplicate
 * event id, which the inbox answers without processing it again.
 */
final class PaddleSignature {
	public const HEADER    = 'Paddle-Signature';
	public const TOLERANCE = 300;

	/**
	 * Longest header read: a few h1 values and room for schemes Paddle may add.
	 */
	private const MAX_HEADER = 2048;

	/**
	 * The timestamp and h1 signatures of a header.
	 *
	 * @param string $header Header value.
	 * @return array{timestamp: int, h1: string[]}
	 * @throws InvalidSignature Naming what is malformed.
	 */
	public static function parse( string $header ): array {
		$header = trim( $header );
		if ( '' === $header ) {
			throw new InvalidSignature( 'The Paddle-Signature header is missing.' );
		}
		if ( strlen( $header ) > self::MAX_HEADER ) {
			throw new InvalidSignature( 'The Paddle-Signature header is malformed: it is longer than ' . self::MAX_HEADER . ' characters.' );
		}
		$timestamps = array();
		$signatures = array();
		foreach ( explode( ';', $header ) as $part ) {
			$part = trim( $part );
			if ( '' === $part ) {
				continue;
			}
			$pair = explode( '=', $part, 2 );
			if ( 2 !== count( $pair ) || '' === $pair[0] ) {
				throw new InvalidSignature( 'The Paddle-Signature header is malformed: each part must be key=value, separated by ";".' );
			}
			list( $key, $value ) = $pair;
			if ( 'ts' === $key ) {
				$timestamps[] = $value;
			} elseif ( 'h1' === $key && 1 === preg_match( '/^[0-9a-f]{64}$/', $value ) ) {
				$signatures[] = $value;
			}
		}
		if ( 1 !== count( $timestamps ) ) {
			throw new InvalidSignature( array() === $timestamps ? 'The Paddle-Signature header is malformed: it has no ts.' : 'The Paddle-Signature header is malformed: it has more than one ts.' );
		}
		if ( 1 !== preg_match( '/^\d{1,12}$/', $timestamps[0] ) ) {
			throw new InvalidSignature( 'The Paddle-Signature header is malformed: ts is not a Unix time in seconds.' );
		}
		if ( array() === $signatures ) {
			throw new InvalidSignature( 'The Paddle-Signature header is malformed: it has no h1 signature of 64 hex digits.' );
		}
		return array(
			'timestamp' => (int) $timestamps[0],
			'h1'        => $signatures,
		);
	}

	/**
	 * Checks a delivery.
	 *
	 * @param string $header  Paddle-Signature header.
	 * @param string $payload Raw request body.
	 * @param string $secret  The notification destination's secret key.
	 * @param int    $now     Unix time.
	 * @throws InvalidSignature With the reason when it does not verify.
	 */
	public static function verify( string $header, string $payload, string $secret, int $now ): void {
		if ( '' === $secret ) {
			throw new InvalidSignature( 'No Paddle webhook secret key is configured on this site.' );
		}
		$parsed = self::parse( $header );
		if ( abs( $now - $parsed['timestamp'] ) > self::TOLERANCE ) {
			throw new InvalidSignature( 'The Paddle signature timestamp is outside the tolerance of ' . self::TOLERANCE . ' seconds.' );
		}
		$expected = hash_hmac( 'sha256', $parsed['timestamp'] . ':' . $payload, $secret );
		$matched  = false;
		foreach ( $parsed['h1'] as $candidate ) {
			// Every candidate is compared, in constant time, so timing says nothing about which matched.
			$matched = hash_equals( $expected, $candidate ) || $matched;
		}
		if ( ! $matched ) {
			throw new InvalidSignature( 'No h1 signature matches the payload and the Paddle secret key.' );
		}
	}

	/**
	 * A header for a payload, as Paddle would send it (tests and tooling).
	 *
	 * @param string $payload   Raw body.
	 * @param string $secret    Secret key.
	 * @param int    $timestamp Unix time.
	 */
	public static function sign( string $payload, string $secret, int $timestamp ): string {
		return 'ts=' . $timestamp . ';h1=' . hash_hmac( 'sha256', $timestamp . ':' . $payload, $secret );
	}
}
