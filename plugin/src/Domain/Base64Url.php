<?php
/**
 * Base64url without padding, for tokens.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain;

/**
 * The URL- and cookie-safe alphabet of RFC 4648 §5, without "=" padding; decoding is strict.
 */
final class Base64Url {

	/**
	 * Encodes bytes.
	 *
	 * @param string $bytes Bytes.
	 */
	public static function encode( string $bytes ): string {
		// phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- token encoding, not obfuscation.
		return rtrim( strtr( base64_encode( $bytes ), '+/', '-_' ), '=' );
	}

	/**
	 * Decodes text of the alphabet, or null for anything else.
	 *
	 * @param string $text Encoded text.
	 */
	public static function decode( string $text ): ?string {
		if ( ! preg_match( '/^[A-Za-z0-9_-]+$/', $text ) ) {
			return null;
		}
		// phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_decode -- token encoding, not obfuscation.
		$bytes = base64_decode( strtr( $text, '-_', '+/' ), true );
		return false === $bytes ? null : $bytes;
	}
}
