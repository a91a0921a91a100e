<?php
/**
 * What a site owner does to the REST API keys: create one, revoke it.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Core;

use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\Event\Actor;
use Svc\Licensing\Domain\Event\EventType;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\Storage\ApiKeyRepository;
use Svc\Licensing\Storage\EventRepository;
use Svc\Licensing\Storage\ProductRepository;
use Svc\Licensing\Storage\Transaction;

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
	 * Transactions.
	 *
	 * @var Transaction
	 */
	private $transaction;

	/**
	 * The event log.
	 *
	 * @var EventRepository
	 */
	private $events;

	/**
	 * Constructor.
	 *
	 * @param ApiKeyRepository  $keys     API keys.
	 * @param ProductRepository $products Products.
	 * @param Transaction       $transaction Transactions.
	 * @param EventRepository   $events   The event log.
	 */
	public function __construct( ApiKeyRepository $keys, ProductRepository $products, Transaction $transaction, EventRepository $events ) {
		$this->keys        = $keys;
		$this->products    = $products;
		$this->transaction = $transaction;
		$this->events      = $events;
	}

	/**
	 * Creates a key.
	 *
	 * @param string   $label       Label.
	 * @param string   $permissions A Permission level.
	 * @param int|null $product_id  The product it is limited to, or null for every product.
	 * @param Actor    $actor       Who creates it.
	 * @return array{0: string, 1: array<string, mixed>} The full key, shown this once, and the key's row.
	 * @throws ServiceError On an unknown product.
	 */
	public function create( string $label, string $permissions, ?int $product_id, Actor $actor ): array {
		if ( null !== $product_id && null === $this->products->find( $product_id ) ) {
			throw ServiceError::invalid_param( 'product_id', __( 'No product has this id.', 'svc-licensing' ), __( 'Unknown product.', 'svc-licensing' ) );
		}
		return $this->transaction->run(
			function () use ( $label, $permissions, $product_id, $actor ): array {
				$created = $this->keys->create( $label, $permissions, $product_id );
				$row     = $this->keys->find( $created['id'] ) ?? array();
				$this->events->record( EventType::API_KEY_CREATED, $created['id'], $actor, $product_id, self::payload( $row ) );
				return array( $created['api_key'], $row );
			}
		);
	}

	/**
	 * Revokes an active key.
	 *
	 * @param int                  $id    Key.
	 * @param callable(?int): void $scope Throws when the caller may not reach the key's product (null: all).
	 * @param Actor                $actor Who revokes it.
	 * @return array<string, mixed> The key as it was.
	 * @throws ServiceError 404 when no active key has this id, or the scope's error.
	 */
	public function revoke( int $id, callable $scope, Actor $actor ): array {
		$key = $this->keys->find( $id );
		if ( null !== $key ) {
			$scope( $key['product_id'] );
		}
		$revoked = null !== $key && $this->transaction->run(
			function () use ( $key, $actor ): bool {
				if ( ! $this->keys->revoke( $key['id'] ) ) {
					return false;
				}
				$this->events->record( EventType::API_KEY_REVOKED, $key['id'], $actor, $key['product_id'], self::payload( $key ) );
				return true;
			}
		);
		if ( ! $revoked ) {
			throw new ServiceError( ErrorCode::NOT_FOUND, __( 'No active API key has this id.', 'svc-licensing' ) );
		}
		return $key;
	}

	/**
	 * What an API key event says: the key's prefix, label and level, never the key.
	 *
	 * @param array<string, mixed> $key Key row.
	 * @return array<string, mixed>
	 */
	private static function payload( array $key ): array {
		return array(
			'key_prefix'  => (string) ( $key['key_prefix'] ?? '' ),
			'label'       => (string) ( $key['label'] ?? '' ),
			'permissions' => (string) ( $key['permissions'] ?? '' ),
		);
	}
}
