<?php
/**
 * Admin: /admin/tiers and /admin/prices (decisions.md).
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use Svc\Licensing\Domain\Access\Permission;
use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\IsoTime;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\Storage\CatalogRepository;
use Svc\Licensing\Storage\ProductRepository;
use Svc\Licensing\Storage\Tables;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * Tiers say what a licence grants (label, features) and are shared by all products, so product-scoped keys
 * may read them but not change them. Prices map a processor price to product, tier, activation limit and period.
 */
final class CatalogController implements Controller {

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
	 * Authentication, levels and scope.
	 *
	 * @var AdminGuard
	 */
	private $guard;

	/**
	 * Constructor.
	 *
	 * @param CatalogRepository $catalog  Tiers and prices.
	 * @param ProductRepository $products Products.
	 * @param AdminGuard        $guard    Authentication, levels and scope.
	 */
	public function __construct( CatalogRepository $catalog, ProductRepository $products, AdminGuard $guard ) {
		$this->catalog  = $catalog;
		$this->products = $products;
		$this->guard    = $guard;
	}

	/**
	 * Tier fields.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	public static function tier_fields(): array {
		return array(
			'label'    => array(
				'type'      => 'string',
				'minLength' => 1,
				'maxLength' => 200,
			),
			'features' => array(
				'type'     => 'array',
				'items'    => array(
					'type'      => 'string',
					'maxLength' => 200,
				),
				'maxItems' => 100,
			),
		);
	}

	/**
	 * Price fields.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	public static function price_fields(): array {
		return array(
			'processor_price_id' => array(
				'type'      => 'string',
				'minLength' => 1,
				'maxLength' => 191,
			),
			'product_id'         => array(
				'type'    => 'integer',
				'minimum' => 1,
			),
			'tier_id'            => array(
				'type'    => array( 'integer', 'null' ),
				'minimum' => 1,
			),
			'activation_limit'   => array(
				'type'    => 'integer',
				'minimum' => 1,
				'maximum' => 1000000,
			),
			'period'             => array(
				'type' => 'string',
				'enum' => array( 'month', 'year', 'lifetime' ),
			),
		);
	}

	/**
	 * The routes, with their argument schemas.
	 *
	 * @return array<non-falsy-string, array<mixed>> Route => endpoint, or list of endpoints.
	 */
	public function routes(): array {
		$routes = array();
		$id     = Api::ID_ARG;
		foreach ( array( 'tiers', 'prices' ) as $kind ) {
			$fields   = 'tiers' === $kind ? self::tier_fields() : self::price_fields();
			$required = 'tiers' === $kind ? array( 'label' ) : array( 'processor_price_id', 'product_id' );
			$create   = $fields;
			foreach ( $required as $name ) {
				$create[ $name ]['required'] = true;
			}
			$routes[ '/admin/' . $kind ]                  = array(
				$this->guard->endpoint( WP_REST_Server::READABLE, array( $this, "list_{$kind}" ), Permission::READ, array() ),
				$this->guard->endpoint( WP_REST_Server::CREATABLE, array( $this, "create_{$kind}" ), Permission::WRITE, $create ),
			);
			$routes[ '/admin/' . $kind . '/(?P<id>\d+)' ] = array(
				$this->guard->endpoint( WP_REST_Server::READABLE, array( $this, "get_{$kind}" ), Permission::READ, $id ),
				$this->guard->endpoint( 'PUT, PATCH', array( $this, "update_{$kind}" ), Permission::WRITE, array_merge( $fields, $id ) ),
				$this->guard->endpoint( WP_REST_Server::DELETABLE, array( $this, "delete_{$kind}" ), Permission::ADMIN, $id ),
			);
		}
		return $routes;
	}

	/**
	 * GET /admin/tiers.
	 */
	public function list_tiers(): WP_REST_Response {
		return new WP_REST_Response( array_map( array( self::class, 'present_tier' ), $this->catalog->tiers() ) );
	}

