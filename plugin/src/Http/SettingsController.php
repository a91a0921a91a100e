<?php
/**
 * Admin: GET and PUT /admin/settings.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use Svc\Licensing\Domain\Access\Permission;
use Svc\Licensing\Domain\DataRemoval;
use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\Storage\DataInventory;
use Svc\Licensing\Storage\Settings;
use Svc\Licensing\Storage\UninstallPolicy;
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
	 * Whether deleting the plugin erases the data.
	 *
	 * @var UninstallPolicy
	 */
	private $policy;

	/**
	 * What would be erased.
	 *
	 * @var DataInventory
	 */
	private $inventory;

	/**
	 * Whether the fast lane is active on this server: on, off, unwritable, stale or multisite (Lane\Loader::state).
	 *
	 * @var callable(): string
	 */
	private $lane_state;

	/**
	 * Constructor.
	 *
	 * @param Settings           $settings   Settings.
	 * @param AdminGuard         $guard      Authentication, levels and scope.
	 * @param UninstallPolicy    $policy     Whether deleting the plugin erases the data.
	 * @param DataInventory      $inventory  What would be erased.
	 * @param callable(): string $lane_state The fast lane's state on this server.
	 */
	public function __construct( Settings $settings, AdminGuard $guard, UninstallPolicy $policy, DataInventory $inventory, callable $lane_state ) {
		$this->settings   = $settings;
		$this->guard      = $guard;
		$this->policy     = $policy;
		$this->inventory  = $inventory;
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
		return new WP_REST_Response(
			array(
				'remove_on_uninstall' => $this->policy->removes_data(),
				'opted_in'            => $this->policy->opted_in(),
				'forced_by_constant'  => $this->policy->forced_by_constant(),
				'constant'            => UninstallPolicy::CONSTANT,
				'confirm_phrase'      => self::confirm_phrase(),
				'would_erase'         => $this->inventory->counts(),
			)
		);
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
		$remove = (bool) $request->get_param( 'remove_on_uninstall' );
		if ( $remove && ! DataRemoval::confirms( self::confirm_phrase(), (string) $request->get_param( 'confirm' ) ) ) {
			throw ServiceError::invalid_param(
				'confirm',
				/* translators: %s: the site's name. */
				sprintf( __( 'Type the site name, %s, exactly to confirm that deleting the plugin erases all its data.', 'svc-licensing' ), self::confirm_phrase() ),
				__( 'Does not match the site name.', 'svc-licensing' )
			);
		}
		$this->policy->set( $remove );
		return $this->data_removal( $request );
	}

	/**
	 * The site's name as the admin must type it.
	 */
	private static function confirm_phrase(): string {
		return DataRemoval::confirm_phrase( wp_specialchars_decode( (string) get_option( 'blogname' ), ENT_QUOTES ), (string) wp_parse_url( home_url(), PHP_URL_HOST ) );
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
		$this->settings->update( RequestFields::given( $request, Settings::schema() ) );
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
