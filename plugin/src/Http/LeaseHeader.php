<?php
/**
 * The X-Svc-Lease response header.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use WP_REST_Response;

/**
 * Every answer that carries a lease also carries it in the X-Svc-Lease header, the same string (docs/leases.md):
 * a client reads it even from an update check's empty "current" answer. Both WordPress and the fast lane send the
 * response's headers.
 */
final class LeaseHeader {
	public const NAME = 'X-Svc-Lease';

	/**
	 * The response with the header set when there is a lease.
	 *
	 * @param WP_REST_Response $response Response.
	 * @param string|null      $lease    Lease, or null when no key can sign.
	 */
	public static function on( WP_REST_Response $response, ?string $lease ): WP_REST_Response {
		if ( null !== $lease ) {
			$response->header( self::NAME, $lease );
		}
		return $response;
	}
}
