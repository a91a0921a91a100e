<?php
/**
 * `wp svc release`: a product's releases.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Cli;

use Svc\Licensing\Core\Products;
use Svc\Licensing\Core\Releases;
use Svc\Licensing\Core\Rollouts;
use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\IsoTime;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\Storage\ReleaseReportRepository;
use Svc\Licensing\Storage\ReleaseRepository;
use Svc\Licensing\View\ReleaseView;

/**
 * Publishes a release from a ZIP on disk, sets its rollout, rolls a product back to an earlier release, lists
 * and deletes releases; through Releases, as the admin REST API does.
 */
final class ReleaseCommand {

	/**
	 * Release use cases.
	 *
	 * @var Releases
	 */
	private $admin;

	/**
	 * Releases, to find and list them.
	 *
	 * @var ReleaseRepository
	 */
	private $releases;

	/**
	 * Products, to name one by slug.
	 *
	 * @var Products
	 */
	private $products;

	/**
	 * Formats and errors.
	 *
	 * @var Output
	 */
	private $out;

	/**
	 * Pause, resume, roll back.
	 *
	 * @var Rollouts
	 */
	private $rollouts;

	/**
	 * The client sites' health reports, to list a release's.
	 *
	 * @var ReleaseReportRepository
	 */
	private $reports;

	/**
	 * Constructor.
	 *
	 * @param Releases                $admin    Release use cases.
	 * @param ReleaseRepository       $releases Releases.
	 * @param Products                $products Products.
	 * @param Output                  $out      Formats and errors.
	 * @param Rollouts                $rollouts Pause, resume, roll back.
	 * @param ReleaseReportRepository $reports  The client sites' health reports.
	 */
	public function __construct( Releases $admin, ReleaseRepository $releases, Products $products, Output $out, Rollouts $rollouts, ReleaseReportRepository $reports ) {
		$this->rollouts = $rollouts;
		$this->admin    = $admin;
		$this->releases = $releases;
		$this->products = $products;
		$this->out      = $out;
		$this->reports  = $reports;
	}

	/**
	 * Lists the client sites' health reports on a release, newest first (its totals, gate and pause are in the
	 * release object: `wp svc release list <product> --fields=version,reports,gate,paused_at,pause_reason`).
	 *
	 * ## OPTIONS
	 *
	 * <id>
	 * : Release id.
	 *
	 * [--limit=<rows>]
	 * : Most reports shown.
	 * ---
	 * default: 100
	 * ---
	 *
	 * [--fields=<fields>]
	 * : Fields to show: site, outcome, error_code, reported_at.
	 *
	 * [--format=<format>]
	 * : table, csv, json, yaml or count.
	 * ---
	 * default: table
	 * ---
	 *
	 * ## EXAMPLES
	 *
	 *     wp svc release reports 12 --format=json
	 *
	 * @param string[]             $args       Positional arguments.
	 * @param array<string, mixed> $assoc_args Flags.
	 */
	public function reports( array $args, array $assoc_args ): void {
		$this->out->attempt(
			function () use ( $args, $assoc_args ): void {
				$release = $this->existing( (int) $args[0] );
				$rows    = array_map(
					static fn( array $row ): array => array(
						'site'        => (string) $row['site'],
						'outcome'     => (string) $row['outcome'],
						'error_code'  => (string) $row['error_code'],
						'reported_at' => IsoTime::from_storage( (string) $row['created_at'] ),
					),
					$this->reports->of_release( (int) $release['id'], max( 1, (int) ( $assoc_args['limit'] ?? 100 ) ) )
				);
				$this->out->rows( $assoc_args, $rows, array( 'site', 'outcome', 'error_code', 'reported_at' ) );
			}
		);
	}

