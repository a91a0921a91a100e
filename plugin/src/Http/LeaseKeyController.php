<?php
/**
 * GET /keys (public) and /admin/lease-keys (rotation).
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use Svc\Licensing\Core\LeaseKeyAdmin;
use Svc\Licensing\Domain\Access\Permission;
use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\ServiceError;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * The public keys clients verify leases with, and the admin's rotation steps (Core\LeaseKeyAdmin, the same
 * service `wp svc lease-key` calls).
 */
final class LeaseKeyController implements Controller {

	/**
	 * Rotation.
	 *
	 * @var LeaseKeyAdmin
	 */
	private $admin;

	/**
	 * Authentication and levels.
	 *
	 * @var AdminGuard
	 */
	private $guard;

	/**
	 * Constructor.
	 *
	 * @param LeaseKeyAdmin $admin Rotation.
	 * @param AdminGuard    $guard Authentication and levels.
	 */
	public function __construct( LeaseKeyAdmin $admin, AdminGuard $guard ) {
		$this->admin = $admin;
		$this->guard = $guard;
	}

	/**
	 * The routes.
	 *
	 * @return array<non-falsy-string, array<mixed>>
	 */
	public function routes(): array {
		$admin = $this->guard->requires( Permission::ADMIN );
		return array(
			'/keys'                                   => array(
				'methods'             => WP_REST_Server::READABLE,
				'callback'            => ErrorResponder::wrap( array( $this, 'keys' ) ),
				'permission_callback' => '__return_true',
			),
			'/admin/lease-keys'                       => array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => ErrorResponder::wrap( array( $this, 'overview' ) ),
					'permission_callback' => $admin,
				),
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => ErrorResponder::wrap( array( $this, 'prepare' ) ),
					'permission_callback' => $admin,
				),
			),
			'/admin/lease-keys/promote'               => array(
				'methods'             => WP_REST_Server::CREATABLE,
				'callback'            => ErrorResponder::wrap( array( $this, 'promote' ) ),
				'permission_callback' => $admin,
			),
			'/admin/lease-keys/(?P<kid>[a-f0-9]{16})' => array(
				'methods'             => WP_REST_Server::DELETABLE,
				'callback'            => ErrorResponder::wrap( array( $this, 'retire' ) ),
				'permission_callback' => $admin,
				'args'                => array(
					'force' => array(
						'description' => 'Retire a key whose leases may still be valid (clients then refuse them).',
						'type'        => 'boolean',
						'default'     => false,
					),
				),
			),
		);
	}

	/**
	 * GET /keys: the published public keys, active first, and the revoked key ids signed by the active key
	 * (docs/leases.md); cacheable for five minutes.
	 *
	 * @throws ServiceError 503 lease_keys_unavailable while the keys are missing or replaced.
	 */
	public function keys(): WP_REST_Response {
		$keys = $this->admin->published();
		if ( array() === $keys ) {
			throw new ServiceError( ErrorCode::LEASE_KEYS_UNAVAILABLE, __( 'The lease keys are not available right now.', 'svc-licensing' ), null, array( 'retry_after' => 300 ) );
		}
		$response = new WP_REST_Response(
			array(
				'keys'    => $keys,
				'revoked' => $this->admin->revocation(),
			)
		);
		$response->header( 'Cache-Control', 'public, max-age=300' );
		return $response;
	}

	/**
	 * GET /admin/lease-keys: the keys and the state of their storage.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function overview( WP_REST_Request $request ): WP_REST_Response {
		$this->guard->assert_scope( $request, null );
		return new WP_REST_Response( $this->admin->overview() );
	}

	/**
	 * POST /admin/lease-keys: 201 with the next key, endorsed by the active one.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function prepare( WP_REST_Request $request ): WP_REST_Response {
		$this->guard->assert_scope( $request, null );
		return new WP_REST_Response( $this->admin->prepare( $this->guard->actor( $request ) ), 201 );
	}

	/**
	 * POST /admin/lease-keys/promote: the new active key.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function promote( WP_REST_Request $request ): WP_REST_Response {
		$this->guard->assert_scope( $request, null );
		return new WP_REST_Response( $this->admin->promote( $this->guard->actor( $request ) ) );
	}

	/**
	 * DELETE /admin/lease-keys/{kid}: 204.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function retire( WP_REST_Request $request ): WP_REST_Response {
		$this->guard->assert_scope( $request, null );
		$this->admin->retire( (string) $request->get_param( 'kid' ), (bool) $request->get_param( 'force' ), $this->guard->actor( $request ) );
		return new WP_REST_Response( null, 204 );
	}
}
