<?php
/**
 * The one place where exceptions become error responses.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\ServiceError;
use Throwable;
use WP_Error;

/**
 * Wraps REST callbacks: a ServiceError becomes its envelope; anything else is logged and answered as a
 * generic 500, so no exception detail leaks to the caller.
 */
final class ErrorResponder {

	/**
	 * A callback that never throws.
	 *
	 * @param callable $callback REST callback or permission callback.
	 */
	public static function wrap( callable $callback ): callable {
		return static function ( ...$args ) use ( $callback ) {
			try {
				return $callback( ...$args );
			} catch ( ServiceError $error ) {
				return self::from_service_error( $error );
			} catch ( Throwable $error ) {
				// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- the detail goes to the log, never to the client.
				error_log( sprintf( 'svc-licensing: %s: %s in %s:%d', get_class( $error ), $error->getMessage(), $error->getFile(), $error->getLine() ) );
				return new WP_Error(
					ErrorCode::INTERNAL_ERROR,
					__( 'An unexpected error occurred. It has been logged.', 'svc-licensing' ),
					array( 'status' => 500 )
				);
			}
		};
	}

	/**
	 * The WP_Error for a ServiceError.
	 *
	 * @param ServiceError $error Error.
	 */
	public static function from_service_error( ServiceError $error ): WP_Error {
		return new WP_Error(
			$error->error_code(),
			$error->getMessage(),
			array_merge( $error->data(), array( 'status' => $error->status() ) )
		);
	}
}
