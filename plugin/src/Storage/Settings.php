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
		'webhook_signing_secret'     => '',
		'fingerprinting'             => false,
		// Seconds a download link from an update check stays valid.
		'download_token_ttl'         => 300,
		// Whether update checks need the site to be activated on the licence (off: any valid licence gets updates).
		'updates_require_activation' => false,
		// ISO 4217 code of the store's prices; revenue statistics are reported in it.
		'currency'                   => 'USD',
		// Proxies whose X-Forwarded-For is believed: IPs or CIDR ranges.
		'trusted_proxies'            => array(),
		// Requests per minute per client IP (webhook: per sender; admin: per API key or user).
		'rate_limits'                => array(
			'validate'      => 30,
			'activate'      => 10,
			'deactivate'    => 10,
			'updates_check' => 60,
			'trials'        => 5,
			'webhook'       => 120,
			'admin'         => 120,
		),
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

	/**
	 * Requests per minute for a limited route; a stored value overrides the spec's default one route at a time.
	 *
	 * @param string $route A key of DEFAULTS['rate_limits'].
	 */
	public function rate_limit( string $route ): int {
		$stored = $this->get( 'rate_limits' );
		if ( is_array( $stored ) && isset( $stored[ $route ] ) && (int) $stored[ $route ] > 0 ) {
			return (int) $stored[ $route ];
		}
		return (int) ( self::DEFAULTS['rate_limits'][ $route ] ?? 60 );
	}

	/**
	 * Lifetime of download tokens in seconds, kept between 30 s and one day.
	 */
	public function download_token_ttl(): int {
		return max( 30, min( DAY_IN_SECONDS, (int) $this->get( 'download_token_ttl' ) ) );
	}
}
