<?php
/**
 * GET /updates/check: what licensed sites poll for new versions.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use Svc\Licensing\Core\Updates;
use stdClass;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * Offers the product's current release when it is newer than the site's version and the licence is usable;
 * the rollout bucket decides whether the answer carries a download link.
 */
final class UpdateController implements Controller {

	/**
	 * The update check.
	 *
	 * @var Updates
	 */
	private $updates;

	/**
	 * Reads the call from a request.
	 *
	 * @var ClientCalls
	 */
	private $calls;

	/**
	 * Constructor.
	 *
	 * @param Updates     $updates The update check.
	 * @param ClientCalls $calls   Reads the call from a request.
	 */
	public function __construct( Updates $updates, ClientCalls $calls ) {
		$this->updates = $updates;
		$this->calls   = $calls;
	}

	/**
	 * The route, declared once for WordPress and the fast lane.
	 *
	 * @return array<non-falsy-string, array<string, mixed>>
	 */
	public function routes(): array {
		return array(
			'/updates/check' => array(
				'methods'             => WP_REST_Server::READABLE,
				'callback'            => ErrorResponder::wrap( array( $this, 'check' ) ),
				'permission_callback' => '__return_true',
				'args'                => array_merge(
					LicenseController::args( false ),
					array(
						'current_version' => array(
							'description' => 'Version the site runs now.',
							'type'        => 'string',
							'required'    => true,
							'minLength'   => 1,
							'maxLength'   => 64,
						),
					)
				),
			),
		);
	}

	/**
	 * GET /updates/check: the offer, or an empty object when the site runs the newest version.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function check( WP_REST_Request $request ): WP_REST_Response {
		$offer = $this->updates->check( $this->calls->of( $request ), (string) $request->get_param( 'current_version' ), time() );
		return new WP_REST_Response( null === $offer ? new stdClass() : $offer );
	}
}
