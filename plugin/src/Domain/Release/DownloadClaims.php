<?php
/**
 * What a download token grants.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Release;

/**
 * Product, licence, version and expiry (Unix time) of one download.
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
	 * Constructor.
	 *
	 * @param int    $product_id Product id.
	 * @param int    $license_id Licence id.
	 * @param string $version    Release version.
	 * @param int    $expires    Unix expiry.
	 */
	public function __construct( int $product_id, int $license_id, string $version, int $expires ) {
		$this->product_id = $product_id;
		$this->license_id = $license_id;
		$this->version    = $version;
		$this->expires    = $expires;
	}
}
