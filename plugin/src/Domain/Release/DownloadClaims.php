<?php
/**
 * What a download token grants.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Release;

/**
 * Product, licence, version and expiry (Unix time) of one download, and for a link handed to an old protocol's
 * client the site it was handed to (that site must still hold its activation when the file is fetched).
 */
final class DownloadClaims {

	/**
	 * Product id.
	 *
	 * @var int
	 */
	public $product_id;

	/**
	 * Licence id.
	 *
	 * @var int
	 */
	public $license_id;

	/**
	 * Release version.
	 *
	 * @var string
	 */
	public $version;

	/**
	 * Unix time after which the token is refused.
	 *
	 * @var int
	 */
	public $expires;

	/**
	 * The normalised site an old client's link was handed to, which must still be activated; null for any other.
	 *
	 * @var string|null
	 */
	public $site;

	/**
	 * Constructor.
	 *
	 * @param int         $product_id Product id.
	 * @param int         $license_id Licence id.
	 * @param string      $version    Release version.
	 * @param int         $expires    Unix expiry.
	 * @param string|null $site       The activated site an old client's link was handed to, or null.
	 */
	public function __construct( int $product_id, int $license_id, string $version, int $expires, ?string $site = null ) {
		$this->product_id = $product_id;
		$this->license_id = $license_id;
		$this->version    = $version;
		$this->expires    = $expires;
		$this->site       = $site;
	}
}
