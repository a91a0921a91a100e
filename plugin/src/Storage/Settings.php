<?php
/**
 * The plugin's settings, read through one class with defaults.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage;

/**
 * One autoloaded option holds every setting; unknown or missing keys fall back to the defaults.
 */
final class Settings {
	public const OPTION = 'svc_licensing_settings';

	public const DEFAULTS = array(
		'webhook_signing_secret' => '',
		'fingerprinting'         => false,
	);

	/**
	 * A setting's value, or its default.
	 *
	 * @param string $key Setting name, one of DEFAULTS' keys.
	 * @return mixed
	 */
	public function get( string $key ) {
		$stored = get_option( self::OPTION, array() );
		if ( is_array( $stored ) && array_key_exists( $key, $stored ) ) {
			return $stored[ $key ];
		}
		return self::DEFAULTS[ $key ] ?? null;
	}
}
