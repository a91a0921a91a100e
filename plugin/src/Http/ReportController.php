<?php
/**
 * POST /updates/report: a client site's health report after core installed (or failed to install) an update.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use Svc\Licensing\Core\ReleaseReports;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * The licence key and site identify the reporter, the product and version the release; the answer says whether
 * the report was counted (a site counts once per release). Declared once for WordPress and the fast lane.
 */
final class ReportController implements Controller {

	/**
	 * The route.
	 */
	public const ROUTE = '/updates/report';

	/**
	 * Outcomes a site reports.
	 */
	public const OUTCOMES = array( 'installed', 'failed' );

	/**
	 * Reports and the gate.
	 *
	 * @var ReleaseReports
	 */
	private $reports;

	/**
	 * Reads the call from a request.
	 *
	 * @var ClientCalls
	 */
	private $calls;

	/**
	 * Constructor.
	 *
	 * @param ReleaseReports $reports Reports and the gate.
	 * @param ClientCalls    $calls   Reads the call from a request.
	 */
	public function __construct( ReleaseReports $reports, ClientCalls $calls ) {
		$this->reports = $reports;
		$this->calls   = $calls;
	}

	/**
	 * The route.
	 *
	 * @return array<non-falsy-string, array<mixed>>
	 */
	public function routes(): array {
		return array(
			self::ROUTE => array(
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => ErrorResponder::wrap( array( $this, 'report' ) ),
					'permission_callback' => '__return_true',
					'args'                => array_merge(
						LicenseController::args( false ),
						array(
							'version'    => array(
								'description' => 'The version core installed, or failed to install.',
								'type'        => 'string',
								'required'    => true,
								'minLength'   => 1,
								'maxLength'   => 64,
							),
							'outcome'    => array(
								'description' => 'installed, or failed.',
								'type'        => 'string',
								'required'    => true,
								'enum'        => self::OUTCOMES,
							),
							'error_code' => array(
								'description' => 'For a failure: core\'s WP_Error code, or fatal_error for a fatal error on the first request after the update.',
								'type'        => 'string',
								'maxLength'   => 100,
								'pattern'     => '^[A-Za-z0-9_.:-]*$',
							),
						)
					),
				),
			),
		);
	}

	/**
	 * POST /updates/report: {recorded: bool}.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function report( WP_REST_Request $request ): WP_REST_Response {
		$recorded = $this->reports->report(
			$this->calls->of( $request ),
			(string) $request->get_param( 'version' ),
			(string) $request->get_param( 'outcome' ),
			(string) $request->get_param( 'error_code' ),
			time()
		);
		return new WP_REST_Response( array( 'recorded' => $recorded ) );
	}
}
