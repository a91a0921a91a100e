<?php
/**
 * The SDK's state in site options, never autoloaded: it is read only when the SDK works.
 *
 * @package SvcLicensingClient
 */

namespace Svc\LicensingClient\WordPress;

use Svc\LicensingClient\ProductState;
use Svc\LicensingClient\StateStore;

/**
 * One option per key, named svc_licensing_client_<key>. A null value deletes the option.
 */
final class OptionStore implements StateStore {

	public const PREFIX = 'svc_licensing_client_';

	/**
	 * The stored value, or null.
	 *
	 * @param string $key Key.
	 * @return mixed
	 */
	public function get( string $key ) {
		return get_option( self::PREFIX . $key, null );
	}

	/**
	 * Stores a value; null deletes it.
	 *
	 * @param string $key   Key.
	 * @param mixed  $value Value.
	 */
	public function set( string $key, $value ): void {
		if ( null === $value ) {
			delete_option( self::PREFIX . $key );
			return;
		}
		update_option( self::PREFIX . $key, $value, false );
	}

	/**
	 * Deletes every option of a product: every name under its prefix (ProductState::prefix()), not a list of names.
	 *
	 * @param string $slug The product's slug.
	 */
	public function forget_product( string $slug ): void {
		global $wpdb;
		$names = $wpdb->get_col( $wpdb->prepare( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE %s", $wpdb->esc_like( self::PREFIX . ProductState::prefix( $slug ) ) . '%' ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- no API lists options by prefix; each is deleted through delete_option().
		foreach ( $names as $name ) {
			delete_option( (string) $name );
		}
	}
}
