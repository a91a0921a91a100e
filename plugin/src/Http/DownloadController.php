<?php
/**
 * GET /downloads/{product_slug}?token=…: the package behind an update check's link.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use Svc\Licensing\Core\Downloads;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * Maps the request to Downloads::grant() and the package it grants to a redirect or the file.
 */
final class DownloadController implements Controller {

	/**
	 * The download use case.
	 *
	 * @var Downloads
	 */
	private $downloads;

	/**
	 * Constructor.
	 *
	 * @param Downloads $downloads The download use case.
	 */
	public function __construct( Downloads $downloads ) {
		$this->downloads = $downloads;
	}

	/**
	 * The routes, with their argument schemas.
	 *
	 * @return array<non-falsy-string, array<mixed>> Route => endpoint, or list of endpoints.
	 */
	public function routes(): array {
		return array(
			'/downloads/(?P<product_slug>[^/]+)' => array(
				'methods'             => WP_REST_Server::READABLE,
				'callback'            => ErrorResponder::wrap( array( $this, 'download' ) ),
				'permission_callback' => '__return_true',
				'args'                => array(
					'token' => array(
						'description' => 'Signed download token from an update check.',
						'type'        => 'string',
						'required'    => true,
						'minLength'   => 1,
						'maxLength'   => 1024,
					),
				),
			),
		);
	}

	/**
	 * GET /downloads/{product_slug}.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function download( WP_REST_Request $request ): WP_REST_Response {
		$package = $this->downloads->grant( (string) $request->get_param( 'token' ), (string) $request->get_param( 'product_slug' ), UpdateClock::now() );
		return isset( $package['url'] ) ? PackageSender::redirect( $package['url'] ) : PackageSender::file( $package['path'], $package['name'] );
	}
}
