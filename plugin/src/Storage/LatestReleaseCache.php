<?php
/**
 * The latest-release block's answers, cached per product in WordPress' transients.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage;

use wpdb;

/**
 * The one writer of the cache: a transient per product (an object cache holds it when the site has one, the
 * options table otherwise). Entries are forgotten when the product or its releases change, and expire after a
 * day in any case.
 */
final class LatestReleaseCache {
	private const PREFIX = 'svc_licensing_latest_release_';

	/**
	 * The cached answer of a product, or null when there is none.
	 *
	 * @param int $product_id Product.
	 * @return array<string, mixed>|null
	 */
	public function get( int $product_id ): ?array {
		$cached = get_transient( self::PREFIX . $product_id );
		return is_array( $cached ) ? $cached : null;
	}

	/**
	 * Remembers a product's answer.
	 *
	 * @param int                  $product_id Product.
	 * @param array<string, mixed> $answer     Answer.
	 */
	public function put( int $product_id, array $answer ): void {
		set_transient( self::PREFIX . $product_id, $answer, DAY_IN_SECONDS );
	}

	/**
	 * Forgets a product's answer.
	 *
	 * @param int $product_id Product.
	 */
	public function forget( int $product_id ): void {
		delete_transient( self::PREFIX . $product_id );
	}

	/**
	 * Forgets every product's answer kept in the options table (uninstall; an object cache's entries expire).
	 *
	 * @param wpdb $db Database.
	 */
	public static function forget_all( wpdb $db ): void {
		foreach ( array( '_transient_', '_transient_timeout_' ) as $kind ) {
			$pattern = $db->esc_like( $kind . self::PREFIX ) . '%';
			// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery,WordPress.DB.DirectDatabaseQuery.NoCaching -- uninstall removes rows by prefix.
			$db->query( $db->prepare( "DELETE FROM {$db->options} WHERE option_name LIKE %s", $pattern ) );
		}
	}
}
