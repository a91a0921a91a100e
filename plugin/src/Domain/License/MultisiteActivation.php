<?php
/**
 * How a product counts the sites of a WordPress multisite network.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\License;

/**
 * The product setting `multisite_activation`: `network` (the default) counts a whole network as one site, whichever
 * of its sites calls: the activation is matched by the network's main address (`network_url`, sent by the client SDK
 * on a multisite); `site` counts each site of the network by its own address, as single sites are. A call without a
 * network (a single site) is always counted by its own address. Pure.
 */
final class MultisiteActivation {

	/** One slot for the whole network. */
	public const NETWORK = 'network';

	/** One slot for each site of the network. */
	public const SITE = 'site';

	/** The values the setting takes. */
	public const VALUES = array( self::NETWORK, self::SITE );

	/** A product's setting when none is stored. */
	public const DEFAULT = self::NETWORK;

	/**
	 * NETWORK or SITE.
	 *
	 * @var string
	 */
	private $scope;

	/**
	 * Constructor.
	 *
	 * @param string $scope NETWORK or SITE.
	 */
	private function __construct( string $scope ) {
		$this->scope = $scope;
	}

	/**
	 * The rule of a product's stored setting (anything unknown counts as the default).
	 *
	 * @param mixed $stored The product's multisite_activation.
	 */
	public static function of( $stored ): self {
		return new self( in_array( $stored, self::VALUES, true ) ? (string) $stored : self::DEFAULT );
	}

	/**
	 * NETWORK or SITE: the rule that counted a network's call (the answers' activation_scope).
	 */
	public function scope(): string {
		return $this->scope;
	}

	/**
	 * The address a call is counted by.
	 *
	 * @param string      $site    The caller's normalised site.
	 * @param string|null $network The normalised network main address it sent, or null (a single site).
	 */
	public function counted_site( string $site, ?string $network ): string {
		return null !== $network && self::NETWORK === $this->scope ? $network : $site;
	}
}
