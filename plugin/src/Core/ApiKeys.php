<?php
/**
 * What a site owner does to the REST API keys: create one, revoke it.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Core;

use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\Storage\ApiKeyRepository;
use Svc\Licensing\Storage\ProductRepository;

/**
 * A key is shown in full once, when it is created; revoking it ends it at once. A key may be limited to one
 * product.
 */
final class ApiKeys {

	/**
	 * API keys.
	 *
	 * @var ApiKeyRepository
	 */
	private $keys;

	/**
	 * Products.
	 *
	 * @var ProductRepository
	 */
	private $products;

	/**
	 * Constructor.
	 *
	 * @param ApiKeyRepository  $keys     API keys.
	 * @param ProductRepository $products Products.
	 */
	public function __construct( ApiKeyRepository $keys, ProductRepository $products ) {
		$this->keys     = $keys;
		$this->products = $products;
	}

	/**
	 * Creates a key.
	 *
	 * @param string   $label       Label.
	 * @param string   $permissions A Permission level.
	 * @param int|null $product_id  The product it is limited to, or null for every product.
	 * @return array{0: string, 1: array<string, mixed>} The full key, shown this once, and the key's row.
	 * @throws ServiceError On an unknown product.
	 */
	public function create( string $label, string $permissions, ?int $product_id ): array {
		if ( null !== $product_id && null === $this->products->find( $product_id ) ) {
			throw ServiceError::invalid_param( 'product_id', __( 'No product has this id.', 'svc-licensing' ), __( 'Unknown product.', 'svc-licensing' ) );
		}
		$created = $this->keys->create( $label, $permissions, $product_id );
		return array( $created['api_key'], $this->keys->find( $created['id'] ) ?? array() );
	}

	/**
	 * Revokes an active key.
	 *
	 * @param int                  $id    Key.
	 * @param callable(?int): void $scope Throws when the caller may not reach the key's product (null: all).
	 * @return array<string, mixed> The key as it was.
	 * @throws ServiceError 404 when no active key has this id, or the scope's error.
	 */
	public function revoke( int $id, callable $scope ): array {
		$key = $this->keys->find( $id );
		if ( null !== $key ) {
			$scope( $key['product_id'] );
		}
		if ( null === $key || ! $this->keys->revoke( $key['id'] ) ) {
			throw new ServiceError( ErrorCode::NOT_FOUND, __( 'No active API key has this id.', 'svc-licensing' ) );
		}
		return $key;
	}
}
