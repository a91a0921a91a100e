<?php
/**
 * GET /svc/v1/health.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use Svc\Licensing\Domain\Health\HealthReport;
use Svc\Licensing\Health\Check;
use WP_REST_Response;
use WP_REST_Server;

/**
 * Public health probe: status, version, timestamp and checks[]; 503 when a check fails.
 */
final class HealthController implements Controller {

	/**
	 * Checks, in report order.
	 *
	 * @var Check[]
	 */
	private $checks;

	/**
	 * Service version.
	 *
	 * @var string
	 */
	private $version;

	/**
	 * Constructor.
	 *
	 * @param Check[] $checks  Checks.
	 * @param string  $version Service version.
	 */
	public function __construct( array $checks, string $version ) {
		$this->checks  = $checks;
		$this->version = $version;
	}

	/**
	 * The routes, with their argument schemas.
	 *
	 * @return array<non-falsy-string, array<mixed>> Route => endpoint, or list of endpoints.
	 */
	public function routes(): array {
		return array(
			'/health' => array(
				'methods'             => WP_REST_Server::READABLE,
				'callback'            => ErrorResponder::wrap( array( $this, 'get' ) ),
				'permission_callback' => '__return_true',
				'args'                => array(),
			),
		);
	}

	/**
	 * Runs every check.
	 */
	public function get(): WP_REST_Response {
		$results = array();
		foreach ( $this->checks as $check ) {
			$results[] = $check->run();
		}
		$report   = new HealthReport( $results );
		$response = new WP_REST_Response( $report->to_array( $this->version, time() ), $report->is_healthy() ? 200 : 503 );
		$response->header( 'Cache-Control', 'no-store' );
		return $response;
	}
}
