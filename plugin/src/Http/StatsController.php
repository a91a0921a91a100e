<?php
/**
 * Admin: GET /admin/stats.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use Svc\Licensing\Core\Stats;
use Svc\Licensing\Domain\Access\Permission;
use Svc\Licensing\Domain\Money;
use Svc\Licensing\Storage\PaymentRepository;
use Svc\Licensing\Storage\Settings;
use Svc\Licensing\Storage\StatsRepository;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * The statistics object. Revenue is payments minus refunds stored in the last 30 days, in the store's currency
 * (transactions in other currencies are not converted and not counted). A scoped key sees its product's figures.
 */
final class StatsController implements Controller {

	/**
	 * Counts.
	 *
	 * @var StatsRepository
	 */
	private $stats;

	/**
	 * Transactions, for revenue.
	 *
	 * @var PaymentRepository
	 */
	private $payments;

	/**
	 * Settings.
	 *
	 * @var Settings
	 */
	private $settings;

	/**
	 * The figures of GET /admin/stats (and wp svc stats).
	 *
	 * @var Stats
	 */
	private $summary;

	/**
	 * Authentication, levels and scope.
	 *
	 * @var AdminGuard
	 */
	private $guard;

	/**
	 * Constructor.
	 *
	 * @param StatsRepository   $stats    Counts.
	 * @param PaymentRepository $payments Transactions, for revenue.
	 * @param Settings          $settings Settings.
	 * @param Stats             $summary  The figures of GET /admin/stats.
	 * @param AdminGuard        $guard    Authentication, levels and scope.
	 */
	public function __construct( StatsRepository $stats, PaymentRepository $payments, Settings $settings, Stats $summary, AdminGuard $guard ) {
		$this->summary  = $summary;
		$this->stats    = $stats;
		$this->payments = $payments;
		$this->settings = $settings;
		$this->guard    = $guard;
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
		$scope    = $this->guard->scope( $request );
		$days     = (int) $request['days'];
		$first    = strtotime( gmdate( 'Y-m-d' ) . ' 00:00:00 UTC' ) - ( $days - 1 ) * DAY_IN_SECONDS;
		$currency = strtoupper( (string) $this->settings->get( 'currency' ) );
		$counts   = $this->stats->daily( $scope, gmdate( 'Y-m-d H:i:s', $first ) );
		$revenue  = $this->payments->daily_revenue( $currency, $first, $scope );
		$series   = array();
		for ( $i = 0; $i < $days; $i++ ) {
			$day      = gmdate( 'Y-m-d', $first + $i * DAY_IN_SECONDS );
			$series[] = array(
				'date'        => $day,
				'revenue'     => Money::to_major( $revenue[ $day ] ?? 0, $currency ),
				'licenses'    => $counts['licenses'][ $day ] ?? 0,
				'activations' => $counts['activations'][ $day ] ?? 0,
			);
		}
		return new WP_REST_Response(
			array(
				'currency' => $currency,
				'days'     => $series,
			)
		);
	}

	/**
	 * GET /admin/stats.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function get( WP_REST_Request $request ): WP_REST_Response {
		return new WP_REST_Response( $this->summary->summary( $this->guard->scope( $request ), time() ) );
	}
}
