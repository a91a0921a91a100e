<?php
/**
 * Admin: /admin/licenses/{id}/activations, the sites a licence is active on.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use Svc\Licensing\Core\Activations;
use Svc\Licensing\Core\LicenseAdmin;
use Svc\Licensing\Core\SiteMoves;
use Svc\Licensing\Core\UpdateChoices;
use Svc\Licensing\Domain\Access\Permission;
use Svc\Licensing\View\ActivationView;
use Svc\Licensing\View\ChoiceSchema;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * Lists a licence's activations and lets an admin free a site's slot or move a site to a new address.
 */
final class AdminActivationController implements Controller {

	/**
	 * Admin licence use cases (the licence, within the caller's scope).
	 *
	 * @var LicenseAdmin
	 */
	private $admin;

	/**
	 * Activation use cases.
	 *
	 * @var Activations
	 */
	private $activations;

	/**
	 * Authentication, levels and scope.
	 *
	 * @var AdminGuard
	 */
	private $guard;

	/**
	 * A site's channel and pin.
	 *
	 * @var UpdateChoices
	 */
	private $choices;

	/**
	 * A site's move to a new address.
	 *
	 * @var SiteMoves
	 */
	private $moves;

	/**
	 * Constructor.
	 *
	 * @param LicenseAdmin  $admin       Admin licence use cases.
	 * @param Activations   $activations Activation use cases.
	 * @param AdminGuard    $guard       Authentication, levels and scope.
	 * @param UpdateChoices $choices     A site's channel and pin.
	 * @param SiteMoves     $moves       A site's move to a new address.
	 */
	public function __construct( LicenseAdmin $admin, Activations $activations, AdminGuard $guard, UpdateChoices $choices, SiteMoves $moves ) {
		$this->moves       = $moves;
		$this->choices     = $choices;
		$this->admin       = $admin;
		$this->activations = $activations;
		$this->guard       = $guard;
	}

	/**
	 * The routes, with their argument schemas.
	 *
	 * @return array<non-falsy-string, array<mixed>> Route => list of endpoints.
	 */
	public function routes(): array {
		$base = '/admin/licenses/(?P<id>\d+)/activations';
		return array(
			$base                             => array( $this->guard->endpoint( WP_REST_Server::READABLE, array( $this, 'list_activations' ), Permission::READ, Api::ID_ARG ) ),
			$base . '/move'                   => array( $this->guard->endpoint( WP_REST_Server::CREATABLE, array( $this, 'move' ), Permission::WRITE, Api::ID_ARG + self::move_args() ) ),
			$base . '/(?P<activation_id>\d+)' => array(
				$this->guard->endpoint( WP_REST_Server::DELETABLE, array( $this, 'deactivate' ), Permission::WRITE, Api::ID_ARG ),
				$this->guard->endpoint( 'PUT, PATCH', array( $this, 'update' ), Permission::WRITE, Api::ID_ARG + ChoiceSchema::fields() ),
			),
		);
	}

	/**
	 * The move's body: both addresses.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	private static function move_args(): array {
		$address = array(
			'type'      => 'string',
			'required'  => true,
			'minLength' => 1,
			'maxLength' => 2048,
		);
		return array(
			'from_site_url' => array( 'description' => 'The address the licence is activated at now.' ) + $address,
			'site_url'      => array( 'description' => 'The site\'s new address.' ) + $address,
		);
	}

	/**
	 * POST /admin/licenses/{id}/activations/move {from_site_url, site_url}: the seller moves a site (not counted
	 * against the customer's monthly moves).
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function move( WP_REST_Request $request ): WP_REST_Response {
		$license = $this->admin->find( (int) $request['id'], $this->guard->scope_check( $request ) );
		return new WP_REST_Response(
			$this->moves->move_by_seller( (int) $license['id'], (string) $request['from_site_url'], (string) $request['site_url'], $this->guard->actor( $request ), 'admin', time() )
		);
	}

	/**
	 * GET /admin/licenses/{id}/activations.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function list_activations( WP_REST_Request $request ): WP_REST_Response {
		$license = $this->admin->find( (int) $request['id'], $this->guard->scope_check( $request ) );
		return new WP_REST_Response( array_map( array( ActivationView::class, 'present' ), $this->activations->of_license( $license['id'] ) ) );
	}

	/**
	 * DELETE /admin/licenses/{id}/activations/{activation_id}: an admin frees a site's slot.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function deactivate( WP_REST_Request $request ): WP_REST_Response {
		$license = $this->admin->find( (int) $request['id'], $this->guard->scope_check( $request ) );
		return new WP_REST_Response(
			array(
				'deactivated' => true,
				'previous'    => ActivationView::present( $this->activations->release_by_id( $license['id'], (int) $request['activation_id'], $this->guard->actor( $request ) ) ),
			)
		);
	}

	/**
	 * PUT /admin/licenses/{id}/activations/{activation_id} {channel?, pinned_version?}: the site's own channel and
	 * pin, which beat the licence's; null or empty clears one.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function update( WP_REST_Request $request ): WP_REST_Response {
		$license = $this->admin->find( (int) $request['id'], $this->guard->scope_check( $request ) );
		return new WP_REST_Response(
			ActivationView::present( $this->choices->set_for_site( $license, (int) $request['activation_id'], RequestFields::given( $request, ChoiceSchema::fields() ), $this->guard->actor( $request ) ) )
		);
	}
}
