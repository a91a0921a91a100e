<?php
/**
 * The scheme of the URLs the service hands out on its own address.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Http;

/**
 * A service whose home URL is https hands out its own URLs as https, also to a request that reached PHP over
 * plain http (a proxy or load balancer that ends TLS): a client must never be sent to http for a package whose hash
 * it got over https, nor anywhere else on the service. Only URLs on the home's own host and port change; a URL
 * on another host (a seller's product page elsewhere) is theirs, and stays as typed.
 */
final class HomeScheme {

	/**
	 * The URL in the home's scheme: https when home is https and the URL is http on the home's host and port;
	 * otherwise the URL as given.
	 *
	 * @param string $url  A URL the service is about to hand out.
	 * @param string $home The service's home URL.
	 */
	public static function apply( string $url, string $home ): string {
		if ( 0 !== stripos( $home, 'https://' ) || 0 !== stripos( $url, 'http://' ) ) {
			return $url;
		}
		$own = self::authority( $home );
		if ( null === $own || self::authority( $url ) !== $own ) {
			return $url;
		}
		return 'https://' . substr( $url, strlen( 'http://' ) );
	}

	/**
	 * Host (lower case) and port as written ('' for none), or null for a URL without a host or with user info.
	 *
	 * @param string $url URL.
	 */
	private static function authority( string $url ): ?string {
		$parts = parse_url( $url ); // phpcs:ignore WordPress.WP.AlternativeFunctions.parse_url_parse_url -- pure domain code, PHP 7.4+.
		if ( ! is_array( $parts ) || ! isset( $parts['host'] ) || '' === $parts['host'] || isset( $parts['user'] ) ) {
			return null;
		}
		return strtolower( $parts['host'] ) . ':' . ( $parts['port'] ?? '' );
	}
}
