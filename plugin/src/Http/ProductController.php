<?php
/**
 * Admin: /admin/products and /admin/products/{id}.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use Svc\Licensing\Core\Products;
use Svc\Licensing\Domain\Access\Permission;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\Storage\ProductRepository;
use Svc\Licensing\View\ProductSchema;
use Svc\Licensing\View\ProductView;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * Products CRUD; the use cases are Products'. One schema (fields()) drives the route args, so WordPress validates types, formats and
 * bounds before a callback runs, and the callbacks only ever read fields the schema names.
 */
final class ProductController implements Controller {

	/**
	 * Products.
	 *
	 * @var ProductRepository
	 */
	private $products;

	/**
	 * Product use cases.
	 *
	 * @var Products
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
	 * @param Products          $admin    Product use cases.
	 * @param ProductRepository $products Products, to read.
	 * @param AdminGuard        $guard    Authentication, levels and scope.
	 */
	public function __construct( Products $admin, ProductRepository $products, AdminGuard $guard ) {
		$this->admin    = $admin;
		$this->products = $products;
		$this->guard    = $guard;
	}

	/**
	 * The routes, with their argument schemas.
	 *
	 * @return array<non-falsy-string, array<mixed>> Route => endpoint, or list of endpoints.
	 */
	public function routes(): array {
		$id = array(
			'id' => array(
				'type'    => 'integer',
				'minimum' => 1,
			),
		);
		return array(
			'/admin/products'             => array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => ErrorResponder::wrap( array( $this, 'list_products' ) ),
					'permission_callback' => $this->guard->requires( Permission::READ ),
					'args'                => Pagination::args(),
				),
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => ErrorResponder::wrap( array( $this, 'create' ) ),
					'permission_callback' => $this->guard->requires( Permission::WRITE ),
					'args'                => array_merge( ProductSchema::fields(), array( 'name' => array_merge( ProductSchema::fields()['name'], array( 'required' => true ) ) ) ),
				),
			),
			'/admin/products/(?P<id>\d+)' => array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => ErrorResponder::wrap( array( $this, 'get' ) ),
					'permission_callback' => $this->guard->requires( Permission::READ ),
					'args'                => $id,
				),
				array(
					'methods'             => 'PUT, PATCH',
					'callback'            => ErrorResponder::wrap( array( $this, 'update' ) ),
					'permission_callback' => $this->guard->requires( Permission::WRITE ),
					'args'                => array_merge( ProductSchema::fields(), $id ),
				),
				array(
					'methods'             => WP_REST_Server::DELETABLE,
					'callback'            => ErrorResponder::wrap( array( $this, 'delete' ) ),
					'permission_callback' => $this->guard->requires( Permission::ADMIN ),
					'args'                => $id,
				),
			),
		);
	}

	/**
	 * GET /admin/products: an array, totals in X-WP-Total and X-WP-TotalPages (decisions.md).
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function list_products( WP_REST_Request $request ): WP_REST_Response {
		list( $page, $per_page ) = Pagination::from_request( $request );
		list( $rows, $total )    = $this->products->page( $page, $per_page, $this->guard->scope( $request ) );
		$response                = new WP_REST_Response( array_map( array( ProductView::class, 'present' ), $rows ) );
		Pagination::headers( $response, $total, $per_page );
		return $response;
	}

	/**
	 * POST /admin/products: 201 with the product; a taken slug is 409 product_slug_exists.
	 *
	 * @param WP_REST_Request $request Request.
	 * @throws ServiceError On a scoped key, a bad slug or a taken one.
	 */
	public function create( WP_REST_Request $request ): WP_REST_Response {
		$this->guard->assert_scope( $request, null );
		return new WP_REST_Response( ProductView::present( $this->admin->create( RequestFields::given( $request, ProductSchema::fields() ), $this->guard->actor( $request ) ) ), 201 );
	}

	/**
	 * GET /admin/products/{id}.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function get( WP_REST_Request $request ): WP_REST_Response {
		return new WP_REST_Response( ProductView::present( $this->existing( $request ) ) );
	}

	/**
	 * PUT /admin/products/{id}: only the given fields change; the whole product comes back.
	 *
	 * @param WP_REST_Request $request Request.
	 * @throws ServiceError On a taken slug.
	 */
	public function update( WP_REST_Request $request ): WP_REST_Response {
		$product = $this->existing( $request );
		return new WP_REST_Response( ProductView::present( $this->admin->update( $product['id'], RequestFields::given( $request, ProductSchema::fields() ), $this->guard->actor( $request ) ) ) );
	}

	/**
	 * DELETE /admin/products/{id}: refused with 409 product_has_licenses while licences exist.
	 *
	 * @param WP_REST_Request $request Request.
	 * @throws ServiceError When licences exist.
	 */
	public function delete( WP_REST_Request $request ): WP_REST_Response {
		$product = $this->existing( $request );
		$this->admin->delete( $product['id'], $this->guard->actor( $request ) );
		return new WP_REST_Response(
			array(
				'deleted'  => true,
				'previous' => ProductView::present( $product ),
			)
		);
	}

	/**
	 * The product of the route's id, within the caller's scope.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return array<string, mixed>
	 * @throws ServiceError 404 not_found or 403 product_out_of_scope.
	 */
	private function existing( WP_REST_Request $request ): array {
		return ( new ScopedProduct( $this->products, $this->guard ) )->get( $request, (int) $request['id'] );
	}
}
