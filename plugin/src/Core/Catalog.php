<?php
/**
 * What a site owner does to the catalogue: tiers (what a licence grants) and prices (what a payment buys).
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Core;

use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\Money;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\Storage\CatalogRepository;
use Svc\Licensing\Storage\ProductRepository;
use Svc\Licensing\Storage\Tables;

/**
 * Callers pass the fields they were given (names from the admin schema, values already of the schema's types)
 * and get rows back. Tiers are shared by all products; a price maps a processor price to a product, a tier, an
 * activation limit and a period. Neither is deleted while something refers to it.
 */
final class Catalog {

	/**
	 * Tiers and prices.
	 *
	 * @var CatalogRepository
	 */
	private $catalog;

	/**
	 * Products.
	 *
	 * @var ProductRepository
	 */
	private $products;

	/**
	 * Constructor.
	 *
	 * @param CatalogRepository $catalog  Tiers and prices.
	 * @param ProductRepository $products Products.
	 */
	public function __construct( CatalogRepository $catalog, ProductRepository $products ) {
		$this->catalog  = $catalog;
		$this->products = $products;
	}

	/**
	 * Creates a tier; without features, it has none.
	 *
	 * @param array<string, mixed> $fields Given fields, with a label.
	 * @return array<string, mixed> The tier.
	 */
	public function create_tier( array $fields ): array {
		$id = $this->catalog->create_tier( $this->tier_columns( $fields ) + array( 'features' => '[]' ) );
		return $this->catalog->tier( $id ) ?? array();
	}

	/**
	 * Changes only the given fields of a tier.
	 *
	 * @param int                  $id     Tier.
	 * @param array<string, mixed> $fields Given fields.
	 * @return array<string, mixed> The tier after the change.
	 */
	public function update_tier( int $id, array $fields ): array {
		$columns = $this->tier_columns( $fields );
		if ( ! empty( $columns ) ) {
			$this->catalog->update( Tables::TIERS, $id, $columns );
		}
		return $this->catalog->tier( $id ) ?? array();
	}

	/**
	 * Deletes a tier no licence or price uses.
	 *
	 * @param int $id Tier.
	 * @throws ServiceError 409 in_use.
	 */
	public function delete_tier( int $id ): void {
		if ( ! $this->catalog->delete_unused_tier( $id ) ) {
			throw new ServiceError( ErrorCode::IN_USE, __( 'Licences or prices use this tier, so it cannot be deleted.', 'svc-licensing' ) );
		}
	}

	/**
	 * Creates a price.
	 *
	 * @param array<string, mixed> $fields Given fields, with processor_price_id and product_id.
	 * @param callable(int): void  $scope  Throws when the caller may not reach the price's product.
	 * @return array<string, mixed> The price.
	 * @throws ServiceError On an unknown product or tier, the scope's error, or a taken processor price id.
	 */
	public function create_price( array $fields, callable $scope ): array {
		$id = $this->catalog->create_price( $this->price_columns( $fields, $scope ) );
		if ( null === $id ) {
			throw new ServiceError( ErrorCode::PRICE_EXISTS, self::price_taken() );
		}
		return $this->catalog->price( $id ) ?? array();
	}

	/**
	 * Changes only the given fields of a price.
	 *
	 * @param int                  $id     Price.
	 * @param array<string, mixed> $fields Given fields.
	 * @param callable(int): void  $scope  Throws when the caller may not reach a product the fields name.
	 * @return array<string, mixed> The price after the change.
	 * @throws ServiceError On an unknown product or tier, the scope's error, or a taken processor price id.
	 */
	public function update_price( int $id, array $fields, callable $scope ): array {
		$columns = $this->price_columns( $fields, $scope );
		if ( ! empty( $columns ) && ! $this->catalog->update( Tables::PRICES, $id, $columns ) ) {
			throw new ServiceError( ErrorCode::PRICE_EXISTS, self::price_taken() );
		}
		return $this->catalog->price( $id ) ?? array();
	}

