<?php
/**
 * GET /svc/v1/products/{product_slug}/latest-release: a product's current public release.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use Svc\Licensing\Core\LatestRelease;
use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\ServiceError;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * Public and read-only: what the seller's "Latest release" block already shows on their site (name, version,
 * date, requirements, changelog), for the client SDK's "View details" when no update is pending. No key, no
 * licence, nothing about customers; served from LatestRelease's per-product cache.
 */
final class LatestReleaseController implements Controller {

	/**
	 * The latest-release reader.
	 *
	 * @var LatestRelease
	 */
	private $latest;

	/**
	 * Constructor.
	 *
	 * @param LatestRelease $latest The latest-release reader.
	 */
	public function __construct( LatestRelease $latest ) {
		$this->latest = $latest;
	}

	/**
	 * The routes, with their argument schemas.
	 *
	 * @return array<non-falsy-string, array<mixed>> Route => endpoint, or list of endpoints.
	 */
	public function routes(): array {
		return array(
			'/products/(?P<product_slug>[^/]+)/latest-release' => array(
				'methods'             => WP_REST_Server::READABLE,
				'callback'            => ErrorResponder::wrap( array( $this, 'get' ) ),
				'permission_callback' => '__return_true',
				'args'                => array(),
			),
		);
	}

	/**
	 * GET /products/{product_slug}/latest-release: 200 { product: { name, slug }, release: { version, released,
	 * requires_wp, requires_php, tested, changelog } or null before the first publish }; 404 product_not_found for
	 * a slug no product on sale has.
	 *
	 * @param WP_REST_Request $request Request.
	 * @throws ServiceError 404 product_not_found.
	 */
	public function get( WP_REST_Request $request ): WP_REST_Response {
		$latest = $this->latest->of_slug( (string) $request->get_param( 'product_slug' ) );
		if ( null === $latest ) {
			throw new ServiceError( ErrorCode::PRODUCT_NOT_FOUND, __( 'No product has this slug.', 'svc-licensing' ) );
		}
		return new WP_REST_Response(
			array(
				'product' => array(
					'name' => $latest['product']['name'],
					'slug' => $latest['product']['slug'],
				),
				'release' => $latest['release'],
			)
		);
	}
}
