<?php
/**
 * Page and page size of admin lists.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use WP_REST_Request;
use WP_REST_Response;

/**
 * Default 20, at most 100, page from 1 (the spec's licence list limits, used by every admin list).
 */
final class Pagination {
	public const DEFAULT_PER_PAGE = 20;
	public const MAX_PER_PAGE     = 100;

	/**
	 * Route args.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	public static function args(): array {
		return array(
			'page'     => array(
				'type'    => 'integer',
				'minimum' => 1,
				'default' => 1,
			),
			'per_page' => array(
				'type'    => 'integer',
				'minimum' => 1,
				'maximum' => self::MAX_PER_PAGE,
				'default' => self::DEFAULT_PER_PAGE,
			),
		);
	}

	/**
	 * Page and page size of a request.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return array{0: int, 1: int}
	 */
	public static function from_request( WP_REST_Request $request ): array {
		return array( (int) $request->get_param( 'page' ), (int) $request->get_param( 'per_page' ) );
	}

	/**
	 * WordPress' total headers.
	 *
	 * @param WP_REST_Response $response Response.
	 * @param int              $total    Items in all pages.
	 * @param int              $per_page Page size.
	 */
	public static function headers( WP_REST_Response $response, int $total, int $per_page ): void {
		$response->header( 'X-WP-Total', (string) $total );
		$response->header( 'X-WP-TotalPages', (string) (int) ceil( $total / max( 1, $per_page ) ) );
	}
}
