<?php
/**
 * The SDK's state in site options, never autoloaded: it is read only when the SDK works.
 *
 * @package SvcLicensingClient
 */

namespace Svc\LicensingClient\WordPress;

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
}
