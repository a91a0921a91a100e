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

	/** The identity of the site a copy made its own id for (renew_for()). */
	public const RENEWED_FOR = 'install_id_site';

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
	 * A copy of a site (its database with it) that its owner calls a new site: it gets an id of its own, once for
	 * that site's identity, so a second product answering the same question keeps the id the first one made. Answers
	 * the id to use.
	 *
	 * @param StateStore $store    Where the products' licences live.
	 * @param string     $identity The site's identity now (SiteIdentity::normalise()).
	 */
	public static function renew_for( StateStore $store, string $identity ): string {
		if ( $store->get( self::RENEWED_FOR ) === $identity && self::is_valid( $store->get( self::KEY ) ) ) {
			return (string) $store->get( self::KEY );
		}
		$id = self::generate();
		$store->set( self::KEY, $id );
		$store->set( self::RENEWED_FOR, $identity );
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
