<?php
/**
 * POST /trials/request: one free trial licence per email address and product.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use Svc\Licensing\Core\Trials;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * Maps the request to the Trials use case and its answer to a 201.
 */
final class TrialController implements Controller {

	/**
	 * The trial use case.
	 *
	 * @var Trials
	 */
	private $trials;

	/**
	 * Reads the API key scope of a request.
	 *
	 * @var ClientCalls
	 */
	private $calls;

	/**
	 * Constructor.
	 *
	 * @param Trials      $trials The trial use case.
	 * @param ClientCalls $calls  Reads the API key scope of a request.
	 */
	public function __construct( Trials $trials, ClientCalls $calls ) {
		$this->trials = $trials;
		$this->calls  = $calls;
	}

	/**
	 * The request schema.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	public static function args(): array {
		return array(
			'product_slug'   => array(
				'description' => 'Slug of the product to try.',
				'type'        => 'string',
				'required'    => true,
				'minLength'   => 1,
				'maxLength'   => 100,
			),
			'email'          => array(
				'description' => 'Customer email; trimmed and lower-cased before use.',
				'type'        => 'string',
				'required'    => true,
				'maxLength'   => 320,
			),
			'name'           => array(
				'description' => 'Customer name.',
				'type'        => 'string',
				'maxLength'   => 200,
			),
			// Not in the spec: a form's hidden field that only a bot fills; filled, the request is refused.
			Trials::HONEYPOT => array(
				'description' => 'Leave empty. A form field hidden from people; a request that fills it is refused as automated.',
				'type'        => 'string',
				'maxLength'   => 2048,
			),
		);
	}

	/**
	 * The routes, with their argument schemas.
	 *
	 * @return array<non-falsy-string, array<mixed>> Route => endpoint, or list of endpoints.
	 */
	public function routes(): array {
		return array(
			'/trials/request' => array(
				'methods'             => WP_REST_Server::CREATABLE,
				'callback'            => ErrorResponder::wrap( array( $this, 'request_trial' ) ),
				'permission_callback' => '__return_true',
				'args'                => self::args(),
			),
		);
	}

	/**
	 * POST /trials/request: 202 saying a mail was sent; to an API key of write permission, the spec's 201 with the
	 * trial licence and its full key (docs/api-decisions.md, "Trials").
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function request_trial( WP_REST_Request $request ): WP_REST_Response {
		$with_key = $this->calls->may_see_keys( $request );
		return new WP_REST_Response(
			$this->trials->request(
				(string) $request->get_param( 'product_slug' ),
				$this->calls->scope( $request ),
				(string) $request->get_param( 'email' ),
				(string) $request->get_param( 'name' ),
				time(),
				(string) $request->get_param( Trials::HONEYPOT ),
				$with_key
			),
			$with_key ? 201 : 202
		);
	}
}
