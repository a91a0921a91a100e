<?php
/**
 * `wp svc release`: a product's releases.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Cli;

use Svc\Licensing\Core\Products;
use Svc\Licensing\Core\Releases;
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
	 * @param ReleaseReportRepository $reports  The client sites' health reports.
	 */
	public function __construct( Releases $admin, ReleaseRepository $releases, Products $products, Output $out, ReleaseReportRepository $reports ) {
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
				$fields  = array();
				if ( isset( $assoc_args['rollout'] ) ) {
					$fields['rollout'] = (string) $assoc_args['rollout'];
				}
				if ( isset( $assoc_args['changelog'] ) ) {
					$fields['changelog'] = (string) $assoc_args['changelog'];
				}
				$id = $this->admin->create(
					$product,
					$version,
					$fields,
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
	 * Makes an earlier release of a product the current version again.
	 *
	 * ## OPTIONS
	 *
	 * <product>
	 * : Slug or id.
	 *
	 * <version>
	 * : The version to go back to.
	 *
	 * [--format=<format>]
	 * : table, json, yaml, csv or ids.
	 * ---
	 * default: table
	 * ---
	 *
	 * ## EXAMPLES
	 *
	 *     wp svc release rollback acme-widgets 2.0.3
	 *
	 * @param string[]             $args       Positional arguments.
	 * @param array<string, mixed> $assoc_args Flags.
	 */
	public function rollback( array $args, array $assoc_args ): void {
		$this->out->attempt(
			function () use ( $args, $assoc_args ): void {
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
