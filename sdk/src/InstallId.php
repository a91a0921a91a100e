<?php
/**
 * The install fingerprint the SDK sends: the same site keeps its activation when the product is reinstalled.
 *
 * @package SvcLicensingClient
 */

namespace Svc\LicensingClient;

/**
 * A random id made once per site and kept (shared by every product on the site), sent only as its SHA-256, so
 * the server can tell a reinstall on the same site from a new site without learning anything it could reuse.
 */
final class InstallId {

	/**
	 * A new random id: 32 random bytes, hex.
	 */
	public static function generate(): string {
		return bin2hex( random_bytes( 32 ) );
	}

	/**
	 * Whether a stored value is an id generate() made.
	 *
	 * @param mixed $value Stored value.
	 */
	public static function is_valid( $value ): bool {
		return is_string( $value ) && 1 === preg_match( '/^[0-9a-f]{64}$/', $value );
	}

	/**
	 * The fingerprint sent to the server.
	 *
	 * @param string $id The stored id.
	 */
	public static function fingerprint( string $id ): string {
		return hash( 'sha256', 'svc-licensing-client|' . $id );
	}
}
