<?php
/**
 * What the old clients' protocols on the front URL share: reading a parameter, counting the call, sending the answer.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use Svc\Licensing\Hooks;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;

/**
 * The old clients (EDD SL's, SLM's) call the store's front URL by POST or GET; their answers are JSON, passed through
 * Hooks::OLD_PROTOCOL_ANSWER before they are sent.
 */
final class OldProtocolCall {

	/**
	 * A parameter as sent, by POST or GET (the old clients use both).
	 *
	 * @param string $name Name.
	 */
	public static function param( string $name ): string {
		// phpcs:disable WordPress.Security.NonceVerification -- a licence client's call: the licence key is the credential.
		$value = $_POST[ $name ] ?? $_GET[ $name ] ?? ''; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- sanitised below.
		// phpcs:enable WordPress.Security.NonceVerification
		return is_string( $value ) ? trim( sanitize_text_field( wp_unslash( $value ) ) ) : '';
	}

	/**
	 * A parameter rawurldecoded once more before it is sanitised, as EDD SL reads item_name: EDD's sample plugin sends
	 * the name through rawurlencode(), so it arrives encoded (and sanitize_text_field() would strip the %20s).
	 *
	 * @param string $name Name.
	 */
	public static function decoded_param( string $name ): string {
		// phpcs:disable WordPress.Security.NonceVerification -- a licence client's call: the licence key is the credential.
		$value = $_POST[ $name ] ?? $_GET[ $name ] ?? ''; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- sanitised below.
		// phpcs:enable WordPress.Security.NonceVerification
		return is_string( $value ) ? trim( sanitize_text_field( rawurldecode( wp_unslash( $value ) ) ) ) : '';
	}

	/**
	 * Counts the call against a REST route's per-IP limit.
	 *
	 * @param RateLimiter $limiter Rate limits.
	 * @param string      $name    Limit name.
	 * @return WP_Error|null The refusal when over the limit.
	 */
	public static function count( RateLimiter $limiter, string $name ): ?WP_Error {
		$headers = new WP_REST_Request();
		$headers->set_header( 'x-forwarded-for', isset( $_SERVER['HTTP_X_FORWARDED_FOR'] ) ? sanitize_text_field( wp_unslash( $_SERVER['HTTP_X_FORWARDED_FOR'] ) ) : '' );
		return $limiter->count_client( $name, $headers );
	}

	/**
	 * Sends a JSON answer and ends the request.
	 *
	 * @param string               $protocol edd-sl or slm.
	 * @param int                  $status   HTTP status.
	 * @param array<string, mixed> $data     Body.
	 */
	public static function send( string $protocol, int $status, array $data ): void {
		// phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.DynamicHooknameFound -- Hooks' names carry the prefix.
		$response = apply_filters( Hooks::OLD_PROTOCOL_ANSWER, new WP_REST_Response( $data, $status ), $protocol );
		if ( ! headers_sent() ) {
			status_header( $response->get_status() );
			header( 'Content-Type: application/json; charset=' . get_option( 'blog_charset' ) );
			nocache_headers();
			foreach ( $response->get_headers() as $key => $value ) {
				header( $key . ': ' . $value );
			}
		}
		echo wp_json_encode( $response->get_data() );
		exit;
	}
}