	/**
	 * Deletes a price no licence uses.
	 *
	 * @param int $id Price.
	 * @throws ServiceError 409 in_use.
	 */
	public function delete_price( int $id ): void {
		if ( ! $this->catalog->delete_unused_price( $id ) ) {
			throw new ServiceError( ErrorCode::IN_USE, __( 'Licences use this price, so it cannot be deleted.', 'svc-licensing' ) );
		}
	}

	/**
	 * Records what a processor price costs, as a paid invoice's line shows it, on a mapped price whose amount is
	 * not known yet; an amount the admin entered is kept.
	 *
	 * @param string $processor_price_id Processor price id.
	 * @param int    $unit_amount        Amount in minor units.
	 * @param string $currency           ISO 4217 code.
	 */
	public function note_amount( string $processor_price_id, int $unit_amount, string $currency ): void {
		$currency = strtoupper( $currency );
		if ( $unit_amount < 0 || 1 !== preg_match( '/^[A-Z]{3}$/', $currency ) ) {
			return;
		}
		$this->catalog->fill_amount( $processor_price_id, $unit_amount, $currency );
	}

	/**
	 * Tier columns of the given fields: features stored as a JSON list of strings.
	 *
	 * @param array<string, mixed> $fields Given fields.
	 * @return array<string, mixed>
	 */
	private function tier_columns( array $fields ): array {
		$columns = array();
		if ( array_key_exists( 'label', $fields ) ) {
			$columns['label'] = (string) $fields['label'];
		}
		if ( array_key_exists( 'features', $fields ) ) {
			$columns['features'] = (string) wp_json_encode( array_values( array_map( 'strval', (array) $fields['features'] ) ) );
		}
		return $columns;
	}

	/**
	 * Price columns of the given fields, with product (in scope) and tier checked.
	 *
	 * @param array<string, mixed> $fields Given fields.
	 * @param callable(int): void  $scope  Throws when the caller may not reach the product.
	 * @return array<string, mixed>
	 * @throws ServiceError On an unknown product or tier, or a product out of scope.
	 */
	private function price_columns( array $fields, callable $scope ): array {
		if ( isset( $fields['product_id'] ) ) {
			$scope( (int) $fields['product_id'] );
			if ( null === $this->products->find( (int) $fields['product_id'] ) ) {
				throw ServiceError::invalid_param( 'product_id', __( 'No product has this id.', 'svc-licensing' ), __( 'Unknown product.', 'svc-licensing' ) );
			}
		}
		if ( isset( $fields['tier_id'] ) && ! $this->catalog->tier_exists( (int) $fields['tier_id'] ) ) {
			throw ServiceError::invalid_param( 'tier_id', __( 'No tier has this id.', 'svc-licensing' ), __( 'Unknown tier.', 'svc-licensing' ) );
		}
		if ( isset( $fields['currency'] ) ) {
			$fields['currency'] = strtoupper( trim( (string) $fields['currency'] ) );
			if ( '' === $fields['currency'] ) {
				$fields['currency'] = null;
			} elseif ( 1 !== preg_match( '/^[A-Z]{3}$/', $fields['currency'] ) ) {
				$message = __( 'Enter the currency as its three-letter code, such as USD or EUR.', 'svc-licensing' );
				throw ServiceError::invalid_param( 'currency', $message, $message );
			}
		}
		if ( array_key_exists( 'amount', $fields ) ) {
			$fields['unit_amount'] = null;
			if ( null !== $fields['amount'] ) {
				if ( ! isset( $fields['currency'] ) ) {
					$message = __( 'Give the currency of the amount, such as USD or EUR.', 'svc-licensing' );
					throw ServiceError::invalid_param( 'currency', $message, $message );
				}
				$fields['unit_amount'] = Money::to_minor( $fields['amount'], $fields['currency'] );
			}
			unset( $fields['amount'] );
		}
		return $fields;
	}

	/**
	 * The message of a processor price id another price has.
	 */
	private static function price_taken(): string {
		return __( 'A price with this processor price id exists.', 'svc-licensing' );
	}
}
