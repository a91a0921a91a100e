<?php
/**
 * The fields of a route's schema that a request gave.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use WP_REST_Request;

/**
 * Create and update callbacks read only what their schema names: unknown fields are ignored, and a partial
 * update changes only what was sent. WordPress has validated the values against the same schema already.
 */
final class RequestFields {

	/**
	 * Schema fields present in the request, as column values (booleans as 0/1 for TINYINT columns).
	 *
	 * @param WP_REST_Request                     $request Request.
	 * @param array<string, array<string, mixed>> $schema  Field name => JSON schema.
	 * @return array<string, mixed>
	 */
	public static function given( WP_REST_Request $request, array $schema ): array {
		$fields = array();
		foreach ( array_keys( $schema ) as $name ) {
			if ( $request->has_param( $name ) ) {
				$value           = $request->get_param( $name );
				$fields[ $name ] = is_bool( $value ) ? (int) $value : $value;
			}
		}
		return $fields;
	}
}
