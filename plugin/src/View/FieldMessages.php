<?php
/**
 * Plain words for WordPress' own parameter errors.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\View;

/**
 * WordPress refuses a parameter in a developer's words ("requires_wp does not match pattern ^([0-9]+…"). A route's
 * schema may give each field a `title` (its name for people) and an `invalid` text (what to enter instead); the
 * answer then says "Requires WordPress: Enter a version number such as 6.5 or 6.5.2." and `data.params` maps each
 * field to its own sentence, which the panel shows under the field. Fields without them keep WordPress' words.
 */
final class FieldMessages {

	/**
	 * The error's message and its per-field messages, in plain words where the schema has them.
	 *
	 * @param array<string, mixed> $args    The route's argument schema.
	 * @param array<mixed>         $params  Field => WordPress' message.
	 * @param string               $message WordPress' message for the whole error.
	 * @return array{0: string, 1: array<mixed>} The message, and field => sentence (WordPress' list of names when fields are missing).
	 */
	public static function humanise( array $args, array $params, string $message ): array {
		if ( isset( $params[0] ) ) {
			// Missing parameters: WordPress lists their names ("Missing parameter(s): name"), which stays as it is.
			return array( $message, $params );
		}
		$out     = array();
		$lines   = array();
		$changed = false;
		foreach ( $params as $field => $raw ) {
			$field  = (string) $field;
			$text   = is_string( $raw ) ? $raw : '';
			$schema = isset( $args[ $field ] ) && is_array( $args[ $field ] ) ? $args[ $field ] : array();
			$title  = isset( $schema['title'] ) ? (string) $schema['title'] : '';
			if ( '' === $title ) {
				$out[ $field ] = $text;
				$lines[]       = $text;
				continue;
			}
			$changed = true;
			if ( isset( $schema['invalid'] ) && is_string( $schema['invalid'] ) && ! self::is_missing( $text ) ) {
				$text = $schema['invalid'];
			} else {
				// WordPress names the field by its key, possibly with an index: trusted_proxies[0].
				$text = (string) preg_replace( '/^' . preg_quote( $field, '/' ) . '(\[\d+\])?/', $title, $text );
			}
			$out[ $field ] = $text;
			$lines[]       = $title . ': ' . $text;
		}
		return $changed ? array( implode( ' ', $lines ), $out ) : array( $message, $params );
	}

	/**
	 * Whether WordPress' message says the field is missing (kept: "is a required property" is already plain).
	 *
	 * @param string $text WordPress' message.
	 */
	private static function is_missing( string $text ): bool {
		return false !== strpos( $text, 'required' );
	}
}
