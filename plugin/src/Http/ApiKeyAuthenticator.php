<?php
/**
 * API keys presented to the namespace.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use Svc\Licensing\Domain\Access\Permission;
use Svc\Licensing\Domain\ApiKey\ApiKeyToken;
use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\Storage\ApiKeyRepository;
use WP_Error;
use WP_REST_Request;

/**
 * Reads the key from X-Service-Key or Authorization: Bearer (never the query string), compares it by hash,
 * and records last_used_at. It authenticates only this namespace: no WordPress user is logged in.
 * The answer is kept per request, so the several places that ask cost one query.
 */
final class ApiKeyAuthenticator {

	/**
	 * Keys.
	 *
	 * @var ApiKeyRepository
	 */
	private $keys;

	/**
	 * Answers per request object.
	 *
	 * @var array<int, array<string, mixed>|WP_Error|null>
	 */
	private $answers = array();

	/**
	 * Constructor.
	 *
	 * @param ApiKeyRepository $keys Keys.
	 */
	public function __construct( ApiKeyRepository $keys ) {
		$this->keys = $keys;
	}

	/**
	 * The request's key: null when it carries none, the key row when valid, 401 unauthorized otherwise.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return array<string, mixed>|WP_Error|null
	 */
	public function authenticate( WP_REST_Request $request ) {
		$id = spl_object_id( $request );
		if ( ! array_key_exists( $id, $this->answers ) ) {
			$this->answers[ $id ] = $this->lookup( $request );
		}
		return $this->answers[ $id ];
	}

	/**
	 * Whether the request carries a valid API key with at least this permission.
	 *
	 * @param WP_REST_Request $request Request.
	 * @param string          $level   read, write or admin.
	 */
	public function grants( WP_REST_Request $request, string $level ): bool {
		$key = $this->authenticate( $request );
		return is_array( $key ) && Permission::allows( (string) $key['permissions'], $level );
	}

	/**
	 * Refuses a product-scoped key used for another product.
	 *
	 * @param WP_REST_Request $request    Request.
	 * @param int             $product_id Product the request is about.
	 * @throws ServiceError 403 product_out_of_scope.
	 */
	public function assert_scope( WP_REST_Request $request, int $product_id ): void {
		$key = $this->authenticate( $request );
		if ( is_array( $key ) && null !== $key['product_id'] && $key['product_id'] !== $product_id ) {
			throw new ServiceError( ErrorCode::PRODUCT_OUT_OF_SCOPE, __( 'This API key is limited to another product.', 'svc-licensing' ) );
		}
	}

	/**
	 * Looks the presented key up.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return array<string, mixed>|WP_Error|null
	 */
	private function lookup( WP_REST_Request $request ) {
		$presented = ApiKeyToken::from_headers(
			(string) $request->get_header( 'x-service-key' ),
			(string) $request->get_header( 'authorization' )
		);
		if ( null === $presented ) {
			return null;
		}
		$key = ApiKeyToken::is_well_formed( $presented ) ? $this->keys->find_usable( ApiKeyToken::hash( $presented ) ) : null;
		if ( null === $key ) {
			return new WP_Error( ErrorCode::UNAUTHORIZED, __( 'The API key is missing, invalid or revoked.', 'svc-licensing' ), array( 'status' => 401 ) );
		}
		$this->keys->touch( $key['id'] );
		return $key;
	}
}