	/**
	 * Lists a product's releases, newest version first.
	 *
	 * ## OPTIONS
	 *
	 * <product>
	 * : Slug or id.
	 *
	 * [--fields=<fields>]
	 * : Fields to show (any of the admin API's release, as GET /admin/releases/{id} answers it).
	 *
	 * [--field=<field>]
	 * : One field of each release.
	 *
	 * [--format=<format>]
	 * : table, csv, json, yaml, count or ids.
	 * ---
	 * default: table
	 * ---
	 *
	 * ## EXAMPLES
	 *
	 *     wp svc release list acme-widgets
	 *
	 * @subcommand list
	 *
	 * @param string[]             $args       Positional arguments.
	 * @param array<string, mixed> $assoc_args Flags.
	 */
	public function list_( array $args, array $assoc_args ): void {
		$this->out->attempt(
			function () use ( $args, $assoc_args ): void {
				$product = $this->products->named( (string) $args[0] );
				$rows    = array_map(
					static fn( array $row ): array => ReleaseView::present( $row, $product ),
					$this->releases->of_product( (int) $product['id'] )
				);
				$this->out->rows( $assoc_args, $rows, array( 'id', 'version', 'status', 'is_current', 'rollout', 'downloads', 'published_at' ) );
			}
		);
	}

	/**
	 * Adds a release with a ZIP from disk, published (the current version) unless --draft.
	 *
	 * ## OPTIONS
	 *
	 * <product>
	 * : Slug or id.
	 *
	 * <zip>
	 * : Path of the package ZIP; it is copied into the package storage.
	 *
	 * --version=<version>
	 * : Semantic version, e.g. 2.1.0.
	 *
	 * [--rollout=<percent>]
	 * : Percentage of licences offered this release, 0-100.
	 *
	 * [--changelog=<html>]
	 * : Release notes.
	 *
	 * [--channel=<channel>]
	 * : Release channel: stable (default), beta or another the product lists.
	 *
	 * [--rollout-plan=<json>]
	 * : Rollout schedule, JSON: [{"percentage":5,"at":"2026-01-31T12:00:00Z"},…,{"percentage":100,"at":…}].
	 *
	 * [--draft]
	 * : Keep it as a draft.
	 *
	 * [--format=<format>]
	 * : table, json, yaml, csv or ids.
	 * ---
	 * default: table
	 * ---
	 *
	 * ## EXAMPLES
	 *
	 *     wp svc release publish acme-widgets ./acme-widgets-2.1.0.zip --version=2.1.0 --rollout=25
	 *
	 * @param string[]             $args       Positional arguments.
	 * @param array<string, mixed> $assoc_args Flags.
	 */
	public function publish( array $args, array $assoc_args ): void {
		$this->out->attempt(
			function () use ( $args, $assoc_args ): void {
				$product = $this->products->named( (string) $args[0] );
				$version = (string) $assoc_args['version'];
				$id      = $this->admin->create(
					$product,
					$version,
					self::fields( $assoc_args ),
					array(
						'file'   => null,
						'url'    => null,
						'sha256' => null,
						'path'   => (string) $args[1],
					),
					empty( $assoc_args['draft'] ),
					CliActor::current()
				);
				$this->out->item( $assoc_args, $this->fresh( $id ) );
			}
		);
	}

	/**
	 * Sets the share of licences a release is offered to.
	 *
	 * ## OPTIONS
	 *
	 * <id>
	 * : Release id.
	 *
	 * <percent>
	 * : 0-100.
	 *
	 * [--format=<format>]
	 * : table, json, yaml, csv or ids.
	 * ---
	 * default: table
	 * ---
	 *
	 * ## EXAMPLES
	 *
	 *     wp svc release rollout 12 100
	 *
	 * @param string[]             $args       Positional arguments.
	 * @param array<string, mixed> $assoc_args Flags.
	 */
	public function rollout( array $args, array $assoc_args ): void {
		$this->out->attempt(
			function () use ( $args, $assoc_args ): void {
				$release = $this->existing( (int) $args[0] );
				$this->admin->update( $release, array( 'rollout' => (string) $args[1] ), CliActor::current() );
				$this->out->item( $assoc_args, $this->fresh( (int) $release['id'] ) );
			}
		);
	}

