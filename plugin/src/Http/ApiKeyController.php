<?php
/**
 * Admin: /admin/api-keys.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use Svc\Licensing\Core\ApiKeys;
use Svc\Licensing\Domain\Access\Permission;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\Storage\ApiKeyRepository;
use Svc\Licensing\View\ApiKeyView;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * All three routes need admin (decisions.md). The key itself is answered once, at creation; lists show the
 * 8-character prefix. A product-scoped admin key manages only keys of its own product.
 */
final class ApiKeyController implements Controller {

	/**
	 * Keys.
	 *
	 * @var ApiKeyRepository
	 */
	private $keys;

	/**
	 * Key use cases.
	 *
	 * @var ApiKeys
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
	 * @param ApiKeys          $admin Key use cases.
	 * @param ApiKeyRepository $keys  Keys, to list.
	 * @param AdminGuard       $guard Authentication, levels and scope.
	 */
	public function __construct( ApiKeys $admin, ApiKeyRepository $keys, AdminGuard $guard ) {
		$this->admin = $admin;
		$this->keys  = $keys;
		$this->guard = $guard;
	}

	/**
	 * The routes, with their argument schemas.
	 *
	 * @return array<non-falsy-string, array<mixed>> Route => endpoint, or list of endpoints.
	 */
	public function routes(): array {
		$admin = $this->guard->requires( Permission::ADMIN );
		return array(
			'/admin/api-keys'             => array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => ErrorResponder::wrap( array( $this, 'list_keys' ) ),
					'permission_callback' => $admin,
					'args'                => array(
						'include_revoked' => array(
							'type'    => 'boolean',
							'default' => false,
						),
					),
				),
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => ErrorResponder::wrap( array( $this, 'create' ) ),
					'permission_callback' => $admin,
					'args'                => array(
						'label'       => array(
							'title'     => __( 'Label', 'svc-licensing' ),
							'invalid'   => __( 'Enter a label of at most 200 characters, such as "Build server".', 'svc-licensing' ),
							'type'      => 'string',
							'required'  => true,
							'minLength' => 1,
							'maxLength' => 200,
						),
						'permissions' => array(
							'type'     => 'string',
							'required' => true,
							'enum'     => Permission::LEVELS,
						),
						'product_id'  => array(
							'type'    => array( 'integer', 'null' ),
							'minimum' => 1,
							'default' => null,
						),
					),
				),
			),
			'/admin/api-keys/(?P<id>\d+)' => array(
				'methods'             => WP_REST_Server::DELETABLE,
				'callback'            => ErrorResponder::wrap( array( $this, 'revoke' ) ),
				'permission_callback' => $admin,
				'args'                => array(
					'id' => array(
						'type'    => 'integer',
						'minimum' => 1,
					),
				),
			),
		);
	}

	/**
	 * GET /admin/api-keys: no secrets; revoked keys only with include_revoked=true.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function list_keys( WP_REST_Request $request ): WP_REST_Response {
		$rows = $this->keys->all( (bool) $request->get_param( 'include_revoked' ), $this->guard->scope( $request ) );
		return new WP_REST_Response( array_map( array( ApiKeyView::class, 'present' ), $rows ) );
	}

	/**
	 * POST /admin/api-keys: 201 with the full key, the only time it is shown.
	 *
	 * @param WP_REST_Request $request Request.
	 * @throws ServiceError On an unknown product or one outside the caller's scope.
	 */
	public function create( WP_REST_Request $request ): WP_REST_Response {
		$product_id = null === $request->get_param( 'product_id' ) ? null : (int) $request->get_param( 'product_id' );
		$this->guard->assert_scope( $request, $product_id );
		list( $api_key, $row ) = $this->admin->create( (string) $request->get_param( 'label' ), (string) $request->get_param( 'permissions' ), $product_id, $this->guard->actor( $request ) );
		return new WP_REST_Response( ApiKeyView::created( $row, $api_key ), 201 );
	}

	/**
	 * DELETE /admin/api-keys/{id}: revoked at once, kept for the record.
	 *
	 * @param WP_REST_Request $request Request.
	 * @throws ServiceError 404 for an unknown or already revoked key.
	 */
	public function revoke( WP_REST_Request $request ): WP_REST_Response {
		$key = $this->admin->revoke(
			(int) $request['id'],
			function ( ?int $product_id ) use ( $request ): void {
				$this->guard->assert_scope( $request, $product_id );
			},
			$this->guard->actor( $request )
		);
		return new WP_REST_Response(
			array(
				'deleted' => true,
				'id'      => $key['id'],
			)
		);
	}
}
