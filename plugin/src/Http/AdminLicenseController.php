<?php
/**
 * Admin: /admin/licenses and everything below it.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use WP_Error;
use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\Http\ListCursor;
use Svc\Licensing\Core\LicenseAdmin;
use Svc\Licensing\Core\Licenses;
use Svc\Licensing\Domain\Access\Permission;
use Svc\Licensing\Domain\IsoTime;
use Svc\Licensing\Domain\License\LicenseStatus;
use Svc\Licensing\Storage\LicenseRepository;
use Svc\Licensing\View\ChoiceSchema;
use Svc\Licensing\View\LicenseView;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * Licences for site owners: list (filters, search, pagination envelope), create (full key once), get, update,
 * cancel or delete, rotate the key. The use cases are LicenseAdmin's and Licences'; this maps HTTP to them and
 * checks the API key's product scope. A licence's activations are AdminActivationController's.
 */
final class AdminLicenseController implements Controller {

	/**
	 * Admin licence use cases.
	 *
	 * @var LicenseAdmin
	 */
	private $admin;

	/**
	 * Licence use cases (cancel, delete).
	 *
	 * @var Licenses
	 */
	private $licenses;

	/**
	 * Authentication, levels and scope.
	 *
	 * @var AdminGuard
	 */
	private $guard;

	/**
	 * Constructor.
	 *
	 * @param LicenseAdmin $admin    Admin licence use cases.
	 * @param Licenses     $licenses Licence use cases (cancel, delete).
	 * @param AdminGuard   $guard    Authentication, levels and scope.
	 */
	public function __construct( LicenseAdmin $admin, Licenses $licenses, AdminGuard $guard ) {
		$this->admin    = $admin;
		$this->licenses = $licenses;
		$this->guard    = $guard;
	}

	/**
	 * Writable licence fields as JSON schema.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	public static function fields(): array {
		return array(
			'customer_name'    => array(
				'type'      => 'string',
				'maxLength' => 200,
			),
			'customer_email'   => array(
				'type'      => 'string',
				'maxLength' => 254,
			),
			'status'           => array(
				'type' => 'string',
				'enum' => LicenseStatus::ALL,
			),
			'activation_limit' => array(
				'type'    => 'integer',
				'minimum' => 1,
				'maximum' => 1000000,
			),
			'expires'          => array(
				'type'   => array( 'string', 'null' ),
				'format' => 'date-time',
			),
			'tier_id'          => array(
				'type'    => array( 'integer', 'null' ),
				'minimum' => 1,
			),
			'price_id'         => array(
				'type'    => array( 'integer', 'null' ),
				'minimum' => 1,
			),
		) + ChoiceSchema::fields();
	}

	/**
	 * The routes, with their argument schemas.
	 *
	 * @return array<non-falsy-string, array<mixed>> Route => list of endpoints.
	 */
	public function routes(): array {
		$id    = Api::ID_ARG;
		$base  = '/admin/licenses';
		$force = array(
			'force' => array(
				'type'    => 'boolean',
				'default' => false,
			),
		);
		return array(
			$base                             => array(
				$this->guard->endpoint( WP_REST_Server::READABLE, array( $this, 'list_licenses' ), Permission::READ, array_merge( Pagination::args(), self::filters(), self::cursor() ) ),
				$this->guard->endpoint( WP_REST_Server::CREATABLE, array( $this, 'create' ), Permission::WRITE, self::create_args() ),
			),
			$base . '/status-counts'          => array(
				$this->guard->endpoint( WP_REST_Server::READABLE, array( $this, 'status_counts' ), Permission::READ, self::filters() ),
			),
			$base . '/(?P<id>\d+)'            => array(
				$this->guard->endpoint( WP_REST_Server::READABLE, array( $this, 'get' ), Permission::READ, $id ),
				$this->guard->endpoint( 'PUT, PATCH', array( $this, 'update' ), Permission::WRITE, array_merge( self::fields(), $id ) ),
				$this->guard->endpoint( WP_REST_Server::DELETABLE, array( $this, 'delete' ), Permission::ADMIN, array_merge( $id, $force ) ),
			),
			$base . '/(?P<id>\d+)/rotate-key' => array( $this->guard->endpoint( WP_REST_Server::CREATABLE, array( $this, 'rotate' ), Permission::WRITE, $id ) ),
		);
	}