	/**
	 * Changes a release's notes, rollout, channel or rollout schedule (as `PUT /admin/releases/{id}`).
	 *
	 * ## OPTIONS
	 *
	 * <id>
	 * : Release id.
	 *
	 * [--rollout=<percent>]
	 * : Percentage of licences offered this release, 0-100.
	 *
	 * [--changelog=<html>]
	 * : Release notes.
	 *
	 * [--channel=<channel>]
	 * : Release channel: stable, beta or another the product lists.
	 *
	 * [--rollout-plan=<json>]
	 * : Rollout schedule as JSON (see publish); an empty text drops it.
	 *
	 * [--format=<format>]
	 * : table, json, yaml, csv or ids.
	 * ---
	 * default: table
	 * ---
	 *
	 * ## EXAMPLES
	 *
	 *     wp svc release update 12 --channel=beta
	 *     wp svc release update 12 --rollout-plan='[{"percentage":5,"at":"2026-02-01T00:00:00Z"},{"percentage":100,"at":"2026-02-08T00:00:00Z"}]'
	 *
	 * @param string[]             $args       Positional arguments.
	 * @param array<string, mixed> $assoc_args Flags.
	 */
	public function update( array $args, array $assoc_args ): void {
		$this->out->attempt(
			function () use ( $args, $assoc_args ): void {
				$release = $this->existing( (int) $args[0] );
				$this->admin->update( $release, self::fields( $assoc_args ), CliActor::current() );
				$this->out->item( $assoc_args, $this->fresh( (int) $release['id'] ) );
			}
		);
	}

	/**
	 * Pauses a release's rollout where it stands (as `POST /admin/releases/{id}/pause`).
	 *
	 * ## OPTIONS
	 *
	 * <id>
	 * : Release id.
	 *
	 * [--reason=<text>]
	 * : Why, shown on the panel.
	 *
	 * [--format=<format>]
	 * : table, json, yaml, csv or ids.
	 * ---
	 * default: table
	 * ---
	 *
	 * ## EXAMPLES
	 *
	 *     wp svc release pause 12 --reason="Support tickets about the new editor"
	 *
	 * @param string[]             $args       Positional arguments.
	 * @param array<string, mixed> $assoc_args Flags.
	 */
	public function pause( array $args, array $assoc_args ): void {
		$this->out->attempt(
			function () use ( $args, $assoc_args ): void {
				$release = $this->existing( (int) $args[0] );
				$this->rollouts->pause( $release, (string) ( $assoc_args['reason'] ?? '' ), CliActor::current(), time() );
				$this->out->item( $assoc_args, $this->fresh( (int) $release['id'] ) );
			}
		);
	}

	/**
	 * Resumes a paused release's rollout (as `POST /admin/releases/{id}/resume`).
	 *
	 * ## OPTIONS
	 *
	 * <id>
	 * : Release id.
	 *
	 * [--format=<format>]
	 * : table, json, yaml, csv or ids.
	 * ---
	 * default: table
	 * ---
	 *
	 * ## EXAMPLES
	 *
	 *     wp svc release resume 12
	 *
	 * @param string[]             $args       Positional arguments.
	 * @param array<string, mixed> $assoc_args Flags.
	 */
	public function resume( array $args, array $assoc_args ): void {
		$this->out->attempt(
			function () use ( $args, $assoc_args ): void {
				$release = $this->existing( (int) $args[0] );
				$this->rollouts->resume( $release, CliActor::current() );
				$this->out->item( $assoc_args, $this->fresh( (int) $release['id'] ) );
			}
		);
	}

