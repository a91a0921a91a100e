<?php
/**
 * Base64url without padding, as leases and published keys use it.
 *
 * @package SvcLicensingClient
 */

namespace Svc\LicensingClient;

/**
 * Strict: a string with any character outside the alphabet, padding, or a length no encoder writes is refused.
 * Pure.
 */
final class Base64Url {

	/**
	 * Encodes bytes.
	 *
	 * @param string $bytes Bytes.
	 */
	public static function encode( string $bytes ): string {
		// phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- signature encoding, not obfuscation.
		return rtrim( strtr( base64_encode( $bytes ), '+/', '-_' ), '=' );
	}

	/**
	 * Decodes, or null when the text is not base64url without padding.
	 *
	 * @param string $text Text.
	 */
	public static function decode( string $text ): ?string {
		if ( ! preg_match( '/^[A-Za-z0-9_-]*$/D', $text ) || 1 === strlen( $text ) % 4 ) {
			return null;
		}
		// phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_decode -- signature encoding, not obfuscation.
		$bytes = base64_decode( strtr( $text, '-_', '+/' ), true );
		// Only the canonical form (another text for the same bytes is not what the signer wrote).
		return false === $bytes || self::encode( $bytes ) !== $text ? null : $bytes;
	}
}
