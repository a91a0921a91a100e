<?php
/**
 * Admin: a product's releases, their packages, rollout, publishing and rollback.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use Svc\Licensing\Core\Releases;
use Svc\Licensing\Core\Rollouts;
use Svc\Licensing\Domain\Access\Permission;
use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\Storage\ReleaseRepository;
use Svc\Licensing\View\ReleaseView;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * Maps the release routes to Releases, which holds the use cases (package, publishing, rollback).
 */
final class ReleaseController implements Controller {
	/**
	 * Releases.
	 *
	 * @var ReleaseRepository
	 */
	private $releases;

	/**
	 * Release use cases.
	 *
	 * @var Releases
	 */
	private $admin;

	/**
	 * Pause, resume, roll back.
	 *
	 * @var Rollouts
	 */
	private $rollouts;

	/**
	 * Products within the caller's scope.
	 *
	 * @var ScopedProduct
	 */
	private $products;

	/**
	 * Authentication, levels and scope.
	 *
	 * @var AdminGuard
	 */
	private $guard;

	/**
	 * Constructor.
	 *
	 * @param Releases          $admin    Release use cases.
	 * @param ReleaseRepository $releases Releases, to read.
	 * @param ScopedProduct     $products Products within the caller's scope.
	 * @param AdminGuard        $guard    Authentication, levels and scope.
	 * @param Rollouts          $rollouts Pause, resume, roll back.
	 */
	public function __construct( Releases $admin, ReleaseRepository $releases, ScopedProduct $products, AdminGuard $guard, Rollouts $rollouts ) {
		$this->rollouts = $rollouts;
		$this->admin    = $admin;
		$this->releases = $releases;
		$this->products = $products;
		$this->guard    = $guard;
	}

	/**
	 * Fields a release update may change (all of them also on create).
	 *
	 * @return array<string, array<string, mixed>>
	 */
	public static function editable_fields(): array {
		$requirement = array(
			'type'      => 'string',
			'maxLength' => 20,
			'pattern'   => '^(\d+(\.\d+){0,2})?$',
		);
		return array(
			'changelog'        => array(
				'description' => 'Release notes, HTML; sanitised like post content.',
				'type'        => 'string',
				'maxLength'   => 200000,
			),
			'tested'           => array( 'description' => 'Highest WordPress version tested.' ) + $requirement,
			'requires'         => array( 'description' => 'Lowest WordPress version required; defaults to the product\'s.' ) + $requirement,
			'requires_php'     => array( 'description' => 'Lowest PHP version required; defaults to the product\'s.' ) + $requirement,
			'rollout'          => array(
				// Its range is Releases' rule, so REST and WP-CLI refuse with the same words.
				'description' => 'Percentage of licences offered this release, 0–100.',
				'type'        => 'integer',
			),
			'channel'          => array(
				// Whether the product lists it is Releases' rule.
				'description' => 'Release channel: stable (default), beta or another channel the product lists.',
				'type'        => 'string',
				'pattern'     => '^[a-z0-9-]{1,40}$',
			),
			'rollout_plan'     => array(
				// Its rules are Domain\Release\RolloutPlan's (WP-CLI gives the same list as JSON text).
				'description' => 'Rollout schedule: a list of {percentage, at (ISO 8601)}, times ascending, percentages never falling, ending at 100; null drops it.',
				// A JSON list (JSON body), or its text (a multipart create): string first, or WordPress would read a
				// text as a comma-separated list.
				'type'        => array( 'string', 'array', 'null' ),
			),
			// The failure-rate gate (docs/rollouts-gate.md).
			'gate_threshold'   => array(
				'description' => 'Failure rate, whole percent 0–100, over which the release pauses itself (100: never).',
				'type'        => 'integer',
				'minimum'     => 0,
				'maximum'     => 100,
			),
			'gate_min_reports' => array(
				'description' => 'Reports needed before the gate judges the release.',
				'type'        => 'integer',
				'minimum'     => 1,
				'maximum'     => 65535,
			),
		);
	}

	/**
	 * Fields of the create request, besides the multipart file "package".
	 *
	 * @return array<string, array<string, mixed>>
	 */
	public static function create_fields(): array {
		return array(
			'version'        => array(
				'description' => 'Semantic version, e.g. 2.1.0 or 3.0.0-beta.1.',
				'type'        => 'string',
				'required'    => true,
				// Its form is Releases' rule (Version), so REST and WP-CLI refuse with the same words.
				'maxLength'   => 64,
			),
			'package_url'    => array(
				'description' => 'External package location (https), instead of an uploaded file.',
				'type'        => 'string',
				'maxLength'   => 2048,
				'pattern'     => '^https?://[^\s]+$',
			),
			'package_sha256' => array(
				'description' => 'SHA-256 of the external package, hex; required with package_url.',
				'type'        => 'string',
				'pattern'     => '^(sha256:)?[A-Fa-f0-9]{64}$',
			),
			'publish'        => array(
				'description' => 'Make it the current version at once (default) or keep it as a draft.',
				'type'        => 'boolean',
				'default'     => true,
			),
		) + self::editable_fields();
	}

