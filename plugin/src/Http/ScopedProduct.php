<?php
/**
 * The product an admin route's id names, within the caller's scope.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\Storage\ProductRepository;
use WP_REST_Request;

/**
 * Shared by the admin controllers that work below one product.
 */
final class ScopedProduct {

	/**
	 * Products.
	 *
	 * @var ProductRepository
	 */
	private $products;

	/**
	 * Authentication, levels and scope.
	 *
	 * @var AdminGuard
	 */
	private $guard;

	/**
	 * Constructor.
	 *
	 * @param ProductRepository $products Products.
	 * @param AdminGuard        $guard    Authentication, levels and scope.
	 */
	public function __construct( ProductRepository $products, AdminGuard $guard ) {
		$this->products = $products;
		$this->guard    = $guard;
	}

	/**
	 * The product, or the error the caller gets.
	 *
	 * @param WP_REST_Request $request Request.
	 * @param int             $id      Product id.
	 * @return array<string, mixed>
	 * @throws ServiceError 404 not_found or 403 product_out_of_scope.
	 */
	public function get( WP_REST_Request $request, int $id ): array {
		$this->guard->assert_scope( $request, $id );
		$product = $this->products->find( $id );
		if ( null === $product ) {
			throw new ServiceError( ErrorCode::NOT_FOUND, __( 'No product has this id.', 'svc-licensing' ) );
		}
		return $product;
	}
}
