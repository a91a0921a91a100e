<?php
/**
 * The download use case: the package a signed download link grants, as things stand now.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Core;

use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\License\LicenseStatus;
use Svc\Licensing\Domain\Release\DownloadClaims;
use Svc\Licensing\Domain\Release\InvalidDownloadToken;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\Storage\ActivationRepository;
use Svc\Licensing\Storage\LicenseRepository;
use Svc\Licensing\Storage\PackageDirectory;
use Svc\Licensing\Storage\ProductRepository;
use Svc\Licensing\Storage\ReleaseRepository;

/**
 * The token is the only credential. Every way it can fail is 403 invalid_download_token, with a message that
 * says which: malformed, forged or altered, expired, for another product, licence no longer usable, release gone.
 * The licence is checked again here, so revoking it stops downloads that were already handed out; a link handed
 * to an old protocol's client names its site, which must still be activated on the licence. A granted download is
 * counted.
 */
final class Downloads {

	/**
	 * Signed links.
	 *
	 * @var DownloadLinks
	 */
	private $links;

	/**
	 * Products.
	 *
	 * @var ProductRepository
	 */
	private $products;

	/**
	 * Licences.
	 *
	 * @var LicenseRepository
	 */
	private $licenses;

	/**
	 * Releases.
	 *
	 * @var ReleaseRepository
	 */
	private $releases;

	/**
	 * Stored packages.
	 *
	 * @var PackageDirectory
	 */
	private $packages;

	/**
	 * Activations (an old client's link needs its site still activated).
	 *
	 * @var ActivationRepository
	 */
	private $activations;

	/**
	 * Constructor.
	 *
	 * @param DownloadLinks        $links    Signed links.
	 * @param ProductRepository    $products Products.
	 * @param LicenseRepository    $licenses Licences.
	 * @param ReleaseRepository    $releases Releases.
	 * @param PackageDirectory     $packages    Stored packages.
	 * @param ActivationRepository $activations Activations.
	 */
	public function __construct( DownloadLinks $links, ProductRepository $products, LicenseRepository $licenses, ReleaseRepository $releases, PackageDirectory $packages, ActivationRepository $activations ) {
		$this->links       = $links;
		$this->products    = $products;
		$this->licenses    = $licenses;
		$this->releases    = $releases;
		$this->packages    = $packages;
		$this->activations = $activations;
	}

	/**
	 * The package a token grants, counted as downloaded: an external URL to redirect to, or a stored file.
	 *
	 * @param string $token Token as sent.
	 * @param string $slug  Product slug of the URL.
	 * @param int    $now   Unix time.
	 * @return array{url: string}|array{path: string, name: string}
	 * @throws ServiceError 403 invalid_download_token, or 500 when a stored package has gone missing.
	 */
	public function grant( string $token, string $slug, int $now ): array {
		try {
			$release = $this->release_for( $this->links->verify( $token, $now ), $slug, $now );
		} catch ( InvalidDownloadToken $refused ) {
			throw new ServiceError( ErrorCode::INVALID_DOWNLOAD_TOKEN, self::message( $refused->reason() ) );
		}
		if ( null !== $release['package_url'] ) {
			$this->releases->count_download( $release['id'] );
			return array( 'url' => (string) $release['package_url'] );
		}
		$path = $this->packages->file( (string) $release['package_file'] );
		if ( null === $path ) {
			throw new ServiceError( ErrorCode::INTERNAL_ERROR, __( 'The package file of this release is missing from storage.', 'svc-licensing' ) );
		}
		$this->releases->count_download( $release['id'] );
		return array(
			'path' => $path,
			'name' => (string) $release['package_name'],
		);
	}

	/**
	 * The release a valid token grants, after checking product, licence and release as they are now.
	 *
	 * @param DownloadClaims $claims Verified claims.
	 * @param string         $slug   Product slug of the URL.
	 * @param int            $now    Unix time.
	 * @return array<string, mixed>
	 * @throws InvalidDownloadToken When any of them no longer allows the download.
	 */
	private function release_for( DownloadClaims $claims, string $slug, int $now ): array {
		$product = $this->products->find_by_slug( $slug );
		if ( null === $product || $product['id'] !== $claims->product_id || ! $product['is_active'] ) {
			throw new InvalidDownloadToken( InvalidDownloadToken::WRONG_PRODUCT );
		}
		$license = $this->licenses->find( $claims->license_id );
		if ( null === $license || $license['product_id'] !== $claims->product_id
			|| ! LicenseStatus::is_usable( LicenseStatus::of( $license, $now ) ) ) {
			throw new InvalidDownloadToken( InvalidDownloadToken::LICENSE );
		}
		if ( null !== $claims->site && null === $this->activations->find( $claims->license_id, $claims->site ) ) {
			throw new InvalidDownloadToken( InvalidDownloadToken::SITE );
		}
		$release = $this->releases->published( $claims->product_id, $claims->version );
		if ( null === $release ) {
			throw new InvalidDownloadToken( InvalidDownloadToken::RELEASE );
		}
		return $release;
	}

	/**
	 * What to tell the caller for each reason.
	 *
	 * @param string $reason An InvalidDownloadToken reason.
	 */
	private static function message( string $reason ): string {
		switch ( $reason ) {
			case InvalidDownloadToken::EXPIRED:
				return __( 'The download token has expired. Check for updates again to get a new link.', 'svc-licensing' );
			case InvalidDownloadToken::SIGNATURE:
				return __( 'The download token was not issued by this server or has been altered.', 'svc-licensing' );
			case InvalidDownloadToken::WRONG_PRODUCT:
				return __( 'The download token is not for this product.', 'svc-licensing' );
			case InvalidDownloadToken::LICENSE:
				return __( 'The licence of this download token is no longer active.', 'svc-licensing' );
			case InvalidDownloadToken::SITE:
				return __( 'The site of this download link is no longer activated on its licence. Activate it again, then check for updates.', 'svc-licensing' );
			case InvalidDownloadToken::RELEASE:
				return __( 'The release of this download token is no longer available.', 'svc-licensing' );
			default:
				return __( 'The download token is malformed.', 'svc-licensing' );
		}
	}
}