	/**
	 * The routes, with their argument schemas.
	 *
	 * @return array<non-falsy-string, array<mixed>> Route => endpoint, or list of endpoints.
	 */
	public function routes(): array {
		$id = Api::ID_ARG;
		return array(
			'/admin/products/(?P<id>\d+)/releases'  => array(
				$this->guard->endpoint( WP_REST_Server::READABLE, array( $this, 'list_releases' ), Permission::READ, $id ),
				$this->guard->endpoint( WP_REST_Server::CREATABLE, array( $this, 'create' ), Permission::WRITE, $id + self::create_fields() ),
			),
			'/admin/releases/(?P<id>\d+)'           => array(
				$this->guard->endpoint( WP_REST_Server::READABLE, array( $this, 'get' ), Permission::READ, $id ),
				$this->guard->endpoint( 'PUT, PATCH', array( $this, 'update' ), Permission::WRITE, $id + self::editable_fields() ),
				$this->guard->endpoint( WP_REST_Server::DELETABLE, array( $this, 'delete' ), Permission::ADMIN, $id ),
			),
			'/admin/releases/(?P<id>\d+)/publish'   => array( $this->guard->endpoint( WP_REST_Server::CREATABLE, array( $this, 'publish' ), Permission::WRITE, $id ) ),
			// Admin-only additions (docs/api-decisions.md): back to a draft, and the stored package itself.
			'/admin/releases/(?P<id>\d+)/unpublish' => array( $this->guard->endpoint( WP_REST_Server::CREATABLE, array( $this, 'unpublish' ), Permission::WRITE, $id ) ),
			'/admin/releases/(?P<id>\d+)/package'   => array( $this->guard->endpoint( WP_REST_Server::READABLE, array( $this, 'package' ), Permission::READ, $id ) ),
			// Rollouts (docs/rollouts.md).
			'/admin/releases/(?P<id>\d+)/pause'     => array(
				$this->guard->endpoint(
					WP_REST_Server::CREATABLE,
					array( $this, 'pause' ),
					Permission::WRITE,
					$id + array(
						'reason' => array(
							'description' => 'Why, shown on the panel.',
							'type'        => 'string',
							'maxLength'   => 255,
							'default'     => '',
						),
					)
				),
			),
			'/admin/releases/(?P<id>\d+)/resume'    => array( $this->guard->endpoint( WP_REST_Server::CREATABLE, array( $this, 'resume' ), Permission::WRITE, $id ) ),
			'/admin/releases/(?P<id>\d+)/rollback'  => array( $this->guard->endpoint( WP_REST_Server::CREATABLE, array( $this, 'rollback' ), Permission::WRITE, $id ) ),
		);
	}

	/**
	 * GET /admin/products/{id}/releases: every release, highest version first.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function list_releases( WP_REST_Request $request ): WP_REST_Response {
		$product = $this->products->get( $request, (int) $request['id'] );
		return new WP_REST_Response(
			array_map(
				static function ( array $release ) use ( $product ): array {
					return ReleaseView::present( $release, $product );
				},
				$this->releases->of_product( $product['id'] )
			)
		);
	}

	/**
	 * POST /admin/products/{id}/releases: multipart with a "package" ZIP, or package_url + package_sha256.
	 *
	 * @param WP_REST_Request $request Request.
	 * @throws ServiceError On a bad package, a taken version or unwritable storage.
	 */
	public function create( WP_REST_Request $request ): WP_REST_Response {
		$product = $this->products->get( $request, (int) $request['id'] );
		$files   = $request->get_file_params();
		$id      = $this->admin->create(
			$product,
			(string) $request['version'],
			RequestFields::given( $request, self::editable_fields() ),
			array(
				'file'   => $files['package'] ?? null,
				'url'    => null === $request['package_url'] ? null : (string) $request['package_url'],
				'sha256' => null === $request['package_sha256'] ? null : (string) $request['package_sha256'],
			),
			(bool) $request['publish'],
			$this->guard->actor( $request )
		);
		return new WP_REST_Response( $this->present_fresh( $request, $id ), 201 );
	}

