<?php
/**
 * The product a public request names, as the public may see it.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\Storage\ProductRepository;
use WP_REST_Request;

/**
 * Resolves product_slug for the public routes: an unknown or inactive product is 404 product_not_found, and a
 * product-scoped API key used for another product is 403 product_out_of_scope.
 */
final class OfferedProduct {

	/**
	 * Products.
	 *
	 * @var ProductRepository
	 */
	private $products;

	/**
	 * API keys, for their product scope.
	 *
	 * @var ApiKeyAuthenticator
	 */
	private $api_keys;

	/**
	 * Constructor.
	 *
	 * @param ProductRepository   $products Products.
	 * @param ApiKeyAuthenticator $api_keys API keys.
	 */
	public function __construct( ProductRepository $products, ApiKeyAuthenticator $api_keys ) {
		$this->products = $products;
		$this->api_keys = $api_keys;
	}

	/**
	 * The product of the request's product_slug.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return array<string, mixed>
	 * @throws ServiceError When it is not offered, or not to this key.
	 */
	public function resolve( WP_REST_Request $request ): array {
		$product = $this->products->find_by_slug( (string) $request->get_param( 'product_slug' ) );
		if ( null === $product || ! $product['is_active'] ) {
			throw new ServiceError( ErrorCode::PRODUCT_NOT_FOUND, __( 'No product has this slug.', 'svc-licensing' ) );
		}
		$this->api_keys->assert_scope( $request, $product['id'] );
		return $product;
	}
}
