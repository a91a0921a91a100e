<?php
/**
 * Which IP address a request really comes from.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\RateLimit;

/**
 * REMOTE_ADDR is the peer. Only when the peer is a proxy the site owner trusts does X-Forwarded-For count,
 * and then the right-most address that is not itself a trusted proxy is the client: everything left of it
 * could have been written by the client. Trusted proxies are IPs or CIDR ranges, IPv4 or IPv6.
 */
final class ClientIp {

	/** The IPv6 prefix length a client is counted by when the site says nothing else: one ordinary /64 network. */
	public const IPV6_PREFIX = 64;

	/**
	 * The client address.
	 *
	 * @param string   $remote_addr     Peer address.
	 * @param string   $forwarded_for   X-Forwarded-For header ('' when absent).
	 * @param string[] $trusted_proxies IPs and CIDR ranges.
	 */
	public static function resolve( string $remote_addr, string $forwarded_for, array $trusted_proxies ): string {
		$client = self::canonical( $remote_addr );
		if ( '' === trim( $forwarded_for ) || ! self::is_trusted( $client, $trusted_proxies ) ) {
			return $client;
		}
		$hops = array_reverse( array_map( array( self::class, 'canonical' ), explode( ',', $forwarded_for ) ) );
		foreach ( $hops as $hop ) {
			if ( false === filter_var( $hop, FILTER_VALIDATE_IP ) ) {
				// A malformed hop ends what can be believed; the last trusted peer is the best we know.
				return $client;
			}
			$client = $hop;
			if ( ! self::is_trusted( $hop, $trusted_proxies ) ) {
				return $hop;
			}
		}
		return $client;
	}

	/**
	 * Who a per-IP limit counts: an IPv4 address as it is (an IPv4-mapped IPv6 address as its IPv4 address), an IPv6
	 * address by its network of the given prefix length, since one ordinary subscriber holds a whole /64 and could
	 * otherwise make 2^64 buckets. Anything unparsable comes back as canonical() gives it.
	 *
	 * @param string $ip     Client address.
	 * @param int    $prefix IPv6 prefix length (1 to 128).
	 */
	public static function bucket( string $ip, int $prefix = self::IPV6_PREFIX ): string {
		$canonical = self::canonical( $ip );
		$packed    = @inet_pton( $canonical ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- invalid input is answered by the false check.
		if ( false === $packed || 16 !== strlen( $packed ) ) {
			return $canonical;
		}
		$prefix = max( 1, min( 128, $prefix ) );
		$whole  = intdiv( $prefix, 8 );
		$rest   = $prefix % 8;
		$masked = substr( $packed, 0, $whole );
		if ( $rest > 0 ) {
			$masked .= chr( ord( $packed[ $whole ] ) & ( 0xFF << ( 8 - $rest ) & 0xFF ) );
		}
		$masked = str_pad( $masked, 16, "\0" );
		return inet_ntop( $masked ) . '/' . $prefix;
	}

	/**
	 * An address as one form: trimmed, and an IPv4-mapped IPv6 address (::ffff:127.0.0.1, what a dual-stack
	 * socket reports for an IPv4 peer) as plain IPv4. Anything unparsable comes back trimmed, unchanged.
	 *
	 * @param string $ip Address.
	 */
	public static function canonical( string $ip ): string {
		$ip     = trim( $ip );
		$packed = @inet_pton( $ip ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- invalid input is answered by the false check.
		if ( false === $packed ) {
			return $ip;
		}
		if ( 16 === strlen( $packed ) && str_repeat( "\0", 10 ) . "\xff\xff" === substr( $packed, 0, 12 ) ) {
			$packed = substr( $packed, 12 );
		}
		return (string) inet_ntop( $packed );
	}

	/**
	 * Whether an address is one of the trusted proxies.
	 *
	 * @param string   $ip      Address.
	 * @param string[] $trusted IPs and CIDR ranges.
	 */
	public static function is_trusted( string $ip, array $trusted ): bool {
		foreach ( $trusted as $entry ) {
			if ( self::in_range( $ip, trim( (string) $entry ) ) ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Whether a trusted-proxy entry is one: an IPv4 or IPv6 address, or one with a prefix length its family allows
	 * (203.0.113.7, 10.0.0.0/8, 2001:db8::/32).
	 *
	 * @param string $entry Entry as typed.
	 */
	public static function is_range( string $entry ): bool {
		$parts   = explode( '/', trim( $entry ), 2 );
		$address = @inet_pton( $parts[0] ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- invalid input is answered by the false check.
		if ( false === $address ) {
			return false;
		}
		if ( ! isset( $parts[1] ) ) {
			return true;
		}
		return ctype_digit( $parts[1] ) && strlen( $parts[1] ) <= 3 && (int) $parts[1] <= strlen( $address ) * 8;
	}

	/**
	 * Whether an address is in an IP or CIDR range of the same family.
	 *
	 * @param string $ip    Address.
	 * @param string $range IP or CIDR.
	 */
	public static function in_range( string $ip, string $range ): bool {
		$parts   = explode( '/', $range, 2 );
		$address = @inet_pton( self::canonical( $ip ) ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- invalid input is answered by the false check.
		$network = @inet_pton( $parts[0] ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- as above.
		if ( false === $address || false === $network || strlen( $address ) !== strlen( $network ) ) {
			return false;
		}
		$bits = isset( $parts[1] ) ? (int) $parts[1] : strlen( $address ) * 8;
		if ( $bits < 0 || $bits > strlen( $address ) * 8 || ( isset( $parts[1] ) && ! ctype_digit( $parts[1] ) ) ) {
			return false;
		}
		$whole = intdiv( $bits, 8 );
		if ( substr( $address, 0, $whole ) !== substr( $network, 0, $whole ) ) {
			return false;
		}
		$rest = $bits % 8;
		if ( 0 === $rest ) {
			return true;
		}
		$mask = 0xFF << ( 8 - $rest ) & 0xFF;
		return ( ord( $address[ $whole ] ) & $mask ) === ( ord( $network[ $whole ] ) & $mask );
	}
}
