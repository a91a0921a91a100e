<?php
/**
 * The form of an outbound webhook endpoint's URL.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Outbound;

/**
 * An absolute http or https URL with a host, no user name or password, no white space or control characters,
 * at most MAX_LENGTH characters. Whether its host may be reached is decided after resolving it (HostAddress).
 */
final class EndpointUrl {
	public const MAX_LENGTH = 2048;

	/**
	 * The host (lower case; an IPv6 literal keeps its brackets) and port of an acceptable URL, or null.
	 *
	 * @param string $url URL.
	 * @return array{host: string, port: int}|null
	 */
	public static function parse( string $url ): ?array {
		if ( '' === $url || strlen( $url ) > self::MAX_LENGTH || preg_match( '/[\s\x00-\x1f\x7f]/', $url ) ) {
			return null;
		}
		$parts = parse_url( $url ); // phpcs:ignore WordPress.WP.AlternativeFunctions.parse_url_parse_url -- pure domain code, PHP 7.4+.
		if ( ! is_array( $parts ) || ! isset( $parts['scheme'], $parts['host'] ) || '' === $parts['host'] ) {
			return null;
		}
		$scheme = strtolower( $parts['scheme'] );
		if ( ! in_array( $scheme, array( 'http', 'https' ), true ) || isset( $parts['user'] ) || isset( $parts['pass'] ) ) {
			return null;
		}
		return array(
			'host' => strtolower( $parts['host'] ),
			'port' => isset( $parts['port'] ) ? (int) $parts['port'] : ( 'https' === $scheme ? 443 : 80 ),
		);
	}
}
