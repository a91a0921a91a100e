<?php
/**
 * Where the SDK keeps its state (back-off per server, licence records).
 *
 * @package SvcLicensingClient
 */

namespace Svc\LicensingClient;

/**
 * The WordPress store keeps each key in a site option that is not autoloaded; tests keep them in an array.
 */
interface StateStore {

	/**
	 * The stored value, or null.
	 *
	 * @param string $key Key.
	 * @return mixed
	 */
	public function get( string $key );

	/**
	 * Stores a value.
	 *
	 * @param string $key   Key.
	 * @param mixed  $value Value.
	 */
	public function set( string $key, $value ): void;
}
