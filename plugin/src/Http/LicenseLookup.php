<?php
/**
 * Finds the licence a public request's key names.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use InvalidArgumentException;
use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\License\LicenseKey;
use Svc\Licensing\Domain\License\LicenseStatus;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\Domain\SiteUrl;
use Svc\Licensing\Storage\KeySecret;
use Svc\Licensing\Storage\LicenseRepository;
use WP_REST_Request;

/**
 * The licence key is the caller's credential on the public routes: a malformed key is 400
 * invalid_license_key, an unknown one 404 license_not_found, an unusable one 403 license_not_active.
 */
final class LicenseLookup {

	/**
	 * Resolves product_slug.
	 *
	 * @var OfferedProduct
	 */
	private $products;

	/**
	 * Licences.
	 *
	 * @var LicenseRepository
	 */
	private $licenses;

	/**
	 * Key hashing secret.
	 *
	 * @var KeySecret
	 */
	private $secret;

	/**
	 * Constructor.
	 *
	 * @param OfferedProduct    $products Resolves product_slug.
	 * @param LicenseRepository $licenses Licences.
	 * @param KeySecret         $secret   Key hashing secret.
	 */
	public function __construct( OfferedProduct $products, LicenseRepository $licenses, KeySecret $secret ) {
		$this->products = $products;
		$this->licenses = $licenses;
		$this->secret   = $secret;
	}

	/**
	 * Product, licence and normalised site of a request, or the spec's error.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return array{0: array<string, mixed>, 1: array<string, mixed>, 2: string}
	 * @throws ServiceError On an unknown product, a malformed or unknown key, or an unusable site URL.
	 */
	public function locate( WP_REST_Request $request ): array {
		$site = SiteUrl::normalise( (string) $request->get_param( 'site_url' ) );
		if ( null === $site ) {
			throw ServiceError::invalid_param(
				'site_url',
				__( 'site_url is not a valid http(s) site URL.', 'svc-licensing' ),
				__( 'Not a valid http(s) site URL.', 'svc-licensing' )
			);
		}
		$product = $this->products->resolve( $request );
		$license = $this->find( $product, (string) $request->get_param( 'license_key' ) );
		return array( $product, $license, $site );
	}

	/**
	 * The product's licence with this key, read afresh.
	 *
	 * @param array<string, mixed> $product Product.
	 * @param string               $key     Key as the caller sent it.
	 * @return array<string, mixed>
	 * @throws ServiceError On a malformed or unknown key.
	 */
	public function find( array $product, string $key ): array {
		try {
			$parsed = LicenseKey::parse( $key );
		} catch ( InvalidArgumentException $e ) {
			throw new ServiceError( ErrorCode::INVALID_LICENSE_KEY, __( 'The licence key is malformed: expected XXXX-XXXX-XXXX-XXXX.', 'svc-licensing' ) );
		}
		$license = $this->licenses->find_by_key( $product['id'], $parsed->hash( $this->secret->get() ) );
		if ( null === $license ) {
			throw new ServiceError( ErrorCode::LICENSE_NOT_FOUND, __( 'No licence with this key exists for this product.', 'svc-licensing' ) );
		}
		return $license;
	}

	/**
	 * Refuses a licence that is not active or trial as of now.
	 *
	 * @param array<string, mixed> $license Licence.
	 * @param string               $action  What the caller wanted, for the message ("activated", "updated").
	 * @throws ServiceError 403 license_not_active.
	 */
	public static function assert_usable( array $license, string $action ): void {
		$status = LicenseStatus::of( $license, time() );
		if ( LicenseStatus::is_usable( $status ) ) {
			return;
		}
		throw new ServiceError(
			ErrorCode::LICENSE_NOT_ACTIVE,
			/* translators: 1: licence status, e.g. expired; 2: what was refused, e.g. "activated". */
			sprintf( __( 'This licence is %1$s, so it cannot be %2$s.', 'svc-licensing' ), $status, $action ),
			null,
			array( 'license_status' => $status )
		);
	}
}