	/**
	 * POST /admin/tiers.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function create_tiers( WP_REST_Request $request ): WP_REST_Response {
		$this->guard->assert_scope( $request, null );
		$id = $this->catalog->create_tier( $this->tier_columns( $request ) + array( 'features' => '[]' ) );
		return new WP_REST_Response( self::present_tier( $this->catalog->tier( $id ) ), 201 );
	}

	/**
	 * GET /admin/tiers/{id}.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function get_tiers( WP_REST_Request $request ): WP_REST_Response {
		return new WP_REST_Response( self::present_tier( $this->tier( $request ) ) );
	}

	/**
	 * PUT /admin/tiers/{id}.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function update_tiers( WP_REST_Request $request ): WP_REST_Response {
		$this->guard->assert_scope( $request, null );
		$tier    = $this->tier( $request );
		$columns = $this->tier_columns( $request );
		if ( ! empty( $columns ) ) {
			$this->catalog->update( Tables::TIERS, (int) $tier['id'], $columns );
		}
		return new WP_REST_Response( self::present_tier( $this->catalog->tier( (int) $tier['id'] ) ) );
	}

	/**
	 * DELETE /admin/tiers/{id}: 409 in_use while licences or prices refer to it.
	 *
	 * @param WP_REST_Request $request Request.
	 * @throws ServiceError When in use.
	 */
	public function delete_tiers( WP_REST_Request $request ): WP_REST_Response {
		$this->guard->assert_scope( $request, null );
		$tier = $this->tier( $request );
		if ( ! $this->catalog->delete_unused_tier( (int) $tier['id'] ) ) {
			throw new ServiceError( ErrorCode::IN_USE, __( 'Licences or prices use this tier, so it cannot be deleted.', 'svc-licensing' ) );
		}
		return self::deleted( self::present_tier( $tier ) );
	}

	/**
	 * GET /admin/prices: a scoped key sees its product's prices.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function list_prices( WP_REST_Request $request ): WP_REST_Response {
		return new WP_REST_Response( array_map( array( self::class, 'present_price' ), $this->catalog->prices( $this->guard->scope( $request ) ) ) );
	}

	/**
	 * POST /admin/prices: a taken processor price id is 409 price_exists.
	 *
	 * @param WP_REST_Request $request Request.
	 * @throws ServiceError On a taken processor price id.
	 */
	public function create_prices( WP_REST_Request $request ): WP_REST_Response {
		$columns = $this->price_columns( $request );
		$id      = $this->catalog->create_price( $columns );
		if ( null === $id ) {
			throw new ServiceError( ErrorCode::PRICE_EXISTS, __( 'A price with this processor price id exists.', 'svc-licensing' ) );
		}
		return new WP_REST_Response( self::present_price( $this->catalog->price( $id ) ), 201 );
	}

	/**
	 * GET /admin/prices/{id}.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function get_prices( WP_REST_Request $request ): WP_REST_Response {
		return new WP_REST_Response( self::present_price( $this->price( $request ) ) );
	}

	/**
	 * PUT /admin/prices/{id}.
	 *
	 * @param WP_REST_Request $request Request.
	 * @throws ServiceError On a taken processor price id.
	 */
	public function update_prices( WP_REST_Request $request ): WP_REST_Response {
		$price   = $this->price( $request );
		$columns = $this->price_columns( $request );
		if ( ! empty( $columns ) && ! $this->catalog->update( Tables::PRICES, (int) $price['id'], $columns ) ) {
			throw new ServiceError( ErrorCode::PRICE_EXISTS, __( 'A price with this processor price id exists.', 'svc-licensing' ) );
		}
		return new WP_REST_Response( self::present_price( $this->catalog->price( (int) $price['id'] ) ) );
	}

	/**
	 * DELETE /admin/prices/{id}: 409 in_use while licences refer to it.
	 *
	 * @param WP_REST_Request $request Request.
	 * @throws ServiceError When in use.
	 */
	public function delete_prices( WP_REST_Request $request ): WP_REST_Response {
		$price = $this->price( $request );
		if ( ! $this->catalog->delete_unused_price( (int) $price['id'] ) ) {
			throw new ServiceError( ErrorCode::IN_USE, __( 'Licences use this price, so it cannot be deleted.', 'svc-licensing' ) );
		}
		return self::deleted( self::present_price( $price ) );
	}

