<?php
/**
 * Gives every error under /svc/v1 the spec's envelope.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use Svc\Licensing\Domain\RestErrorMap;
use Svc\Licensing\View\FieldMessages;
use WP_Error;
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
		$data    = isset( $body['data'] ) && is_array( $body['data'] ) ? $body['data'] : array();
		$message = isset( $body['message'] ) ? (string) $body['message'] : '';
		$args    = $request->get_attributes()['args'] ?? array();
		if ( is_array( $args ) && isset( $data['params'] ) && is_array( $data['params'] ) && in_array( $body['code'], array( 'rest_invalid_param', 'rest_missing_callback_param' ), true ) ) {
			list( $message, $data['params'] ) = FieldMessages::humanise( $args, $data['params'], $message );
			unset( $data['details'] );
		}
		$envelope = self::envelope( (string) $body['code'], $message, $data, $response->get_status() );
		$status   = $envelope['data']['status'];
		$response->set_status( $status );
		// A temporary refusal tells clients when to come back (429 sets its own header with its limit headers).
		if ( 503 === $status && isset( $envelope['data']['retry_after'] ) && is_int( $envelope['data']['retry_after'] ) ) {
			$response->header( 'Retry-After', (string) $envelope['data']['retry_after'] );
		}
		$response->set_data( $envelope );
		return $response;
	}

	/**
	 * The envelope of an error that is not a whole response (one item of a batch answer).
	 *
	 * @param WP_Error $error Error.
	 * @return array{code: string, message: string, data: array<string, mixed>}
	 */
	public static function of( WP_Error $error ): array {
		$data = $error->get_error_data();
		return self::envelope( (string) $error->get_error_code(), $error->get_error_message(), is_array( $data ) ? $data : array(), 500 );
	}

	/**
	 * The spec's code, message and data, with data.status.
	 *
	 * @param string               $code     WordPress' or our code.
	 * @param string               $message  Message.
	 * @param array<string, mixed> $data     Error data.
	 * @param int                  $fallback Status when the data has none.
	 * @return array{code: string, message: string, data: array<string, mixed>&array{status: int}}
	 */
	private static function envelope( string $code, string $message, array $data, int $fallback ): array {
		list( $code, $status ) = RestErrorMap::translate( $code, (int) ( $data['status'] ?? $fallback ) );
		$data['status']        = $status;
		return array(
			'code'    => $code,
			'message' => $message,
			'data'    => $data,
		);
	}
}
