<?php
/**
 * Admin: GET and PUT /admin/settings.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use Svc\Licensing\Domain\Access\Permission;
use Svc\Licensing\Storage\Settings;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * Admin only, and not for product-scoped keys: settings span products. The schema in Settings drives both the
 * route args and the validation. The signing secret is write-only.
 */
final class SettingsController implements Controller {

	/**
	 * Settings.
	 *
	 * @var Settings
	 */
	private $settings;

	/**
	 * Authentication, levels and scope.
	 *
	 * @var AdminGuard
	 */
	private $guard;

	/**
	 * Constructor.
	 *
	 * @param Settings   $settings Settings.
	 * @param AdminGuard $guard    Authentication, levels and scope.
	 */
	public function __construct( Settings $settings, AdminGuard $guard ) {
		$this->settings = $settings;
		$this->guard    = $guard;
	}

	/**
	 * Routes.
	 */
	public function register_routes(): void {
		register_rest_route(
			Api::NAMESPACE,
			'/admin/settings',
			array(
				$this->guard->endpoint( WP_REST_Server::READABLE, array( $this, 'get' ), Permission::ADMIN ),
				$this->guard->endpoint( 'PUT, PATCH', array( $this, 'update' ), Permission::ADMIN, Settings::schema() ),
			)
		);
	}

	/**
	 * GET /admin/settings.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function get( WP_REST_Request $request ): WP_REST_Response {
		$this->guard->assert_scope( $request, null );
		return new WP_REST_Response( $this->settings->public_view() );
	}

	/**
	 * PUT /admin/settings: only the given settings change; answers all of them.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function update( WP_REST_Request $request ): WP_REST_Response {
		$this->guard->assert_scope( $request, null );
		$this->settings->update( RequestFields::given( $request, Settings::schema() ) );
		return new WP_REST_Response( $this->settings->public_view() );
	}
}
