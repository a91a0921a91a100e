<?php
/**
 * The site's identity as the licence server records it, and the fingerprint a lease names.
 *
 * @package SvcLicensingClient
 */

namespace Svc\LicensingClient;

/**
 * The server's rule for a site's identity (plugin/src/Domain/SiteUrl.php), ported: lower-case host, no scheme, no
 * www., no trailing slash, the path kept (a sub-directory install is another site), a non-default port kept, the
 * query, fragment and credentials dropped. The SDK cannot load the server's class (it runs on the customer's
 * site), so the port is proven equal by the shared vectors tests/vectors/site-identity.json, which both PHPUnit
 * suites read. A lease names its site as `sha256:` + the hex SHA-256 of that identity. Pure.
 */
final class SiteIdentity {

	public const MAX_LENGTH = 255;

	/**
	 * The normalised identity, or null when the input is not a usable site URL.
	 *
	 * @param string $input A site URL, with or without scheme (home_url()).
	 */
	public static function normalise( string $input ): ?string {
		$input = trim( $input );
		if ( '' === $input || strlen( $input ) > 2048 || preg_match( '/\s/', $input ) ) {
			return null;
		}
		if ( ! preg_match( '#^[a-z][a-z0-9+.-]*://#i', $input ) ) {
			$input = 'http://' . $input;
		}
		// phpcs:ignore WordPress.WP.AlternativeFunctions.parse_url_parse_url -- pure code, no WordPress; the server's rule uses PHP's parse_url too.
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
		$path = rtrim( (string) preg_replace( '#/+#', '/', $parts['path'] ?? '' ), '/' );
		$site = $host . $port . $path;
		return strlen( $site ) <= self::MAX_LENGTH ? $site : null;
	}

	/**
	 * The fingerprint a lease names for a site URL: sha256: and the hex SHA-256 of its identity; '' when the URL is
	 * not a usable site URL (no lease names it).
	 *
	 * @param string $url A site URL (home_url()).
	 */
	public static function fingerprint( string $url ): string {
		$identity = self::normalise( $url );
		return null === $identity ? '' : 'sha256:' . hash( 'sha256', $identity );
	}
}
