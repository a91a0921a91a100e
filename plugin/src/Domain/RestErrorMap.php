<?php
/**
 * Maps WordPress' own REST error codes to the codes of the API specification.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain;

/**
 * Pure translation table: WordPress core produces its own codes (rest_invalid_param, rest_no_route, ...)
 * before our callbacks run; inside /svc/v1 every error must use the spec's vocabulary.
 */
final class RestErrorMap {

	/**
	 * WordPress code => spec code.
	 */
	private const MAP = array(
		'rest_missing_callback_param' => ErrorCode::INVALID_PARAMS,
		'rest_invalid_param'          => ErrorCode::INVALID_PARAMS,
		'rest_invalid_json'           => ErrorCode::INVALID_PARAMS,
		'rest_invalid_type'           => ErrorCode::INVALID_PARAMS,
		'rest_no_route'               => ErrorCode::NOT_FOUND,
		'rest_no_handler'             => ErrorCode::NOT_FOUND,
		'rest_not_logged_in'          => ErrorCode::UNAUTHORIZED,
		'rest_cookie_invalid_nonce'   => ErrorCode::FORBIDDEN,
		'rest_forbidden'              => ErrorCode::FORBIDDEN,
		'rest_authentication_error'   => ErrorCode::UNAUTHORIZED,
		'internal_server_error'       => ErrorCode::INTERNAL_ERROR,
	);

	/**
	 * Spec codes pass through unchanged; so do codes this table does not know (the status then decides).
	 */
	private const SPEC_CODES = array(
		ErrorCode::INVALID_PARAMS,
		ErrorCode::UNAUTHORIZED,
		ErrorCode::FORBIDDEN,
		ErrorCode::NOT_FOUND,
		ErrorCode::METHOD_NOT_ALLOWED,
		ErrorCode::RATE_LIMIT_EXCEEDED,
		ErrorCode::INTERNAL_ERROR,
	);

	/**
	 * The spec code and status for an error WordPress or a callback produced.
	 *
	 * @param string $code   The error's code.
	 * @param int    $status The error's HTTP status (0 when none was given).
	 * @return array{0: string, 1: int} Spec code and HTTP status.
	 */
	public static function translate( string $code, int $status ): array {
		if ( isset( self::MAP[ $code ] ) ) {
			$mapped = self::MAP[ $code ];
			return array( $mapped, ErrorCode::status( $mapped ) );
		}
		if ( $status < 400 ) {
			// An error without a usable status is a server fault, whatever its code.
			return array( ErrorCode::INTERNAL_ERROR, 500 );
		}
		if ( in_array( $code, self::SPEC_CODES, true ) || 0 !== strpos( $code, 'rest_' ) ) {
			return array( $code, $status );
		}
		return array( self::generic_code_for( $status ), $status );
	}

	/**
	 * A spec code for an unknown core code, chosen by status class.
	 *
	 * @param int $status HTTP status.
	 */
	private static function generic_code_for( int $status ): string {
		switch ( $status ) {
			case 400:
				return ErrorCode::INVALID_PARAMS;
			case 401:
				return ErrorCode::UNAUTHORIZED;
			case 403:
				return ErrorCode::FORBIDDEN;
			case 404:
				return ErrorCode::NOT_FOUND;
			case 405:
				return ErrorCode::METHOD_NOT_ALLOWED;
			case 429:
				return ErrorCode::RATE_LIMIT_EXCEEDED;
			default:
				return $status >= 500 ? ErrorCode::INTERNAL_ERROR : ErrorCode::INVALID_PARAMS;
		}
	}
}
