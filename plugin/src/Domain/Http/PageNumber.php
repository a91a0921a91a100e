<?php
/**
 * Page numbers of admin lists.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Http;

/**
 * A page is a whole number from 1 to PHP_INT_MAX, written in digits. JSON Schema's "integer" as WordPress checks
 * it also takes 1e20 or 99999999999999999999 (floats that round to themselves), which no PHP integer holds, and
 * casting them gives PHP_INT_MAX or 0; those are refused instead. A page past the last one is a valid request:
 * its offset is kept inside the integer range, and it answers an empty page.
 */
final class PageNumber {

	/**
	 * The page, or null when the value is not a whole number from 1 to PHP_INT_MAX.
	 *
	 * @param mixed $raw Query or JSON value.
	 */
	public static function parse( $raw ): ?int {
		if ( is_int( $raw ) ) {
			return $raw >= 1 ? $raw : null;
		}
		if ( ! is_string( $raw ) || 1 !== preg_match( '/^[0-9]+$/', $raw ) ) {
			return null;
		}
		$digits = ltrim( $raw, '0' );
		$max    = (string) PHP_INT_MAX;
		if ( '' === $digits || strlen( $digits ) > strlen( $max ) || ( strlen( $digits ) === strlen( $max ) && strcmp( $digits, $max ) > 0 ) ) {
			return null;
		}
		return (int) $digits;
	}

	/**
	 * Rows to skip before a page, never past PHP_INT_MAX (no table holds that many rows, so the page is empty).
	 *
	 * @param int $page     1-based page.
	 * @param int $per_page Page size, at least 1.
	 */
	public static function offset( int $page, int $per_page ): int {
		$per_page = max( 1, $per_page );
		$before   = max( 0, $page - 1 );
		if ( $before > intdiv( PHP_INT_MAX, $per_page ) ) {
			return intdiv( PHP_INT_MAX, $per_page ) * $per_page;
		}
		return $before * $per_page;
	}
}
