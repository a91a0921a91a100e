<?php
/**
 * The product a public request names, as the public may see it.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use Svc\Licensing\Core\LicenceFinder;
use WP_REST_Request;

/**
 * Resolves product_slug for the public routes: an unknown or inactive product is 404 product_not_found, and a
 * product-scoped API key used for another product is 403 product_out_of_scope.
 */
final class OfferedProduct {

	/**
	 * Finds offered products.
	 *
	 * @var LicenceFinder
	 */
	private $finder;

	/**
	 * API keys, for their product scope.
	 *
	 * @var ApiKeyAuthenticator
	 */
	private $api_keys;

	/**
	 * Constructor.
	 *
	 * @param LicenceFinder       $finder   Finds offered products.
	 * @param ApiKeyAuthenticator $api_keys API keys.
	 */
	public function __construct( LicenceFinder $finder, ApiKeyAuthenticator $api_keys ) {
		$this->finder   = $finder;
		$this->api_keys = $api_keys;
	}

	/**
	 * The product of the request's product_slug.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return array<string, mixed>
	 */
	public function resolve( WP_REST_Request $request ): array {
		return $this->finder->product(
			(string) $request->get_param( 'product_slug' ),
			function ( int $product_id ) use ( $request ): void {
				$this->api_keys->assert_scope( $request, $product_id );
			}
		);
	}
}
