<?php
/**
 * What a client site sends to the licence routes, free of HTTP.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Core;

/**
 * The licence key is the caller's credential; an API key, when the caller presented one, may limit the products
 * it reaches, which the delivery layer checks through the scope callback.
 */
final class ClientCall {

	/**
	 * Licence key as sent.
	 *
	 * @var string
	 */
	public $license_key;

	/**
	 * Product slug as sent.
	 *
	 * @var string
	 */
	public $product_slug;

	/**
	 * Site URL as sent.
	 *
	 * @var string
	 */
	public $site_url;

	/**
	 * The network's main address a client on a WordPress multisite sends (network_url), or null.
	 *
	 * @var string|null
	 */
	public $network_url;

	/**
	 * Server fingerprint, lower-case hex, or null.
	 *
	 * @var string|null
	 */
	public $fingerprint;

	/**
	 * What the owner said a site with a changed address is (Domain\License\SiteChange: copy or new), or null.
	 *
	 * @var string|null
	 */
	public $site_change;

	/**
	 * Whether the call came by an old protocol (EDD SL's, SLM's), whose shipped clients keep a package link for
	 * hours (DownloadLinks::OLD_CLIENT_LIFETIME).
	 *
	 * @var bool
	 */
	public $old_client = false;

	/**
	 * Throws when the caller may not reach a product.
	 *
	 * @var (callable(int): void)|null
	 */
	private $scope;

	/**
	 * Constructor.
	 *
	 * @param string                     $license_key  Licence key as sent.
	 * @param string                     $product_slug Product slug as sent.
	 * @param string                     $site_url     Site URL as sent.
	 * @param string|null                $fingerprint  Server fingerprint, or null.
	 * @param (callable(int): void)|null $scope        Throws a ServiceError when the caller may not reach a product.
	 * @param string|null                $network_url  The network's main address (a multisite), or null.
	 * @param string|null                $site_change  What the owner said a changed site is (copy, new), or null.
	 */
	public function __construct( string $license_key, string $product_slug, string $site_url, ?string $fingerprint = null, ?callable $scope = null, ?string $network_url = null, ?string $site_change = null ) {
		$this->license_key  = $license_key;
		$this->product_slug = $product_slug;
		$this->site_url     = $site_url;
		$this->fingerprint  = null === $fingerprint || '' === $fingerprint ? null : strtolower( $fingerprint );
		$this->scope        = $scope;
		$this->network_url  = null === $network_url || '' === $network_url ? null : $network_url;
		$this->site_change  = null === $site_change || '' === $site_change ? null : $site_change;
	}

	/**
	 * The same call, as an old protocol's client made it.
	 */
	public function from_old_client(): self {
		$copy             = clone $this;
		$copy->old_client = true;
		return $copy;
	}

	/**
	 * Refuses a product the caller's API key does not reach.
	 *
	 * @param int $product_id Product.
	 */
	public function assert_scope( int $product_id ): void {
		if ( null !== $this->scope ) {
			( $this->scope )( $product_id );
		}
	}
}
