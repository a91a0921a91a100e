<?php
/**
 * Gives every error under /svc/v1 the spec's envelope.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use Svc\Licensing\Domain\RestErrorMap;
use WP_HTTP_Response;
use WP_REST_Request;
use WP_REST_Server;

/**
 * WordPress answers some errors before our callbacks run (unknown route, missing or invalid parameter, bad JSON,
 * cookie nonce). This filter rewrites those inside our namespace to the spec's codes, and trims every error
 * body to code, message and data (with data.status always present).
 */
final class ErrorEnvelope {

	/**
	 * Hooks.
	 */
	public function add_hooks(): void {
		add_filter( 'rest_post_dispatch', array( $this, 'normalise' ), 100, 3 );
	}

	/**
	 * Rewrites an error response of the namespace.
	 *
	 * @param WP_HTTP_Response $response Response.
	 * @param WP_REST_Server   $server   Server.
	 * @param WP_REST_Request  $request  Request.
	 * @return WP_HTTP_Response
	 */
	public function normalise( $response, $server, $request ) {
		unset( $server );
		if ( ! $response instanceof WP_HTTP_Response || ! $request instanceof WP_REST_Request ) {
			return $response;
		}
		if ( $response->get_status() < 400 || ! Api::owns_route( $request->get_route() ) ) {
			return $response;
		}
		$body = $response->get_data();
		if ( ! is_array( $body ) || ! isset( $body['code'] ) ) {
			return $response;
		}
		$data                  = isset( $body['data'] ) && is_array( $body['data'] ) ? $body['data'] : array();
		list( $code, $status ) = RestErrorMap::translate( (string) $body['code'], (int) ( $data['status'] ?? $response->get_status() ) );

		$data['status'] = $status;
		$response->set_status( $status );
		// A temporary refusal tells clients when to come back (429 sets its own header with its limit headers).
		if ( 503 === $status && isset( $data['retry_after'] ) && is_int( $data['retry_after'] ) ) {
			$response->header( 'Retry-After', (string) $data['retry_after'] );
		}
		$response->set_data(
			array(
				'code'    => $code,
				'message' => isset( $body['message'] ) ? (string) $body['message'] : '',
				'data'    => $data,
			)
		);
		return $response;
	}
}
