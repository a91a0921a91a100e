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
