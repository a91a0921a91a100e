<?php
/**
 * Site identity for activations.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain;

/**
 * Normalises a site URL per decisions.md: lower-case host, no scheme, no www., no trailing slash, path kept
 * (sub-directory installs are distinct sites). Port, query, fragment and credentials are identity noise or
 * secrets and are dropped, except a non-default port, which can separate two sites on one host.
 */
final class SiteUrl {

	public const MAX_LENGTH = 255;

	/**
	 * The normalised form, or null when the input is not a usable site URL.
	 *
	 * @param string $input Caller's site URL, with or without scheme.
	 */
	public static function normalise( string $input ): ?string {
		$input = trim( $input );
		if ( '' === $input || strlen( $input ) > 2048 || preg_match( '/\s/', $input ) ) {
			return null;
		}
		if ( ! preg_match( '#^[a-z][a-z0-9+.-]*://#i', $input ) ) {
			$input = 'http://' . $input;
		}
		// phpcs:ignore WordPress.WP.AlternativeFunctions.parse_url_parse_url -- pure domain code, no WordPress; PHP 7.4+ parse_url is consistent.
		$parts = parse_url( $input );
		if ( false === $parts || empty( $parts['host'] ) ) {
			return null;
		}
		$scheme = strtolower( $parts['scheme'] ?? 'http' );
		if ( 'http' !== $scheme && 'https' !== $scheme ) {
			return null;
		}
		$host = rtrim( strtolower( $parts['host'] ), '.' );
		if ( ! preg_match( '/^(\[[0-9a-f:.]+\]|[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*)$/', $host ) ) {
			return null;
		}
		if ( 0 === strpos( $host, 'www.' ) ) {
			$host = substr( $host, 4 );
		}
		$port = isset( $parts['port'] ) && ! in_array( (int) $parts['port'], array( 80, 443 ), true ) ? ':' . (int) $parts['port'] : '';
		$path = rtrim( preg_replace( '#/+#', '/', $parts['path'] ?? '' ), '/' );
		$site = $host . $port . $path;
		// The activations table indexes it; a longer "site" is not a real one.
		return strlen( $site ) <= self::MAX_LENGTH ? $site : null;
	}
}
