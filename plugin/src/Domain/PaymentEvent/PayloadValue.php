<?php
/**
 * Reading single values out of a processor's decoded JSON.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\PaymentEvent;

/**
 * Each reader answers null (or '') for a value that is absent or not of the expected kind, so a payload that
 * leaves out a field the processor documents never breaks a reader; the processing says what is missing.
 */
final class PayloadValue {

	/**
	 * A non-empty string, or an integer id written as a string (Lemon Squeezy ids are numbers).
	 *
	 * @param mixed $value Value.
	 */
	public static function id( $value ): ?string {
		if ( is_int( $value ) && $value > 0 ) {
			return (string) $value;
		}
		return is_string( $value ) && '' !== $value && strlen( $value ) <= 191 ? $value : null;
	}

	/**
	 * A string, or ''.
	 *
	 * @param mixed $value Value.
	 */
	public static function text( $value ): string {
		return is_string( $value ) ? $value : '';
	}

	/**
	 * An amount in minor units: an integer, or a string of digits (Paddle sends "3000").
	 *
	 * @param mixed $value Value.
	 */
	public static function minor( $value ): ?int {
		if ( is_int( $value ) ) {
			return $value;
		}
		return is_string( $value ) && 1 === preg_match( '/^-?\d{1,18}$/', $value ) ? (int) $value : null;
	}

	/**
	 * An ISO 4217 code, upper case, or ''.
	 *
	 * @param mixed $value Value.
	 */
	public static function currency( $value ): string {
		return is_string( $value ) && 1 === preg_match( '/^[A-Za-z]{3}$/', $value ) ? strtoupper( $value ) : '';
	}

	/**
	 * An RFC 3339 time (2024-01-11T08:34:01.787929969Z, 2023-01-24T12:43:48.000000Z, with or without a fraction of
	 * any length, Z or an offset) as Unix seconds, the fraction dropped; null when absent or not such a time.
	 *
	 * @param mixed $value Value.
	 */
	public static function time( $value ): ?int {
		if ( ! is_string( $value ) || 1 !== preg_match( '/^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2}:\d{2})(?:\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/', $value, $parts ) ) {
			return null;
		}
		$zone   = 'z' === strtolower( $parts[3] ) ? '+00:00' : $parts[3];
		$time   = \DateTimeImmutable::createFromFormat( '!Y-m-d H:i:sP', $parts[1] . ' ' . $parts[2] . $zone );
		$errors = \DateTimeImmutable::getLastErrors();
		if ( false === $time || ( is_array( $errors ) && ( $errors['warning_count'] > 0 || $errors['error_count'] > 0 ) ) ) {
			return null;
		}
		return $time->getTimestamp();
	}

	/**
	 * An object (a JSON object decoded to an array), or an empty array.
	 *
	 * @param mixed $value Value.
	 * @return array<string, mixed>
	 */
	public static function map( $value ): array {
		return is_array( $value ) ? $value : array();
	}

	/**
	 * A list of objects, each an array; anything else in it is skipped.
	 *
	 * @param mixed $value Value.
	 * @return array<int, array<string, mixed>>
	 */
	public static function objects( $value ): array {
		return is_array( $value ) ? array_values( array_filter( $value, 'is_array' ) ) : array();
	}
}
