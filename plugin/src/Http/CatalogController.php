<?php
/**
 * Admin: /admin/tiers and /admin/prices (decisions.md).
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use Svc\Licensing\Core\Catalog;
use Svc\Licensing\Domain\Access\Permission;
use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\Storage\CatalogRepository;
use Svc\Licensing\View\PriceView;
use Svc\Licensing\View\TierView;
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
	 * Catalogue use cases.
	 *
	 * @var Catalog
	 */
	private $admin;

	/**
	 * Authentication, levels and scope.
	 *
	 * @var AdminGuard
	 */
	private $guard;

	/**
	 * Constructor.
	 *
	 * @param Catalog           $admin   Catalogue use cases.
	 * @param CatalogRepository $catalog Tiers and prices, to read.
	 * @param AdminGuard        $guard   Authentication, levels and scope.
	 */
	public function __construct( Catalog $admin, CatalogRepository $catalog, AdminGuard $guard ) {
		$this->admin   = $admin;
		$this->catalog = $catalog;
		$this->guard   = $guard;
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
			// Not in the spec (docs/api-decisions.md): what the price costs, as Stripe's price object has it.
			'amount'             => array(
				'description' => 'What the price costs, in major units (19.99); stored in minor units as unit_amount. Needs currency; null when unknown.',
				'type'        => array( 'number', 'null' ),
				'minimum'     => 0,
				'maximum'     => 100000000,
			),
			'currency'           => array(
				'description' => 'ISO 4217 code of the amount; null when unknown. Catalog checks its form.',
				'type'        => array( 'string', 'null' ),
				'maxLength'   => 20,
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
		return new WP_REST_Response( array_map( array( TierView::class, 'present' ), $this->catalog->tiers() ) );
	}

	/**
	 * POST /admin/tiers.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function create_tiers( WP_REST_Request $request ): WP_REST_Response {
		$this->guard->assert_scope( $request, null );
		return new WP_REST_Response( TierView::present( $this->admin->create_tier( RequestFields::given( $request, self::tier_fields() ) ) ), 201 );
	}

	/**
	 * GET /admin/tiers/{id}.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function get_tiers( WP_REST_Request $request ): WP_REST_Response {
		return new WP_REST_Response( TierView::present( $this->tier( $request ) ) );
	}

	/**
	 * PUT /admin/tiers/{id}.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function update_tiers( WP_REST_Request $request ): WP_REST_Response {
		$this->guard->assert_scope( $request, null );
		$tier = $this->tier( $request );
		return new WP_REST_Response( TierView::present( $this->admin->update_tier( (int) $tier['id'], RequestFields::given( $request, self::tier_fields() ) ) ) );
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
		$this->admin->delete_tier( (int) $tier['id'] );
		return self::deleted( TierView::present( $tier ) );
	}

	/**
	 * GET /admin/prices: a scoped key sees its product's prices.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function list_prices( WP_REST_Request $request ): WP_REST_Response {
		return new WP_REST_Response( array_map( array( PriceView::class, 'present' ), $this->catalog->prices( $this->guard->scope( $request ) ) ) );
	}

	/**
	 * POST /admin/prices: a taken processor price id is 409 price_exists.
	 *
	 * @param WP_REST_Request $request Request.
	 * @throws ServiceError On a taken processor price id.
	 */
	public function create_prices( WP_REST_Request $request ): WP_REST_Response {
		$price = $this->admin->create_price( RequestFields::given( $request, self::price_fields() ), $this->guard->scope_check( $request ) );
		return new WP_REST_Response( PriceView::present( $price ), 201 );
	}

	/**
	 * GET /admin/prices/{id}.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function get_prices( WP_REST_Request $request ): WP_REST_Response {
		return new WP_REST_Response( PriceView::present( $this->price( $request ) ) );
	}

	/**
	 * PUT /admin/prices/{id}.
	 *
	 * @param WP_REST_Request $request Request.
	 * @throws ServiceError On a taken processor price id.
	 */
	public function update_prices( WP_REST_Request $request ): WP_REST_Response {
		$price = $this->price( $request );
		$price = $this->admin->update_price( (int) $price['id'], RequestFields::given( $request, self::price_fields() ), $this->guard->scope_check( $request ) );
		return new WP_REST_Response( PriceView::present( $price ) );
	}

	/**
	 * DELETE /admin/prices/{id}: 409 in_use while licences refer to it.
	 *
	 * @param WP_REST_Request $request Request.
	 * @throws ServiceError When in use.
	 */
	public function delete_prices( WP_REST_Request $request ): WP_REST_Response {
		$price = $this->price( $request );
		$this->admin->delete_price( (int) $price['id'] );
		return self::deleted( PriceView::present( $price ) );
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
}
