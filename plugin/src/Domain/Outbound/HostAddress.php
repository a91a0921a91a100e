<?php
/**
 * Which IP addresses an outbound webhook may reach (the SSRF rule).
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Outbound;

/**
 * Public unicast addresses only: no loopback, private (RFC 1918, unique local), link-local, carrier-grade NAT,
 * multicast, broadcast, documentation, benchmark or unspecified ranges. An IPv6 address that carries an IPv4
 * one (IPv4-mapped ::ffff:0:0/96, NAT64 64:ff9b::/96, 6to4 2002::/16) is judged by the IPv4 address inside;
 * the deprecated IPv4-compatible ::/96 and Teredo 2001::/32 are refused outright. Anything that is not an
 * address is not public. Pure: resolving a name is the caller's work.
 */
final class HostAddress {

	/**
	 * IPv4 ranges that are not public.
	 */
	private const IPV4_BLOCKED = array(
		'0.0.0.0/8',
		'10.0.0.0/8',
		'100.64.0.0/10',
		'127.0.0.0/8',
		'169.254.0.0/16',
		'172.16.0.0/12',
		'192.0.0.0/24',
		'192.0.2.0/24',
		'192.88.99.0/24',
		'192.168.0.0/16',
		'198.18.0.0/15',
		'198.51.100.0/24',
		'203.0.113.0/24',
		'224.0.0.0/4',
		'240.0.0.0/4',
	);

	/**
	 * IPv6 ranges that are not public (the ones carrying IPv4 are handled before these).
	 */
	private const IPV6_BLOCKED = array(
		'::/96',
		'100::/64',
		'2001::/32',
		'2001:db8::/32',
		'fc00::/7',
		'fe80::/10',
		'fec0::/10',
		'ff00::/8',
	);

	/**
	 * Whether a webhook may be sent to this address.
	 *
	 * @param string $ip IPv4 or IPv6 address, without brackets.
	 */
	public static function is_public( string $ip ): bool {
		$binary = '' === $ip ? false : @inet_pton( $ip ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- a bad address is an answer, not an error.
		if ( false === $binary ) {
			return false;
		}
		if ( 4 === strlen( $binary ) ) {
			return ! self::in_any( $binary, self::IPV4_BLOCKED );
		}
		$embedded = self::embedded_ipv4( $binary );
		if ( null !== $embedded ) {
			return ! self::in_any( $embedded, self::IPV4_BLOCKED );
		}
		return ! self::in_any( $binary, self::IPV6_BLOCKED );
	}

	/**
	 * The address a URL's host names literally (brackets removed), or null when the host is a name. Only the
	 * standard notations count here; anything else is a name, which the caller resolves and checks.
	 *
	 * @param string $host Host as written in a URL.
	 */
	public static function literal( string $host ): ?string {
		$bare = ( '' !== $host && '[' === $host[0] && ']' === substr( $host, -1 ) ) ? (string) substr( $host, 1, -1 ) : $host;
		return false === filter_var( $bare, FILTER_VALIDATE_IP ) ? null : $bare;
	}

	/**
	 * The IPv4 address inside an IPv4-mapped, NAT64 or 6to4 IPv6 address, as 4 bytes.
	 *
	 * @param string $binary 16 bytes.
	 */
	private static function embedded_ipv4( string $binary ): ?string {
		if ( str_repeat( "\0", 10 ) . "\xff\xff" === substr( $binary, 0, 12 ) ) {
			return substr( $binary, 12 );
		}
		if ( "\x00\x64\xff\x9b" . str_repeat( "\0", 8 ) === substr( $binary, 0, 12 ) ) {
			return substr( $binary, 12 );
		}
		if ( "\x20\x02" === substr( $binary, 0, 2 ) ) {
			return substr( $binary, 2, 4 );
		}
		return null;
	}

	/**
	 * Whether a binary address lies in one of the ranges of its family.
	 *
	 * @param string   $binary Address bytes.
	 * @param string[] $ranges CIDR ranges.
	 */
	private static function in_any( string $binary, array $ranges ): bool {
		foreach ( $ranges as $range ) {
			list( $network, $bits ) = explode( '/', $range );
			$net                    = (string) inet_pton( $network );
			$bits                   = (int) $bits;
			$bytes                  = intdiv( $bits, 8 );
			if ( substr( $binary, 0, $bytes ) !== substr( $net, 0, $bytes ) ) {
				continue;
			}
			$rest = $bits % 8;
			if ( 0 === $rest ) {
				return true;
			}
			$mask = ( 0xff << ( 8 - $rest ) ) & 0xff;
			if ( ( ord( $binary[ $bytes ] ) & $mask ) === ( ord( $net[ $bytes ] ) & $mask ) ) {
				return true;
			}
		}
		return false;
	}
}