	/**
	 * Rolls a release back: with a release id, withdraws it and publishes the previous release again, so that
	 * sites running it are offered the previous one (as `POST /admin/releases/{id}/rollback`); with a product and
	 * a version, makes that earlier release the current version again (a publish).
	 *
	 * ## OPTIONS
	 *
	 * <release-or-product>
	 * : Release id; or a product's slug or id, followed by a version.
	 *
	 * [<version>]
	 * : The version to go back to (with a product).
	 *
	 * [--format=<format>]
	 * : table, json, yaml, csv or ids.
	 * ---
	 * default: table
	 * ---
	 *
	 * ## EXAMPLES
	 *
	 *     wp svc release rollback 12
	 *     wp svc release rollback acme-widgets 2.0.3
	 *
	 * @param string[]             $args       Positional arguments.
	 * @param array<string, mixed> $assoc_args Flags.
	 */
	public function rollback( array $args, array $assoc_args ): void {
		$this->out->attempt(
			function () use ( $args, $assoc_args ): void {
				if ( ! isset( $args[1] ) ) {
					$release = $this->existing( (int) $args[0] );
					$this->rollouts->rollback( $release, CliActor::current(), time() );
					$this->out->item( $assoc_args, $this->fresh( (int) $release['id'] ) );
					return;
				}
				$product = $this->products->named( (string) $args[0] );
				foreach ( $this->releases->of_product( (int) $product['id'] ) as $release ) {
					if ( (string) $release['version'] === (string) $args[1] ) {
						$this->admin->publish( $release, CliActor::current() );
						$this->out->item( $assoc_args, $this->fresh( (int) $release['id'] ) );
						return;
					}
				}
				throw new ServiceError( ErrorCode::NOT_FOUND, __( 'This product has no release with this version.', 'svc-licensing' ) );
			}
		);
	}

	/**
	 * Deletes a release and its stored package, through Releases as `DELETE /admin/releases/{id}`; the current
	 * release is refused with the same words.
	 *
	 * ## OPTIONS
	 *
	 * <id>
	 * : Release id.
	 *
	 * ## EXAMPLES
	 *
	 *     wp svc release delete 12
	 *
	 * @param string[]             $args       Positional arguments.
	 * @param array<string, mixed> $assoc_args Flags.
	 */
	public function delete( array $args, array $assoc_args ): void {
		unset( $assoc_args );
		$this->out->attempt(
			function () use ( $args ): void {
				$release = $this->existing( (int) $args[0] );
				$this->admin->delete( $release, CliActor::current() );
				/* translators: 1: release id, 2: version. */
				\WP_CLI::success( sprintf( __( 'Deleted release %1$d (%2$s).', 'svc-licensing' ), (int) $release['id'], (string) $release['version'] ) );
			}
		);
	}

	/**
	 * The editable fields given as flags, as Releases takes them (it checks them with the REST API's words).
	 *
	 * @param array<string, mixed> $assoc_args Flags.
	 * @return array<string, mixed>
	 */
	private static function fields( array $assoc_args ): array {
		$fields = array();
		foreach ( array(
			'rollout'      => 'rollout',
			'changelog'    => 'changelog',
			'channel'      => 'channel',
			'rollout-plan' => 'rollout_plan',
		) as $flag => $name ) {
			if ( isset( $assoc_args[ $flag ] ) ) {
				$fields[ $name ] = (string) $assoc_args[ $flag ];
			}
		}
		return $fields;
	}

	/**
	 * A release by id.
	 *
	 * @param int $id Release.
	 * @return array<string, mixed>
	 * @throws ServiceError 404.
	 */
	private function existing( int $id ): array {
		$release = $this->releases->find( $id );
		if ( null === $release ) {
			throw new ServiceError( ErrorCode::NOT_FOUND, __( 'No release has this id.', 'svc-licensing' ) );
		}
		return $release;
	}

	/**
	 * A release as it is now, shown.
	 *
	 * @param int $id Release.
	 * @return array<string, mixed>
	 */
	private function fresh( int $id ): array {
		$release = $this->existing( $id );
		return ReleaseView::present( $release, $this->products->named( (string) $release['product_id'] ) );
	}
}
