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
 * The URL must be http(s) (EndpointUrl); its host is resolved (A and AAAA) and every address must be public
 * (HostAddress), unless the setting webhooks_allow_private allows private and loopback ones. A host that
 * does not resolve is refused. The check runs when an endpoint is saved and again before every attempt, and
 * the attempt is pinned to the address checked (CURLOPT_RESOLVE), so a name cannot resolve elsewhere between
 * the check and the request.
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
		$literal   = HostAddress::literal( $parts['host'] );
		$addresses = null === $literal ? (array) call_user_func( $this->resolver, $parts['host'] ) : array( $literal );
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
