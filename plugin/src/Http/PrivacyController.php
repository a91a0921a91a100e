<?php
/**
 * Admin: POST /admin/privacy/export and /admin/privacy/erase.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use Svc\Licensing\Core\EmailField;

use Svc\Licensing\Domain\Access\Permission;
use Svc\Licensing\Domain\IsoTime;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\Privacy\PersonalData;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * Admin only. A product-scoped key cannot use them: a person's data spans products.
 */
final class PrivacyController implements Controller {

	/**
	 * Personal data.
	 *
	 * @var PersonalData
	 */
	private $data;

	/**
	 * Authentication, levels and scope.
	 *
	 * @var AdminGuard
	 */
	private $guard;

	/**
	 * Constructor.
	 *
	 * @param PersonalData $data  Personal data.
	 * @param AdminGuard   $guard Authentication, levels and scope.
	 */
	public function __construct( PersonalData $data, AdminGuard $guard ) {
		$this->data  = $data;
		$this->guard = $guard;
	}

	/**
	 * The routes, with their argument schemas.
	 *
	 * @return array<non-falsy-string, array<mixed>> Route => endpoint, or list of endpoints.
	 */
	public function routes(): array {
		$routes = array();
		$args   = array(
			'email' => array(
				'type'      => 'string',
				'required'  => true,
				'maxLength' => 320,
			),
		);
		foreach ( array( 'export', 'erase' ) as $action ) {
			$routes[ '/admin/privacy/' . $action ] = array(
				'methods'             => WP_REST_Server::CREATABLE,
				'callback'            => ErrorResponder::wrap( array( $this, $action ) ),
				'permission_callback' => $this->guard->requires( Permission::ADMIN ),
				'args'                => $args,
			);
		}
		return $routes;
	}

	/**
	 * POST /admin/privacy/export.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function export( WP_REST_Request $request ): WP_REST_Response {
		$email = $this->email( $request );
		return new WP_REST_Response(
			array(
				'email'  => $email,
				'export' => $this->data->export( $email ),
			)
		);
	}

	/**
	 * POST /admin/privacy/erase.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function erase( WP_REST_Request $request ): WP_REST_Response {
		$affected = $this->data->erase( $this->email( $request ) );
		return new WP_REST_Response(
			array(
				'erased'           => true,
				'records_affected' => $affected,
				'erased_at'        => IsoTime::format( time() ),
			)
		);
	}

	/**
	 * The request's email, normalised; a scoped key is refused.
	 *
	 * @param WP_REST_Request $request Request.
	 * @throws ServiceError On a bad email or a scoped key.
	 */
	private function email( WP_REST_Request $request ): string {
		$this->guard->assert_scope( $request, null );
		return EmailField::address( (string) $request->get_param( 'email' ) );
	}
}
