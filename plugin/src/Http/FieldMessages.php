<?php
/**
 * Plain words for WordPress' own parameter errors.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

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
	 * @return array{0: string, 1: array<string, string>}
	 */
	public static function humanise( array $args, array $params, string $message ): array {
		$out   = array();
		$lines = array();
		foreach ( $params as $field => $raw ) {
			if ( is_int( $field ) ) {
				// A missing parameter: WordPress lists the names only.
				$field = (string) $raw;
				$raw   = __( 'This field is required.', 'svc-licensing' );
			}
			$field  = (string) $field;
			$schema = isset( $args[ $field ] ) && is_array( $args[ $field ] ) ? $args[ $field ] : array();
			$title  = isset( $schema['title'] ) ? (string) $schema['title'] : '';
			$text   = is_string( $raw ) ? $raw : '';
			if ( isset( $schema['invalid'] ) && is_string( $schema['invalid'] ) && ! self::is_missing( $text ) ) {
				$text = $schema['invalid'];
			} elseif ( '' !== $title ) {
				// WordPress names the field by its key, possibly with an index: trusted_proxies[0].
				$text = (string) preg_replace( '/^' . preg_quote( $field, '/' ) . '(\[\d+\])?/', $title, $text );
			}
			$out[ $field ] = $text;
			$lines[]       = '' !== $title ? $title . ': ' . $text : $text;
		}
		return array( array() === $lines ? $message : implode( ' ', $lines ), $out );
	}

	/**
	 * Whether WordPress' message says the field is missing (kept: "is a required property" is already plain).
	 *
	 * @param string $text WordPress' message.
	 */
	private static function is_missing( string $text ): bool {
		return false !== strpos( $text, 'required' ) || __( 'This field is required.', 'svc-licensing' ) === $text;
	}
}