	/**
	 * GET /admin/releases/{id}.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function get( WP_REST_Request $request ): WP_REST_Response {
		return new WP_REST_Response( $this->present_fresh( $request, (int) $request['id'] ) );
	}

	/**
	 * PUT /admin/releases/{id}: notes, requirements and rollout.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function update( WP_REST_Request $request ): WP_REST_Response {
		$release = $this->existing( $request );
		$this->admin->update( $release, RequestFields::given( $request, self::editable_fields() ), $this->guard->actor( $request ) );
		return new WP_REST_Response( $this->present_fresh( $request, $release['id'] ) );
	}

	/**
	 * POST /admin/releases/{id}/publish: makes it the current version; on an earlier release, a rollback.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function publish( WP_REST_Request $request ): WP_REST_Response {
		$release = $this->existing( $request );
		$this->admin->publish( $release, $this->guard->actor( $request ) );
		return new WP_REST_Response( $this->present_fresh( $request, $release['id'] ) );
	}

	/**
	 * POST /admin/releases/{id}/unpublish: a published release other than the current one becomes a draft.
	 *
	 * @param WP_REST_Request $request Request.
	 * @throws ServiceError 409 release_is_current.
	 */
	public function unpublish( WP_REST_Request $request ): WP_REST_Response {
		$release = $this->existing( $request );
		$this->admin->unpublish( $release, $this->guard->actor( $request ) );
		return new WP_REST_Response( $this->present_fresh( $request, $release['id'] ) );
	}

	/**
	 * POST /admin/releases/{id}/pause {reason}: the rollout stays where it stands; a paused release is answered as it is.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function pause( WP_REST_Request $request ): WP_REST_Response {
		$release = $this->existing( $request );
		$this->rollouts->pause( $release, (string) $request['reason'], $this->guard->actor( $request ), time() );
		return new WP_REST_Response( $this->present_fresh( $request, $release['id'] ) );
	}

	/**
	 * POST /admin/releases/{id}/resume: the schedule runs on.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function resume( WP_REST_Request $request ): WP_REST_Response {
		$release = $this->existing( $request );
		$this->rollouts->resume( $release, $this->guard->actor( $request ) );
		return new WP_REST_Response( $this->present_fresh( $request, $release['id'] ) );
	}

	/**
	 * POST /admin/releases/{id}/rollback: withdraws it; the previous release is offered in its place. Answers
	 * { release, restored } (restored: the release now offered in its place, or null).
	 *
	 * @param WP_REST_Request $request Request.
	 * @throws ServiceError 409 release_not_rollable.
	 */
	public function rollback( WP_REST_Request $request ): WP_REST_Response {
		$release  = $this->existing( $request );
		$restored = $this->rollouts->rollback( $release, $this->guard->actor( $request ), time() );
		return new WP_REST_Response(
			array(
				'release'  => $this->present_fresh( $request, $release['id'] ),
				'restored' => null === $restored ? null : $this->present_fresh( $request, (int) $restored['id'] ),
			)
		);
	}

	/**
	 * GET /admin/releases/{id}/package: the uploaded ZIP, for the admin to check; counts no download.
	 *
	 * @param WP_REST_Request $request Request.
	 * @throws ServiceError 404 for an external package.
	 */
	public function package( WP_REST_Request $request ): WP_REST_Response {
		$file = $this->admin->package_file( $this->existing( $request ) );
		return PackageSender::file( $file['path'], $file['name'] );
	}

	/**
	 * DELETE /admin/releases/{id}: refused for the current release; removes the stored package.
	 *
	 * @param WP_REST_Request $request Request.
	 * @throws ServiceError 409 release_is_current.
	 */
	public function delete( WP_REST_Request $request ): WP_REST_Response {
		$release  = $this->existing( $request );
		$previous = $this->present_fresh( $request, $release['id'] );
		$this->admin->delete( $release, $this->guard->actor( $request ) );
		return new WP_REST_Response(
			array(
				'deleted'  => true,
				'previous' => $previous,
			)
		);
	}

	/**
	 * The release of the route's id, within the caller's scope.
	 *
	 * @param WP_REST_Request $request Request.
	 * @param int|null        $id      Release; the route's id when null.
	 * @return array<string, mixed>
	 * @throws ServiceError 404 not_found or 403 product_out_of_scope.
	 */
	private function existing( WP_REST_Request $request, ?int $id = null ): array {
		$release = $this->releases->find( $id ?? (int) $request['id'] );
		if ( null === $release ) {
			throw new ServiceError( ErrorCode::NOT_FOUND, __( 'No release has this id.', 'svc-licensing' ) );
		}
		$this->guard->assert_scope( $request, $release['product_id'] );
		return $release;
	}

	/**
	 * A release read afresh, as the API shows it.
	 *
	 * @param WP_REST_Request $request Request.
	 * @param int             $id      Release.
	 * @return array<string, mixed>
	 */
	private function present_fresh( WP_REST_Request $request, int $id ): array {
		$release = $this->existing( $request, $id );
		return ReleaseView::present( $release, $this->products->get( $request, $release['product_id'] ) );
	}
}
