<?php
/**
 * Whether an outbound webhook may be sent to a URL (no server-side request forgery).
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Core;

use Svc\Licensing\Domain\Outbound\EndpointUrl;
use Svc\Licensing\Domain\Outbound\HostAddress;
use Svc\Licensing\Storage\Settings;

/**
 * The URL must be http(s) (EndpointUrl); a non-ASCII host is converted to ASCII (punycode) exactly as WordPress'
 * HTTP API converts it before it connects (WpOrg\Requests\IdnaEncoder), and that name is the one resolved,
 * checked and pinned. Its addresses (A and AAAA) must all be public (HostAddress), unless the setting
 * webhooks_allow_private allows private and loopback ones. A host that does not resolve is refused. The check runs
 * when an endpoint is saved and again before every attempt, and the attempt is pinned to the address checked
 * (CURLOPT_RESOLVE), so a name cannot resolve elsewhere between the check and the request (OutboundDeliveries sends
 * only when that pin can hold). The filter svc_licensing_outbound_resolve may answer a host's addresses instead of
 * DNS (a site with its own resolver; the tests' resolver).
 */
final class OutboundTarget {

	/**
	 * Settings.
	 *
	 * @var Settings
	 */
	private $settings;

	/**
	 * Resolves a host name to its addresses (injected so the rule can be exercised without DNS).
	 *
	 * @var callable(string): string[]
	 */
	private $resolver;

	/**
	 * Constructor.
	 *
	 * @param Settings                          $settings Settings.
	 * @param (callable(string): string[])|null $resolver Host name => addresses; DNS when null.
	 */
	public function __construct( Settings $settings, ?callable $resolver = null ) {
		$this->settings = $settings;
		$this->resolver = $resolver ?? array( self::class, 'resolve' );
	}

	/**
	 * Checks a URL.
	 *
	 * @param string $url URL.
	 * @return array{ok: bool, reason: string, host: string, port: int, address: string} reason is for a person
	 *         when ok is false; address is the checked address to connect to.
	 */
	public function check( string $url ): array {
		$refused = static function ( string $reason ): array {
			return array(
				'ok'      => false,
				'reason'  => $reason,
				'host'    => '',
				'port'    => 0,
				'address' => '',
			);
		};
		$parts   = EndpointUrl::parse( $url );
		if ( null === $parts ) {
			return $refused( __( 'The URL must be an absolute http:// or https:// address with a host name, without a user name or password.', 'svc-licensing' ) );
		}
		$host = self::ascii_host( $parts['host'] );
		if ( null === $host ) {
			/* translators: %s: host name. */
			return $refused( sprintf( __( 'The host name %s cannot be written in ASCII (punycode), as it must be to be reached.', 'svc-licensing' ), $parts['host'] ) );
		}
		$parts['host'] = $host;
		$literal       = HostAddress::literal( $host );
		$addresses     = null === $literal ? $this->addresses_of( $host ) : array( $literal );
		if ( array() === $addresses ) {
			/* translators: %s: host name. */
			return $refused( sprintf( __( 'The host %s does not resolve to any address.', 'svc-licensing' ), $parts['host'] ) );
		}
		if ( ! $this->settings->get( 'webhooks_allow_private' ) ) {
			foreach ( $addresses as $address ) {
				if ( ! HostAddress::is_public( $address ) ) {
					return $refused(
						sprintf(
							/* translators: 1: host, 2: IP address. */
							__( 'The host %1$s resolves to %2$s, a private, loopback or reserved address. Webhooks are only sent to public addresses unless the setting webhooks_allow_private is on.', 'svc-licensing' ),
							$parts['host'],
							$address
						)
					);
				}
			}
		}
		return array(
			'ok'      => true,
			'reason'  => '',
			'host'    => $parts['host'],
			'port'    => $parts['port'],
			'address' => (string) $addresses[0],
		);
	}

	/**
	 * A host name as WordPress' HTTP API sends it: non-ASCII labels in punycode, lower case; null when it cannot be.
	 *
	 * @param string $host Host name (an IPv6 literal keeps its brackets).
	 */
	public static function ascii_host( string $host ): ?string {
		if ( ! preg_match( '/[^\x00-\x7F]/', $host ) ) {
			return $host;
		}
		if ( ! class_exists( '\WpOrg\Requests\IdnaEncoder' ) ) {
			return null;
		}
		try {
			return strtolower( \WpOrg\Requests\IdnaEncoder::encode( $host ) );
		} catch ( \Exception $invalid ) {
			return null;
		}
	}

	/**
	 * A host's addresses: the filter's answer when it gives one, else the resolver's.
	 *
	 * @param string $host ASCII host name.
	 * @return string[]
	 */
	private function addresses_of( string $host ): array {
		$given = apply_filters( 'svc_licensing_outbound_resolve', null, $host );
		if ( is_array( $given ) ) {
			return array_values( array_map( 'strval', $given ) );
		}
		return (array) call_user_func( $this->resolver, $host );
	}

	/**
	 * Every IPv4 and IPv6 address of a host name.
	 *
	 * @param string $host Host name.
	 * @return string[]
	 */
	public static function resolve( string $host ): array {
		$addresses = gethostbynamel( $host );
		$addresses = is_array( $addresses ) ? $addresses : array();
		$records   = @dns_get_record( $host, DNS_AAAA ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- a name without AAAA records is an answer.
		foreach ( is_array( $records ) ? $records : array() as $record ) {
			if ( isset( $record['ipv6'] ) ) {
				$addresses[] = (string) $record['ipv6'];
			}
		}
		return array_values( array_unique( $addresses ) );
	}
}
