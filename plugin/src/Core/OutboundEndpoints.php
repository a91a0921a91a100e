<?php
/**
 * What an admin does with outbound webhook endpoints: add, change, delete, test, replay a delivery.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Core;

use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\Event\Actor;
use Svc\Licensing\Domain\Outbound\EndpointSecret;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\Storage\ProductRepository;
use Svc\Licensing\Storage\Transaction;
use Svc\Licensing\Storage\OutboundDeliveryRepository;
use Svc\Licensing\Storage\OutboundEndpointRepository;

/**
 * An endpoint's URL passes the SSRF guard when it is saved (and again before each attempt); its secret is made
 * here and answered once. Every method takes the caller's product scope as a check to run once the endpoint's
 * product is known.
 */
final class OutboundEndpoints {

	/**
	 * Endpoints.
	 *
	 * @var OutboundEndpointRepository
	 */
	private $endpoints;

	/**
	 * Deliveries.
	 *
	 * @var OutboundDeliveryRepository
	 */
	private $deliveries;

	/**
	 * The queue.
	 *
	 * @var OutboundDeliveries
	 */
	private $queue;

	/**
	 * The SSRF guard.
	 *
	 * @var OutboundTarget
	 */
	private $target;

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
	 * Constructor.
	 *
	 * @param OutboundEndpointRepository $endpoints   Endpoints.
	 * @param OutboundDeliveryRepository $deliveries  Deliveries.
	 * @param OutboundDeliveries         $queue       The queue.
	 * @param OutboundTarget             $target      The SSRF guard.
	 * @param ProductRepository          $products    Products.
	 * @param Transaction                $transaction Transactions.
	 */
	public function __construct( OutboundEndpointRepository $endpoints, OutboundDeliveryRepository $deliveries, OutboundDeliveries $queue, OutboundTarget $target, ProductRepository $products, Transaction $transaction ) {
		$this->endpoints   = $endpoints;
		$this->deliveries  = $deliveries;
		$this->queue       = $queue;
		$this->target      = $target;
		$this->products    = $products;
		$this->transaction = $transaction;
	}

	/**
	 * Adds an endpoint.
	 *
	 * @param string   $url         URL.
	 * @param string[] $event_types Event types wanted.
	 * @param int|null $product_id  Only this product's events, or null.
	 * @param string   $description Label.
	 * @return array{0: string, 1: array<string, mixed>} The secret, shown this once, and the endpoint.
	 * @throws ServiceError 400 on an unknown product or a URL the guard refuses.
	 */
	public function create( string $url, array $event_types, ?int $product_id, string $description ): array {
		if ( null !== $product_id && null === $this->products->find( $product_id ) ) {
			throw ServiceError::invalid_param( 'product_id', __( 'No product has this id.', 'svc-licensing' ), __( 'Unknown product.', 'svc-licensing' ) );
		}
		$this->assert_reachable( $url );
		$secret = EndpointSecret::generate();
		$id     = $this->endpoints->create( $url, array_values( array_unique( $event_types ) ), $product_id, $description, $secret );
		return array( $secret, (array) $this->endpoints->find( $id ) );
	}

	/**
	 * One endpoint within the caller's scope.
	 *
	 * @param int                  $id    Endpoint.
	 * @param callable(?int): void $scope Throws when the caller may not reach this product (null: every product).
	 * @return array<string, mixed>
	 * @throws ServiceError 404 for an unknown endpoint, or the scope's error.
	 */
	public function get( int $id, callable $scope ): array {
		$endpoint = $this->endpoints->find( $id );
		if ( null === $endpoint ) {
			throw new ServiceError( ErrorCode::NOT_FOUND, __( 'No webhook endpoint has this id.', 'svc-licensing' ) );
		}
		$scope( $endpoint['product_id'] );
		return $endpoint;
	}

