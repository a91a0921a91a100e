<?php
/**
 * The install fingerprint the SDK sends: the same site keeps its activation when the product is reinstalled.
 *
 * @package SvcLicensingClient
 */

namespace Svc\LicensingClient;

/**
 * A random id made once per site and kept (shared by every product on the site), sent only as its SHA-256, so
 * the server can tell a reinstall on the same site from a new site without learning anything it could reuse. A copy
 * of the site with its database carries the id along; when its owner says it is a new site, it gets its own.
 */
final class InstallId {

	/** Where the id is kept, in the store of the products' licences. */
	public const KEY = 'install_id';

	/**
	 * The kept id, made and kept on first use.
	 *
	 * @param StateStore $store Where the products' licences live.
	 */
	public static function of( StateStore $store ): string {
		$id = $store->get( self::KEY );
		if ( ! self::is_valid( $id ) ) {
			$id = self::generate();
			$store->set( self::KEY, $id );
		}
		return (string) $id;
	}

	/**
	 * A new id, kept in place of the old one: for a copy of a site (its database with it) that its owner calls a new
	 * site, so it is an install of its own. Answers the new id.
	 *
	 * @param StateStore $store Where the products' licences live.
	 */
	public static function renew( StateStore $store ): string {
		$id = self::generate();
		$store->set( self::KEY, $id );
		return $id;
	}

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
