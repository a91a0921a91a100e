<?php
/**
 * The SDK's rules on a multisite network.
 *
 * @package SvcLicensingClient
 */

namespace Svc\LicensingClient;

/**
 * Where a product's licence lives and which address it names, and the network's record of the plugins that are
 * active on single sites of the network. Pure: WordPress' answers come in as arguments.
 *
 * - A plugin activated network-wide has one licence for the network: its key and records are network-wide (site
 *   options) and it names the network's main address. Everything else (a plugin activated on one site, a theme, a
 *   single site) has a licence per site, naming the site's own address.
 * - On a network every call also sends `network_url`, the network's main address, so the service can count one slot
 *   per network (or per site, as the seller's product says).
 * - Network Admin loads only the plugins active network-wide and on the main site, so a plugin active on another
 *   site alone is recorded network-wide (its call, and the sites it is active on): any loaded SDK copy can then put
 *   its update into core's network-wide update data, and check its package, with that site's key.
 */
final class Multisite {

	/** The licence of a plugin activated network-wide. */
	public const NETWORK = 'network';

	/** A licence per site. */
	public const SITE = 'site';

	/** Most sites recorded for one product (the first site with a key is the one asked about). */
	public const MAX_SITES = 50;

	/**
	 * Where a product's licence lives.
	 *
	 * @param bool                $is_multisite Whether WordPress runs a network.
	 * @param bool                $is_theme     Whether the product is a theme.
	 * @param string              $basename     The plugin's basename (acme-widgets/acme-widgets.php).
	 * @param array<mixed, mixed> $sitewide     The network's active_sitewide_plugins option (basename => time).
	 * @return string self::NETWORK or self::SITE.
	 */
	public static function scope( bool $is_multisite, bool $is_theme, string $basename, array $sitewide ): string {
		return $is_multisite && ! $is_theme && isset( $sitewide[ $basename ] ) ? self::NETWORK : self::SITE;
	}

	/**
	 * The address a licence names: the network's main address for a network licence, else the site's.
	 *
	 * @param string $scope        self::NETWORK or self::SITE.
	 * @param string $home         The site's home URL.
	 * @param string $network_home The network's main home URL.
	 */
	public static function site_url( string $scope, string $home, string $network_home ): string {
		return rtrim( self::NETWORK === $scope ? $network_home : $home, '/' );
	}

	/**
	 * The `network_url` every call sends on a network ('' on a single site: nothing is sent).
	 *
	 * @param bool   $is_multisite Whether WordPress runs a network.
	 * @param string $network_home The network's main home URL.
	 */
	public static function network_url( bool $is_multisite, string $network_home ): string {
		return $is_multisite ? rtrim( $network_home, '/' ) : '';
	}

	/**
	 * The record after a product's call was seen on one site: slug => site id => the call's scalar values.
	 *
	 * @param mixed                $record  The stored record (anything else counts as empty).
	 * @param string               $slug    The product's slug.
	 * @param int                  $site_id The site it is active on.
	 * @param array<string, mixed> $call    Its svc_licensing_client() call.
	 * @return array<string, array<int, array<string, scalar>>>
	 */
	public static function record( $record, string $slug, int $site_id, array $call ): array {
		$record = self::clean( $record );
		$kept   = array_filter( $call, 'is_scalar' );
		$sites  = $record[ $slug ] ?? array();
		if ( ! isset( $sites[ $site_id ] ) && count( $sites ) >= self::MAX_SITES ) {
			return $record;
		}
		$sites[ $site_id ] = $kept;
		ksort( $sites );
		$record[ $slug ] = $sites;
		return $record;
	}

	/**
	 * The products to serve in a request where they are not loaded: per slug, the first recorded site (lowest id)
	 * where the plugin is still active and has a key; and the record without the sites where it is no longer active.
	 *
	 * @param mixed                       $record The stored record.
	 * @param string[]                    $loaded Slugs of the products loaded in this request.
	 * @param callable(int, string): bool $active Whether the plugin (its file as recorded) is active on a site.
	 * @param callable(int, string): bool $keyed  Whether the product (its slug) has a key on a site.
	 * @return array{0: array<string, array{site_id: int, call: array<string, scalar>}>, 1: array<string, array<int, array<string, scalar>>>}
	 */
	public static function to_serve( $record, array $loaded, callable $active, callable $keyed ): array {
		$record = self::clean( $record );
		$serve  = array();
		foreach ( $record as $slug => $sites ) {
			foreach ( $sites as $site_id => $call ) {
				if ( ! isset( $call['file'] ) || ! is_string( $call['file'] ) || ! $active( $site_id, $call['file'] ) ) {
					unset( $record[ $slug ][ $site_id ] );
					continue;
				}
				if ( ! isset( $serve[ $slug ] ) && ! in_array( $slug, $loaded, true ) && $keyed( $site_id, $slug ) ) {
					$serve[ $slug ] = array(
						'site_id' => $site_id,
						'call'    => $call,
					);
				}
			}
			if ( array() === $record[ $slug ] ) {
				unset( $record[ $slug ] );
			}
		}
		return array( $serve, $record );
	}

	/**
	 * A stored record with anything malformed left out.
	 *
	 * @param mixed $record The stored record.
	 * @return array<string, array<int, array<string, scalar>>>
	 */
	private static function clean( $record ): array {
		$clean = array();
		if ( ! is_array( $record ) ) {
			return $clean;
		}
		foreach ( $record as $slug => $sites ) {
			if ( ! is_string( $slug ) || ! is_array( $sites ) ) {
				continue;
			}
			foreach ( $sites as $site_id => $call ) {
				if ( is_int( $site_id ) && $site_id > 0 && is_array( $call ) ) {
					$clean[ $slug ][ $site_id ] = array_filter( $call, 'is_scalar' );
				}
			}
		}
		return $clean;
	}
}
