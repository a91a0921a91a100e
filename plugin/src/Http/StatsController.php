<?php
/**
 * Admin: GET /admin/stats.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use Svc\Licensing\Domain\Access\Permission;
use Svc\Licensing\Storage\Settings;
use Svc\Licensing\Storage\StatsRepository;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * The statistics object. Revenue is the sum of stored transactions over 30 days; until payments are stored
 * (the Stripe webhook), it is 0 in the store's currency. A scoped key sees its product's figures.
 */
final class StatsController implements Controller {

	/**
	 * Counts.
	 *
	 * @var StatsRepository
	 */
	private $stats;

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
	 * @param StatsRepository $stats    Counts.
	 * @param Settings        $settings Settings.
	 * @param AdminGuard      $guard    Authentication, levels and scope.
	 */
	public function __construct( StatsRepository $stats, Settings $settings, AdminGuard $guard ) {
		$this->stats    = $stats;
		$this->settings = $settings;
		$this->guard    = $guard;
	}

	/**
	 * Routes.
	 */
	public function register_routes(): void {
		register_rest_route(
			Api::NAMESPACE,
			'/admin/stats',
			array(
				'methods'             => WP_REST_Server::READABLE,
				'callback'            => ErrorResponder::wrap( array( $this, 'get' ) ),
				'permission_callback' => $this->guard->requires( Permission::READ ),
				'args'                => array(),
			)
		);
	}

	/**
	 * GET /admin/stats.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function get( WP_REST_Request $request ): WP_REST_Response {
		$counts = $this->stats->counts( $this->guard->scope( $request ), gmdate( 'Y-m-d H:i:s' ) );
		return new WP_REST_Response(
			array_merge(
				$counts,
				array(
					'revenue' => array(
						'period'   => '30d',
						'total'    => 0,
						'currency' => (string) $this->settings->get( 'currency' ),
					),
				)
			)
		);
	}
}
