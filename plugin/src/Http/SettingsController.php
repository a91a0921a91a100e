<?php
/**
 * Admin: GET and PUT /admin/settings.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use Svc\Licensing\Core\SiteSettings;
use Svc\Licensing\Domain\Access\Permission;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\Storage\Settings;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * Admin only, and not for product-scoped keys: settings span products. The schema in Settings drives both the
 * route args and the validation. The signing secret is write-only; fast_lane_state is read-only.
 *
 * Whether deleting the plugin erases the data is not among them: /admin/settings/data-removal shows what would be
 * erased and changes the choice only for an administrator signed in to wp-admin who types the site's name.
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
	 * Settings use cases, data removal included.
	 *
	 * @var SiteSettings
	 */
	private $admin;

	/**
	 * Whether the fast lane is active on this server: on, off, unwritable, stale, multisite or file_mods_disallowed
	 * (Lane\Loader::state).
	 *
	 * @var callable(): string
	 */
	private $lane_state;

	/**
	 * Constructor.
	 *
	 * @param SiteSettings       $admin      Settings use cases, data removal included.
	 * @param Settings           $settings   Settings, to read.
	 * @param AdminGuard         $guard      Authentication, levels and scope.
	 * @param callable(): string $lane_state The fast lane's state on this server.
	 */
	public function __construct( SiteSettings $admin, Settings $settings, AdminGuard $guard, callable $lane_state ) {
		$this->admin      = $admin;
		$this->settings   = $settings;
		$this->guard      = $guard;
		$this->lane_state = $lane_state;
	}

	/**
	 * The routes, with their argument schemas.
	 *
	 * @return array<non-falsy-string, array<mixed>> Route => endpoint, or list of endpoints.
	 */
	public function routes(): array {
		return array(
			'/admin/settings'              => array(
				$this->guard->endpoint( WP_REST_Server::READABLE, array( $this, 'get' ), Permission::ADMIN ),
				$this->guard->endpoint( 'PUT, PATCH', array( $this, 'update' ), Permission::ADMIN, Settings::schema() ),
			),
			'/admin/settings/data-removal' => array(
				$this->guard->endpoint( WP_REST_Server::READABLE, array( $this, 'data_removal' ), Permission::ADMIN ),
				$this->guard->endpoint(
					'PUT, PATCH',
					array( $this, 'set_data_removal' ),
					Permission::ADMIN,
					array(
						'remove_on_uninstall' => array(
							'description' => 'Erase every licence, product, release file and setting when the plugin is deleted.',
							'type'        => 'boolean',
							'required'    => true,
						),
						'confirm'             => array(
							'description' => "The site's name, typed; needed to turn removal on.",
							'type'        => 'string',
							'maxLength'   => 500,
						),
					)
				),
			),
		);
	}

	/**
	 * GET /admin/settings/data-removal: the choice, what deleting would erase, and what to type to opt in.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function data_removal( WP_REST_Request $request ): WP_REST_Response {
		$this->guard->assert_scope( $request, null );
		return new WP_REST_Response( $this->admin->data_removal() );
	}

	/**
	 * PUT /admin/settings/data-removal: turning removal on needs the site's name typed; off needs nothing.
	 *
	 * @param WP_REST_Request $request Request.
	 * @throws ServiceError 403 for API keys, 400 when the typed name does not match.
	 */
	public function set_data_removal( WP_REST_Request $request ): WP_REST_Response {
		$this->guard->assert_scope( $request, null );
		$this->guard->assert_person( $request );
		return new WP_REST_Response( $this->admin->set_data_removal( (bool) $request->get_param( 'remove_on_uninstall' ), (string) $request->get_param( 'confirm' ), $this->guard->actor( $request ) ) );
	}

	/**
	 * GET /admin/settings.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function get( WP_REST_Request $request ): WP_REST_Response {
		$this->guard->assert_scope( $request, null );
		return new WP_REST_Response( $this->view() );
	}

	/**
	 * PUT /admin/settings: only the given settings change; answers all of them.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function update( WP_REST_Request $request ): WP_REST_Response {
		$this->guard->assert_scope( $request, null );
		$values = RequestFields::given( $request, Settings::schema() );
		if ( array() !== array_intersect_key( $values, array_flip( Settings::PERSON_ONLY ) ) ) {
			$this->guard->assert_person( $request );
		}
		$this->admin->update( $values, $this->guard->actor( $request ) );
		return new WP_REST_Response( $this->view() );
	}

	/**
	 * Every setting, and whether the fast lane is active on this server (read-only; after a PUT, the loader has
	 * already been written or removed for the new value).
	 *
	 * @return array<string, mixed>
	 */
	private function view(): array {
		return $this->settings->public_view() + array( 'fast_lane_state' => (string) call_user_func( $this->lane_state ) );
	}
}
