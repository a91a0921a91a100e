<?php
/**
 * The SDK's state kept in an array: what OptionStore keeps in site options, for the unit tests.
 *
 * @package SvcLicensingClient
 */

use Svc\LicensingClient\StateStore;

final class MemoryStore implements StateStore {

	/**
	 * Values by key.
	 *
	 * @var array<string, mixed>
	 */
	public $values = array();

	public function get( string $key ) {
		return $this->values[ $key ] ?? null;
	}

	public function set( string $key, $value ): void {
		$this->values[ $key ] = $value;
	}
}