	/**
	 * The tier of the route, or 404.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return array<string, mixed>
	 * @throws ServiceError 404.
	 */
	private function tier( WP_REST_Request $request ): array {
		$tier = $this->catalog->tier( (int) $request['id'] );
		if ( null === $tier ) {
			throw new ServiceError( ErrorCode::NOT_FOUND, __( 'No tier has this id.', 'svc-licensing' ) );
		}
		return $tier;
	}

	/**
	 * The price of the route within the caller's scope, or 404 / 403.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return array<string, mixed>
	 * @throws ServiceError 404 or 403 product_out_of_scope.
	 */
	private function price( WP_REST_Request $request ): array {
		$price = $this->catalog->price( (int) $request['id'] );
		if ( null === $price ) {
			throw new ServiceError( ErrorCode::NOT_FOUND, __( 'No price has this id.', 'svc-licensing' ) );
		}
		$this->guard->assert_scope( $request, (int) $price['product_id'] );
		return $price;
	}

	/**
	 * Tier columns present in the request.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return array<string, mixed>
	 */
	private function tier_columns( WP_REST_Request $request ): array {
		$columns = array();
		if ( $request->has_param( 'label' ) ) {
			$columns['label'] = (string) $request->get_param( 'label' );
		}
		if ( $request->has_param( 'features' ) ) {
			$columns['features'] = (string) wp_json_encode( array_values( array_map( 'strval', (array) $request->get_param( 'features' ) ) ) );
		}
		return $columns;
	}

	/**
	 * Price columns present in the request, with product (in scope) and tier checked.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return array<string, mixed>
	 * @throws ServiceError On an unknown product or tier, or a product out of scope.
	 */
	private function price_columns( WP_REST_Request $request ): array {
		$columns = RequestFields::given( $request, self::price_fields() );
		if ( isset( $columns['product_id'] ) ) {
			$this->guard->assert_scope( $request, (int) $columns['product_id'] );
			if ( null === $this->products->find( (int) $columns['product_id'] ) ) {
				throw ServiceError::invalid_param( 'product_id', __( 'No product has this id.', 'svc-licensing' ), __( 'Unknown product.', 'svc-licensing' ) );
			}
		}
		if ( isset( $columns['tier_id'] ) && ! $this->catalog->tier_exists( (int) $columns['tier_id'] ) ) {
			throw ServiceError::invalid_param( 'tier_id', __( 'No tier has this id.', 'svc-licensing' ), __( 'Unknown tier.', 'svc-licensing' ) );
		}
		return $columns;
	}

	/**
	 * The answer of a deletion.
	 *
	 * @param array<string, mixed> $previous What was deleted.
	 */
	private static function deleted( array $previous ): WP_REST_Response {
		return new WP_REST_Response(
			array(
				'deleted'  => true,
				'previous' => $previous,
			)
		);
	}

	/**
	 * A tier as the API shows it.
	 *
	 * @param array<string, mixed> $row Row.
	 * @return array<string, mixed>
	 */
	public static function present_tier( array $row ): array {
		$features = json_decode( (string) $row['features'], true );
		return array(
			'id'         => (int) $row['id'],
			'label'      => (string) $row['label'],
			'features'   => is_array( $features ) ? $features : array(),
			'created_at' => IsoTime::from_storage( $row['created_at'] ),
		);
	}

	/**
	 * A price as the API shows it.
	 *
	 * @param array<string, mixed> $row Row.
	 * @return array<string, mixed>
	 */
	public static function present_price( array $row ): array {
		return array(
			'id'                 => (int) $row['id'],
			'processor_price_id' => (string) $row['processor_price_id'],
			'product_id'         => (int) $row['product_id'],
			'tier_id'            => null === $row['tier_id'] ? null : (int) $row['tier_id'],
			'activation_limit'   => (int) $row['activation_limit'],
			'period'             => (string) $row['period'],
			'created_at'         => IsoTime::from_storage( $row['created_at'] ),
		);
	}
}
