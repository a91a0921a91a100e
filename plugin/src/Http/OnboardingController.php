<?php
/**
 * Admin: GET and PUT /admin/onboarding.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use Svc\Licensing\Core\Onboarding;
use Svc\Licensing\Domain\Access\Permission;
use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\ServiceError;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * The panel's first-run checklist (not in the spec; docs/api-decisions.md). It belongs to a wp-admin user, so an
 * API key gets 403.
 */
final class OnboardingController implements Controller {

	/**
	 * The checklist.
	 *
	 * @var Onboarding
	 */
	private $onboarding;

	/**
	 * Authentication, levels and scope.
	 *
	 * @var AdminGuard
	 */
	private $guard;

	/**
	 * Constructor.
	 *
	 * @param Onboarding $onboarding The checklist.
	 * @param AdminGuard $guard      Authentication, levels and scope.
	 */
	public function __construct( Onboarding $onboarding, AdminGuard $guard ) {
		$this->onboarding = $onboarding;
		$this->guard      = $guard;
	}

	/**
	 * The routes, with their argument schemas.
	 *
	 * @return array<non-falsy-string, array<mixed>> Route => endpoint, or list of endpoints.
	 */
	public function routes(): array {
		return array(
			'/admin/onboarding' => array(
				$this->guard->endpoint( WP_REST_Server::READABLE, array( $this, 'get' ), Permission::READ ),
				$this->guard->endpoint(
					'PUT, PATCH',
					array( $this, 'update' ),
					Permission::READ,
					array(
						'dismissed' => array(
							'title'       => __( 'Dismissed', 'svc-licensing' ),
							'description' => 'Put the checklist away for this user (true) or show it again (false).',
							'type'        => 'boolean',
							'required'    => true,
						),
					)
				),
			),
		);
	}

	/**
	 * GET /admin/onboarding: the steps, each done or not, and whether this user dismissed the checklist.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function get( WP_REST_Request $request ): WP_REST_Response {
		return new WP_REST_Response( $this->onboarding->checklist( $this->user( $request ) ) );
	}

	/**
	 * PUT /admin/onboarding: dismiss the checklist for this user, or bring it back.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function update( WP_REST_Request $request ): WP_REST_Response {
		return new WP_REST_Response( $this->onboarding->dismiss( $this->user( $request ), (bool) $request->get_param( 'dismissed' ) ) );
	}

	/**
	 * The signed-in user the checklist belongs to.
	 *
	 * @param WP_REST_Request $request Request.
	 * @throws ServiceError 403 for an API key.
	 */
	private function user( WP_REST_Request $request ): int {
		$user = get_current_user_id();
		if ( 0 === $user || null !== $this->guard->scope( $request ) ) {
			throw new ServiceError( ErrorCode::FORBIDDEN, __( 'The first-run checklist belongs to a user signed in to wp-admin; API keys have none.', 'svc-licensing' ) );
		}
		return $user;
	}
}
