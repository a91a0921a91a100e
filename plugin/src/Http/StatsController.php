<?php
/**
 * Admin: GET /admin/stats.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use Svc\Licensing\Core\Stats;
use Svc\Licensing\Domain\Access\Permission;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * The statistics object. Revenue is payments minus refunds stored in the last 30 days, in the store's currency
 * (transactions in other currencies are not converted and not counted). A scoped key sees its product's figures.
 */
final class StatsController implements Controller {

	/**
	 * The figures of GET /admin/stats (and wp svc stats) and the daily series.
	 *
	 * @var Stats
	 */
	private $stats;

	/**
	 * Authentication, levels and scope.
	 *
	 * @var AdminGuard
	 */
	private $guard;

	/**
	 * Constructor.
	 *
	 * @param Stats      $stats The figures of GET /admin/stats and the daily series.
	 * @param AdminGuard $guard Authentication, levels and scope.
	 */
	public function __construct( Stats $stats, AdminGuard $guard ) {
		$this->stats = $stats;
		$this->guard = $guard;
	}

	/**
	 * The routes, with their argument schemas.
	 *
	 * @return array<non-falsy-string, array<mixed>> Route => endpoint, or list of endpoints.
	 */
	public function routes(): array {
		return array(
			'/admin/stats'       => array(
				'methods'             => WP_REST_Server::READABLE,
				'callback'            => ErrorResponder::wrap( array( $this, 'get' ) ),
				'permission_callback' => $this->guard->requires( Permission::READ ),
				'args'                => array(),
			),
			'/admin/stats/daily' => array(
				'methods'             => WP_REST_Server::READABLE,
				'callback'            => ErrorResponder::wrap( array( $this, 'daily' ) ),
				'permission_callback' => $this->guard->requires( Permission::READ ),
				'args'                => array(
					'days' => array(
						'description' => 'How many days back, today included.',
						'type'        => 'integer',
						'minimum'     => 1,
						'maximum'     => 366,
						'default'     => 30,
					),
				),
			),
		);
	}

	/**
	 * GET /admin/stats/daily: revenue, new licences and new activations per UTC day, oldest first, every day
	 * present (zero when nothing happened), for the panel's charts.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function daily( WP_REST_Request $request ): WP_REST_Response {
		return new WP_REST_Response( $this->stats->daily( $this->guard->scope( $request ), (int) $request['days'], time() ) );
	}

	/**
	 * GET /admin/stats.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function get( WP_REST_Request $request ): WP_REST_Response {
		return new WP_REST_Response( $this->stats->summary( $this->guard->scope( $request ), time() ) );
	}
}