	/**
	 * The keyset cursor of the list: `next_cursor` of the page before, instead of a page number.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	private static function cursor(): array {
		return array(
			'cursor' => array(
				'description'       => 'Start right after the last licence of the page that answered this next_cursor (the same filters and order); page is then ignored.',
				'type'              => 'string',
				'maxLength'         => 2048,
				'validate_callback' => static function ( $value ) {
					return null !== ListCursor::decode( (string) $value ) ? true : new WP_Error(
						ErrorCode::INVALID_PARAMS,
						__( 'cursor is not one this list gave out. Use the next_cursor of the page before, or ask for a page by number.', 'svc-licensing' ),
						array( 'status' => 400 )
					);
				},
			),
		);
	}

	/**
	 * List filters.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	private static function filters(): array {
		return array(
			'status'         => array(
				'type' => 'string',
				'enum' => LicenseStatus::ALL,
			),
			'product_id'     => array(
				'type'    => 'integer',
				'minimum' => 1,
			),
			'search'         => array(
				'type'      => 'string',
				'maxLength' => 200,
			),
			'expires_after'  => array(
				'description' => 'Licences that expire at or after this time (ISO 8601); lifetime licences never match.',
				'type'        => 'string',
				'format'      => 'date-time',
			),
			'expires_before' => array(
				'description' => 'Licences that expire at or before this time (ISO 8601); lifetime licences never match.',
				'type'        => 'string',
				'format'      => 'date-time',
			),
			'orderby'        => array(
				'type'    => 'string',
				'enum'    => array_keys( LicenseRepository::SORTABLE ),
				'default' => 'created_at',
			),
			'order'          => array(
				'type'    => 'string',
				'enum'    => array( 'asc', 'desc' ),
				'default' => 'desc',
			),
		);
	}

	/**
	 * Create args: the fields, with product_id and customer_email required.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	private static function create_args(): array {
		$args                               = self::fields();
		$args['customer_email']['required'] = true;
		$args['product_id']                 = array(
			'type'     => 'integer',
			'minimum'  => 1,
			'required' => true,
		);
		return $args;
	}

	/**
	 * GET /admin/licenses: the pagination envelope.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function list_licenses( WP_REST_Request $request ): WP_REST_Response {
		list( $page, $per_page ) = Pagination::from_request( $request );
		$cursor                  = null === $request['cursor'] ? null : ListCursor::decode( (string) $request['cursor'] );
		$found                   = $this->admin->page( $this->list_filters( $request ), $page, $per_page, array( (string) $request['orderby'], (string) $request['order'] ), $cursor );
		return new WP_REST_Response(
			array_merge(
				Pagination::envelope( array_map( array( LicenseView::class, 'present' ), $found['rows'] ), $found['total'], $page, $per_page ),
				array(
					'total_exact' => $found['exact'],
					'next_cursor' => null === $found['next'] ? null : $found['next']->encode(),
				)
			)
		);
	}

	/**
	 * GET /admin/licenses/status-counts: the list's status views, `{ total, statuses: { active: n, … } }` for the
	 * list's filters (status aside). Not in the spec; the panel's views ask it (docs/api-decisions.md).
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function status_counts( WP_REST_Request $request ): WP_REST_Response {
		return new WP_REST_Response( $this->admin->status_counts( $this->list_filters( $request ) ) );
	}

	/**
	 * The list's filters from the query, a scoped key's product forced, expiry bounds in storage format.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return array{status?: string, product_id?: int, search?: string, expires_after?: string, expires_before?: string}
	 */
	private function list_filters( WP_REST_Request $request ): array {
		$filters = array();
		foreach ( array( 'status', 'search' ) as $name ) {
			if ( null !== $request->get_param( $name ) ) {
				$filters[ $name ] = (string) $request->get_param( $name );
			}
		}
		foreach ( array( 'expires_after', 'expires_before' ) as $name ) {
			if ( null !== $request->get_param( $name ) ) {
				$filters[ $name ] = IsoTime::to_storage( (int) strtotime( (string) $request->get_param( $name ) ) );
			}
		}
		$product = $this->guard->product_filter( $request, null === $request->get_param( 'product_id' ) ? null : (int) $request->get_param( 'product_id' ) );
		if ( null !== $product ) {
			$filters['product_id'] = $product;
		}
		return $filters;
	}

	/**
	 * POST /admin/licenses: 201 with the full key, the only time it is shown.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function create( WP_REST_Request $request ): WP_REST_Response {
		$product_id = (int) $request->get_param( 'product_id' );
		$this->guard->assert_scope( $request, $product_id );
		list( $key, $license ) = $this->admin->create( $product_id, RequestFields::given( $request, self::fields() ), $this->guard->actor( $request ) );
		return new WP_REST_Response( array_merge( array( 'license_key' => $key ), LicenseView::present( $license ) ), 201 );
	}

	/**
	 * GET /admin/licenses/{id}.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function get( WP_REST_Request $request ): WP_REST_Response {
		return new WP_REST_Response( LicenseView::present( $this->existing( $request ) ) );
	}

	/**
	 * PUT /admin/licenses/{id}: only the given fields change; the whole licence comes back (key masked).
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function update( WP_REST_Request $request ): WP_REST_Response {
		$license = $this->existing( $request );
		return new WP_REST_Response( LicenseView::present( $this->admin->update( $license['id'], RequestFields::given( $request, self::fields() ), $this->guard->actor( $request ) ) ) );
	}

	/**
	 * DELETE /admin/licenses/{id}: cancels (record kept, activations removed); ?force=true deletes for good.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function delete( WP_REST_Request $request ): WP_REST_Response {
		$license = $this->existing( $request );
		if ( $request->get_param( 'force' ) ) {
			$this->licenses->delete( $license['id'], $this->guard->actor( $request ) );
			return new WP_REST_Response(
				array(
					'deleted'  => true,
					'previous' => LicenseView::present( $license ),
				)
			);
		}
		$this->licenses->cancel( $license['id'], $this->guard->actor( $request ) );
		return new WP_REST_Response( LicenseView::present( $this->admin->find( $license['id'] ) ) );
	}

	/**
	 * POST /admin/licenses/{id}/rotate-key: a new key; the old one stops working at once.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function rotate( WP_REST_Request $request ): WP_REST_Response {
		$license = $this->existing( $request );
		$key     = $this->admin->rotate_key( $license, $this->guard->actor( $request ) );
		return new WP_REST_Response( LicenseView::rotated( $license, $key, time() ) );
	}

	/**
	 * The licence of the route's id, within the caller's scope.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return array<string, mixed>
	 */
	private function existing( WP_REST_Request $request ): array {
		return $this->admin->find( (int) $request['id'], $this->guard->scope_check( $request ) );
	}
}