	/**
	 * Changes an endpoint.
	 *
	 * @param int                  $id     Endpoint.
	 * @param array<string, mixed> $fields url, event_types, description, is_active.
	 * @param callable(?int): void $scope  The caller's scope check.
	 * @return array<string, mixed> The endpoint as it is now.
	 * @throws ServiceError 404, 400 for a URL the guard refuses, or the scope's error.
	 */
	public function update( int $id, array $fields, callable $scope ): array {
		$this->get( $id, $scope );
		if ( array_key_exists( 'url', $fields ) ) {
			$this->assert_reachable( (string) $fields['url'] );
		}
		if ( array_key_exists( 'event_types', $fields ) ) {
			$fields['event_types'] = array_values( array_unique( (array) $fields['event_types'] ) );
		}
		$this->endpoints->update( $id, $fields );
		return $this->get( $id, $scope );
	}

	/**
	 * Deletes an endpoint with its deliveries and their attempts.
	 *
	 * @param int                  $id    Endpoint.
	 * @param callable(?int): void $scope The caller's scope check.
	 * @throws ServiceError 404, or the scope's error.
	 */
	public function delete( int $id, callable $scope ): void {
		$this->get( $id, $scope );
		$this->transaction->run(
			function () use ( $id ): void {
				$this->deliveries->delete_for_endpoint( $id );
				$this->endpoints->delete( $id );
			}
		);
	}

	/**
	 * Sends a test event to an endpoint now, even a disabled one (to check it before switching it on again).
	 *
	 * @param int                  $id    Endpoint.
	 * @param callable(?int): void $scope The caller's scope check.
	 * @param Actor                $actor Who asked.
	 * @param int                  $now   Unix time.
	 * @return array<string, mixed> The delivery, after its attempt.
	 * @throws ServiceError 404, or the scope's error.
	 */
	public function send_test( int $id, callable $scope, Actor $actor, int $now ): array {
		$endpoint = $this->get( $id, $scope );
		$delivery = $this->queue->send_test(
			$endpoint,
			array(
				'kind'  => $actor->kind,
				'label' => $actor->label,
			),
			$now
		);
		return (array) $this->deliveries->find( $delivery );
	}

	/**
	 * One delivery within the caller's scope.
	 *
	 * @param int                  $id    Delivery.
	 * @param callable(?int): void $scope The caller's scope check.
	 * @return array<string, mixed>
	 * @throws ServiceError 404, or the scope's error.
	 */
	public function delivery( int $id, callable $scope ): array {
		$delivery = $this->deliveries->find( $id );
		$endpoint = null === $delivery ? null : $this->endpoints->find( (int) $delivery['endpoint_id'] );
		if ( null === $delivery || null === $endpoint ) {
			throw new ServiceError( ErrorCode::NOT_FOUND, __( 'No webhook delivery has this id.', 'svc-licensing' ) );
		}
		$scope( $endpoint['product_id'] );
		return $delivery;
	}

	/**
	 * Sends a delivery's event again, now, as a new delivery.
	 *
	 * @param int                  $id    Delivery.
	 * @param callable(?int): void $scope The caller's scope check.
	 * @param int                  $now   Unix time.
	 * @return array<string, mixed> The new delivery, after its attempt.
	 * @throws ServiceError 404, or the scope's error.
	 */
	public function replay( int $id, callable $scope, int $now ): array {
		$original = $this->delivery( $id, $scope );
		return (array) $this->deliveries->find( $this->queue->replay( $original, $now ) );
	}

	/**
	 * Refuses a URL the SSRF guard refuses.
	 *
	 * @param string $url URL.
	 * @throws ServiceError 400 invalid_params on url.
	 */
	private function assert_reachable( string $url ): void {
		$target = $this->target->check( $url );
		if ( ! $target['ok'] ) {
			// The reason names the address and what would allow it: the panel shows it under the field.
			throw ServiceError::invalid_param( 'url', $target['reason'], $target['reason'] );
		}
	}
}
