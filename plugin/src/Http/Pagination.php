<?php
/**
 * Page and page size of admin lists.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\Http\PageNumber;
use WP_Error;
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
				'description'       => 'Page, from 1. A page past the last one is empty.',
				'type'              => 'integer',
				'minimum'           => 1,
				'maximum'           => PHP_INT_MAX,
				'default'           => 1,
				'validate_callback' => array( self::class, 'validate_page' ),
				'sanitize_callback' => array( self::class, 'sanitize_page' ),
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
	 * A page is a whole number in digits that a PHP integer holds (WordPress' integer check alone lets 1e20
	 * through, which casts to PHP_INT_MAX or 0).
	 *
	 * @param mixed $value Value.
	 * @return true|WP_Error
	 */
	public static function validate_page( $value ) {
		if ( null !== PageNumber::parse( $value ) ) {
			return true;
		}
		return new WP_Error(
			ErrorCode::INVALID_PARAMS,
			/* translators: %s: the largest page number. */
			sprintf( __( 'page must be a whole number from 1 to %s.', 'svc-licensing' ), (string) PHP_INT_MAX ),
			array( 'status' => 400 )
		);
	}

	/**
	 * The page as an integer (validated before).
	 *
	 * @param mixed $value Value.
	 */
	public static function sanitize_page( $value ): int {
		return PageNumber::parse( $value ) ?? 1;
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
		$response->header( 'X-WP-TotalPages', (string) self::total_pages( $total, $per_page ) );
	}

	/**
	 * The admin lists' envelope (the spec's licence list): one page of items and where it stands.
	 *
	 * @param array<mixed> $data     The page's items, as presented.
	 * @param int          $total    Items in all pages.
	 * @param int          $page     This page.
	 * @param int          $per_page Page size.
	 * @return array{data: array<mixed>, total: int, page: int, per_page: int, total_pages: int}
	 */
	public static function envelope( array $data, int $total, int $page, int $per_page ): array {
		return array(
			'data'        => $data,
			'total'       => $total,
			'page'        => $page,
			'per_page'    => $per_page,
			'total_pages' => self::total_pages( $total, $per_page ),
		);
	}

	/**
	 * Pages of $per_page needed for $total items.
	 *
	 * @param int $total    Items in all pages.
	 * @param int $per_page Page size.
	 */
	private static function total_pages( int $total, int $per_page ): int {
		return (int) ceil( $total / max( 1, $per_page ) );
	}
}
