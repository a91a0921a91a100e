<?php
/**
 * Admin: GET /admin/explain, why a site did or did not get an update.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use Svc\Licensing\Core\Explain;
use Svc\Licensing\Domain\Access\Permission;
use Svc\Licensing\View\UpdateDecisionView;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * The last update check's decisions for a site (`site`), or for a licence's sites (`license_key` or
 * `license_id`), each with its steps and a plain-words summary. A scoped API key sees its own product only.
 */
final class ExplainController implements Controller {

	/**
	 * The explanation use case.
	 *
	 * @var Explain
	 */
	private $explain;

	/**
	 * Authentication, levels and scope.
	 *
	 * @var AdminGuard
	 */
	private $guard;

	/**
	 * Constructor.
	 *
	 * @param Explain    $explain The explanation use case.
	 * @param AdminGuard $guard   Authentication, levels and scope.
	 */
	public function __construct( Explain $explain, AdminGuard $guard ) {
		$this->explain = $explain;
		$this->guard   = $guard;
	}

	/**
	 * The route.
	 *
	 * @return array<non-falsy-string, array<mixed>>
	 */
	public function routes(): array {
		return array(
			'/admin/explain' => array(
				$this->guard->endpoint(
					WP_REST_Server::READABLE,
					array( $this, 'get' ),
					Permission::READ,
					array(
						'site'        => array(
							'description' => 'A site URL as the site sends it (normalised as activations are).',
							'type'        => 'string',
							'minLength'   => 1,
							'maxLength'   => 2048,
						),
						'license_key' => array(
							'description' => 'A licence key: every site of that licence.',
							'type'        => 'string',
							'minLength'   => 1,
							'maxLength'   => 64,
						),
						'license_id'  => array(
							'description' => 'A licence id: every site of that licence.',
							'type'        => 'integer',
							'minimum'     => 1,
						),
					)
				),
			),
		);
	}

	/**
	 * GET /admin/explain.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function get( WP_REST_Request $request ): WP_REST_Response {
		$answer = $this->explain->answer(
			array(
				'site'        => null === $request->get_param( 'site' ) ? null : (string) $request->get_param( 'site' ),
				'license_key' => null === $request->get_param( 'license_key' ) ? null : (string) $request->get_param( 'license_key' ),
				'license_id'  => null === $request->get_param( 'license_id' ) ? null : (int) $request->get_param( 'license_id' ),
			),
			$this->guard->scope( $request ),
			$this->guard->scope_check( $request )
		);
		return new WP_REST_Response( UpdateDecisionView::explanation( $answer ) );
	}
}
