<?php
/**
 * What a site owner does to products: create one, edit it, delete it.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Core;

use InvalidArgumentException;
use Svc\Licensing\Domain\Release\Channels;
use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\Event\Actor;
use Svc\Licensing\Domain\Event\Changes;
use Svc\Licensing\Domain\Event\EventType;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\Hooks;
use Svc\Licensing\Storage\EventRepository;
use Svc\Licensing\Storage\ProductRepository;
use Svc\Licensing\Storage\Transaction;

/**
 * Callers pass the fields they were given (names from the admin schema, values already of the schema's types)
 * and get product rows back. A slug is unique; a product with licences is withdrawn, never deleted. Each change
 * records its event in the change's transaction.
 */
final class Products {

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
	 * @param ProductRepository $products    Products.
	 * @param Transaction       $transaction Transactions.
	 * @param EventRepository   $events      The event log.
	 */
	public function __construct( ProductRepository $products, Transaction $transaction, EventRepository $events ) {
		$this->products    = $products;
		$this->transaction = $transaction;
		$this->events      = $events;
	}

	/**
	 * A product named by its slug or its id (the command line and the licence import name products so).
	 *
	 * @param string $name Slug or id.
	 * @return array<string, mixed> The product.
	 * @throws ServiceError When no product has it.
	 */
	public function named( string $name ): array {
		$product = ctype_digit( $name ) ? $this->products->find( (int) $name ) : $this->products->find_by_slug( $name );
		if ( null === $product ) {
			throw ServiceError::invalid_param( 'product_id', __( 'No product has this slug or id.', 'svc-licensing' ), __( 'Unknown product.', 'svc-licensing' ) );
		}
		return $product;
	}

	/**
	 * Creates a product; without a slug, one is made from the name.
	 *
	 * @param array<string, mixed> $fields Given fields, with a name.
	 * @param Actor                $actor  Who creates it.
	 * @return array<string, mixed> The product.
	 * @throws ServiceError When no slug can be made from the name, or the slug is taken.
	 */
	public function create( array $fields, Actor $actor ): array {
		$fields = self::checked_channels( $fields );
		if ( ! isset( $fields['slug'] ) ) {
			// sanitize_title() keeps underscores and percent-encoded letters; the slug pattern allows neither.
			$fields['slug'] = trim( (string) preg_replace( '/[^a-z0-9]+/', '-', sanitize_title( (string) $fields['name'] ) ), '-' );
			if ( 1 !== preg_match( '/^[a-z0-9]+(-[a-z0-9]+)*$/', $fields['slug'] ) ) {
				throw ServiceError::invalid_param(
					'slug',
					__( 'No slug can be made from this name; give one.', 'svc-licensing' ),
					__( 'Required when the name has no Latin letters or digits.', 'svc-licensing' )
				);
			}
		}
		$id = $this->transaction->run(
			function () use ( $fields, $actor ): ?int {
				$id = $this->products->create_unique( $fields );
				if ( null !== $id ) {
					$this->events->record( EventType::PRODUCT_CREATED, $id, $actor, $id, Changes::of( array_intersect_key( $fields, array_flip( array( 'slug', 'name' ) ) ) ) );
				}
				return $id;
			}
		);
		if ( null === $id ) {
			throw new ServiceError( ErrorCode::PRODUCT_SLUG_EXISTS, self::slug_taken( (string) $fields['slug'] ) );
		}
		return $this->found( $id );
	}

	/**
	 * Changes only the given fields; product.updated records those whose values moved (none: no event).
	 *
	 * @param int                  $id     Product.
	 * @param array<string, mixed> $fields Given fields.
	 * @param Actor                $actor  Who changes it.
	 * @return array<string, mixed> The product after the change.
	 * @throws ServiceError On a taken slug.
	 */
	public function update( int $id, array $fields, Actor $actor ): array {
		$fields  = self::checked_channels( $fields );
		$updated = empty( $fields ) || $this->transaction->run(
			function () use ( $id, $fields, $actor ): bool {
				$changes = Changes::between( $this->products->find( $id ) ?? array(), $fields );
				if ( ! $this->products->update( $id, $fields ) ) {
					return false;
				}
				if ( array() !== $changes ) {
					$this->events->record( EventType::PRODUCT_UPDATED, $id, $actor, $id, array( 'changes' => $changes ) );
				}
				return true;
			}
		);
		if ( ! $updated ) {
			throw new ServiceError( ErrorCode::PRODUCT_SLUG_EXISTS, self::slug_taken( (string) ( $fields['slug'] ?? '' ) ) );
		}
		if ( ! empty( $fields ) ) {
			// phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.DynamicHooknameFound -- the constant is prefixed.
			do_action( Hooks::PRODUCT_UPDATED, $id );
		}
		return $this->found( $id );
	}

	/**
	 * Deletes a product without licences; its releases and files follow (Hooks::PRODUCT_DELETED).
	 *
	 * @param int   $id    Product.
	 * @param Actor $actor Who deletes it.
	 * @throws ServiceError 409 product_has_licenses while licences exist.
	 */
	public function delete( int $id, Actor $actor ): void {
		$product = $this->products->find( $id );
		$deleted = null !== $product && $this->transaction->run(
			function () use ( $product, $actor ): bool {
				if ( ! $this->products->delete_unlicensed( $product['id'] ) ) {
					return false;
				}
				$this->events->record( EventType::PRODUCT_DELETED, $product['id'], $actor, $product['id'], array( 'slug' => $product['slug'] ) );
				return true;
			}
		);
		if ( ! $deleted ) {
			throw new ServiceError(
				ErrorCode::PRODUCT_HAS_LICENSES,
				__( 'This product has licences, so it cannot be deleted. Set is_active to false to withdraw it.', 'svc-licensing' )
			);
		}
		// phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.DynamicHooknameFound -- the constant is prefixed.
		do_action( Hooks::PRODUCT_DELETED, $id );
	}

	/**
	 * A product read afresh.
	 *
	 * @param int $id Product.
	 * @return array<string, mixed>
	 * @throws ServiceError 404 when it is gone.
	 */
	private function found( int $id ): array {
		$product = $this->products->find( $id );
		if ( null === $product ) {
			throw new ServiceError( ErrorCode::NOT_FOUND, __( 'No product has this id.', 'svc-licensing' ) );
		}
		return $product;
	}

	/**
	 * The message of a slug another product has.
	 *
	 * @param string $slug Slug.
	 */
	private static function slug_taken( string $slug ): string {
		/* translators: %s: product slug. */
		return sprintf( __( 'Another product already has the slug "%s".', 'svc-licensing' ), $slug );
	}

	/**
	 * The channel list as stored; a name listed twice is refused (the schema checks the form).
	 *
	 * @param array<string, mixed> $fields Given fields.
	 * @return array<string, mixed>
	 * @throws ServiceError 400 invalid_param.
	 */
	private static function checked_channels( array $fields ): array {
		if ( array_key_exists( 'channels', $fields ) ) {
			try {
				$fields['channels'] = Channels::parse( (string) $fields['channels'] )->to_storage();
			} catch ( InvalidArgumentException $e ) {
				throw ServiceError::invalid_param( 'channels', __( 'List stable first, then other channels of lower-case letters, digits and hyphens, separated by commas, such as stable,beta.', 'svc-licensing' ), __( 'Not a channel list.', 'svc-licensing' ) );
			}
		}
		return $fields;
	}
}
