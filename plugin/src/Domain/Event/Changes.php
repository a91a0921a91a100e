<?php
/**
 * What an event records of a change's given fields.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Event;

/**
 * Keeps an event's payload small and free of secrets: values are recorded as given, except a secret (recorded as
 * "(changed)" or "(removed)") and a value whose JSON is longer than MAX_TEXT (a description, a changelog, a long
 * list: "(changed)").
 */
final class Changes {

	/**
	 * What stands for a value that is not recorded.
	 */
	public const CHANGED = '(changed)';

	/**
	 * What stands for a secret set to empty.
	 */
	public const REMOVED = '(removed)';

	/**
	 * The longest value recorded, in characters of JSON (quotes not counted for a string).
	 */
	public const MAX_TEXT = 200;

	/**
	 * The given fields whose values differ from before (loosely: '3' is 3, 1 is true, a list's order counts), as
	 * an event records them; a field before did not have counts as changed.
	 *
	 * @param array<string, mixed> $before  Values before the change.
	 * @param array<string, mixed> $given   Given fields.
	 * @param string[]             $secrets Names whose values are never recorded.
	 * @return array<string, mixed>
	 */
	public static function between( array $before, array $given, array $secrets = array() ): array {
		$changed = array();
		foreach ( $given as $name => $value ) {
			// phpcs:ignore Universal.Operators.StrictComparisons.LooseEqual, WordPress.PHP.StrictComparisons.LooseComparison -- a stored '3' and a given 3 are the same setting.
			if ( ! array_key_exists( $name, $before ) || $before[ $name ] != $value ) {
				$changed[ $name ] = $value;
			}
		}
		return self::of( $changed, $secrets );
	}

	/**
	 * The given fields as an event records them.
	 *
	 * @param array<string, mixed> $fields  Given fields.
	 * @param string[]             $secrets Names whose values are never recorded.
	 * @return array<string, mixed>
	 */
	public static function of( array $fields, array $secrets = array() ): array {
		$recorded = array();
		foreach ( $fields as $name => $value ) {
			if ( in_array( $name, $secrets, true ) ) {
				$recorded[ $name ] = '' === $value || null === $value ? self::REMOVED : self::CHANGED;
				continue;
			}
			$length            = is_string( $value ) ? strlen( $value ) : strlen( (string) json_encode( $value ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions.json_encode_json_encode -- pure domain code; only its length is used.
			$recorded[ $name ] = $length > self::MAX_TEXT ? self::CHANGED : $value;
		}
		return $recorded;
	}
}
