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
	 * The API key scope of a request.
	 *
	 * @var ClientCalls
	 */
	private $calls;

	/**
	 * Constructor.
	 *
	 * @param LicenceFinder $finder Finds offered products.
	 * @param ClientCalls   $calls  The API key scope of a request.
	 */
	public function __construct( LicenceFinder $finder, ClientCalls $calls ) {
		$this->finder = $finder;
		$this->calls  = $calls;
	}

	/**
	 * The product of the request's product_slug.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return array<string, mixed>
	 */
	public function resolve( WP_REST_Request $request ): array {
		return $this->finder->product( (string) $request->get_param( 'product_slug' ), $this->calls->scope( $request ) );
	}
}
