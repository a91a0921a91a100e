<?php
/**
 * Whether a browser request came from a page of another site.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Http;

/**
 * A browser names the page a request comes from in Origin (on every cross-origin request and on every POST), or
 * failing that in Referer. A request naming another origin than the site's comes from another site's page; one
 * naming none comes from outside a browser (a script, curl), which holds no visitor's cookies. Origin "null" (a
 * sandboxed frame, a page that sends no referrer) is another origin.
 *
 * Another site's page can send only what an HTML form sends (application/x-www-form-urlencoded, multipart/form-data,
 * text/plain) or no body at all; anything else needs a CORS preflight that this site must approve. A JSON body
 * therefore proves that a script of this site's own pages sent the request.
 */
final class CrossSite {

	/**
	 * The origin of a URL: scheme://host[:port] in lower case, without the scheme's default port; null when it is
	 * not an http(s) URL with a host.
	 *
	 * @param string $url URL, e.g. https://Example.com:443/page.
	 */
	public static function origin( string $url ): ?string {
		$parts = parse_url( trim( $url ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions.parse_url_parse_url -- pure domain code, PHP 7.4+.
		if ( ! is_array( $parts ) || ! isset( $parts['scheme'], $parts['host'] ) || '' === $parts['host'] ) {
			return null;
		}
		$scheme = strtolower( $parts['scheme'] );
		if ( 'http' !== $scheme && 'https' !== $scheme ) {
			return null;
		}
		$default = 'https' === $scheme ? 443 : 80;
		$port    = isset( $parts['port'] ) && $default !== $parts['port'] ? ':' . $parts['port'] : '';
		return $scheme . '://' . strtolower( $parts['host'] ) . $port;
	}

	/**
	 * Whether a request names an origin other than the site's: its Origin header, or without one its Referer.
	 *
	 * @param string   $origin  The Origin header ('' when absent).
	 * @param string   $referer The Referer header ('' when absent).
	 * @param string[] $site    The site's own URLs (its home and WordPress addresses).
	 */
	public static function from_another_origin( string $origin, string $referer, array $site ): bool {
		$named = '' !== trim( $origin ) ? $origin : $referer;
		if ( '' === trim( $named ) ) {
			return false;
		}
		$given = self::origin( $named );
		if ( null === $given ) {
			return true;
		}
		foreach ( $site as $url ) {
			if ( self::origin( $url ) === $given ) {
				return false;
			}
		}
		return true;
	}

	/**
	 * Whether a Content-Type header is JSON (application/json, parameters aside): a body no cross-site form sends.
	 *
	 * @param string $content_type The Content-Type header ('' when absent).
	 */
	public static function is_json( string $content_type ): bool {
		return 'application/json' === strtolower( trim( explode( ';', $content_type, 2 )[0] ) );
	}
}
