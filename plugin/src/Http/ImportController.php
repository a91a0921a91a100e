<?php
/**
 * Admin: the move-in from EDD Software Licensing or Software License Manager, for the panel's import wizard.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use Svc\Licensing\Core\MoveIn;
use Svc\Licensing\Domain\Access\Permission;
use Svc\Licensing\Domain\MoveIn\Source;
use Svc\Licensing\Domain\ServiceError;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * GET /admin/import/sources says which sources this site has tables of; POST /admin/import runs Core\MoveIn::run(),
 * the same run `wp svc import` makes, as a dry run or written, and answers its report. With `progress`, the answer
 * streams (ProgressStream): a line {phase, done, total} after each batch, then {report}. Admin only, and not for a
 * product-scoped key: an import spans products and turns the old protocols' settings on.
 */
final class ImportController implements Controller {

	/**
	 * The move-in.
	 *
	 * @var MoveIn
	 */
	private $move_in;

	/**
	 * Authentication, levels and scope.
	 *
	 * @var AdminGuard
	 */
	private $guard;

	/**
	 * Constructor.
	 *
	 * @param MoveIn     $move_in The move-in.
	 * @param AdminGuard $guard   Authentication, levels and scope.
	 */
	public function __construct( MoveIn $move_in, AdminGuard $guard ) {
		$this->move_in = $move_in;
		$this->guard   = $guard;
	}

	/**
	 * The run's arguments: the one schema of the route's args and their validation.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	public static function schema(): array {
		return array(
			'source'   => array(
				'description' => 'The plugin to import from: edd-sl (EDD Software Licensing) or slm (Software License Manager).',
				'type'        => 'string',
				'enum'        => Source::ALL,
				// Not `required`: WordPress checks that before the permission callback, and a product-scoped key
				// must be refused (403) before anything else; MoveIn refuses a run without a source (400).
			),
			'dry_run'  => array(
				'description' => 'Do everything and keep nothing: the report of what would arrive and what would be refused.',
				'type'        => 'boolean',
				'default'     => false,
			),
			'product'  => array(
				'description' => 'A product here (slug or id) for the licences that name none (SLM).',
				'type'        => 'string',
				'minLength'   => 1,
				'maxLength'   => 200,
			),
			'progress' => array(
				'description' => 'Stream the answer as NDJSON: a line {phase, done, total} after each batch, then {report}.',
				'type'        => 'boolean',
				'default'     => false,
			),
		);
	}

	/**
	 * The routes, with their argument schemas.
	 *
	 * @return array<non-falsy-string, array<mixed>> Route => endpoint, or list of endpoints.
	 */
	public function routes(): array {
		return array(
			'/admin/import/sources' => array( $this->guard->endpoint( WP_REST_Server::READABLE, array( $this, 'sources' ), Permission::ADMIN ) ),
			'/admin/import'         => array( $this->guard->endpoint( WP_REST_Server::CREATABLE, array( $this, 'run' ), Permission::ADMIN, self::schema() ) ),
		);
	}

	/**
	 * GET /admin/import/sources.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function sources( WP_REST_Request $request ): WP_REST_Response {
		$this->guard->assert_scope( $request, null );
		return new WP_REST_Response( array( 'sources' => $this->move_in->sources() ) );
	}

	/**
	 * POST /admin/import: the report, or with `progress` the stream of progress lines and the report.
	 *
	 * @param WP_REST_Request $request Request.
	 * @throws ServiceError When the source's tables are missing or the product is not one of ours.
	 */
	public function run( WP_REST_Request $request ): WP_REST_Response {
		$this->guard->assert_scope( $request, null );
		$source  = (string) $request->get_param( 'source' );
		$dry_run = (bool) $request->get_param( 'dry_run' );
		$product = $request->has_param( 'product' ) ? (string) $request->get_param( 'product' ) : null;
		$actor   = $this->guard->actor( $request );
		if ( ! (bool) $request->get_param( 'progress' ) ) {
			return new WP_REST_Response( $this->move_in->run( $source, $dry_run, $actor, $product ) );
		}
		// A refusal before the first row is read is still an error answer with its status; the stream starts after.
		$this->move_in->check( $source, $product );
		return ProgressStream::response(
			function ( callable $write ) use ( $source, $dry_run, $actor, $product ): array {
				$report = $this->move_in->run(
					$source,
					$dry_run,
					$actor,
					$product,
					static function ( string $phase, int $done, int $total ) use ( $write ): void {
						$write(
							array(
								'phase' => $phase,
								'done'  => $done,
								'total' => $total,
							)
						);
					}
				);
				return array( 'report' => $report );
			}
		);
	}
}
