<?php
/**
 * `wp svc stats`: counts of products, licences and activations.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Cli;

use Svc\Licensing\Storage\StatsRepository;

/**
 * The counts GET /admin/stats answers (products, licences by status, activations), from the same query, one row
 * per count. The 30-day revenue stays the REST API's and the panel's.
 */
final class StatsCommand {

	/**
	 * Counts.
	 *
	 * @var StatsRepository
	 */
	private $stats;

	/**
	 * Formats and errors.
	 *
	 * @var Output
	 */
	private $out;

	/**
	 * Constructor.
	 *
	 * @param StatsRepository $stats Counts.
	 * @param Output          $out   Formats and errors.
	 */
	public function __construct( StatsRepository $stats, Output $out ) {
		$this->stats = $stats;
		$this->out   = $out;
	}

	/**
	 * Counts of products, licences (by status) and activations.
	 *
	 * ## OPTIONS
	 *
	 * [--product=<id>]
	 * : Only this product.
	 *
	 * [--fields=<fields>]
	 * : Fields to show (group, name, count).
	 *
	 * [--format=<format>]
	 * : table, csv, json or yaml.
	 * ---
	 * default: table
	 * ---
	 *
	 * ## EXAMPLES
	 *
	 *     wp svc stats --format=json
	 *
	 * @param string[]             $args       Positional arguments.
	 * @param array<string, mixed> $assoc_args Flags.
	 */
	public function __invoke( array $args, array $assoc_args ): void {
		$counts = $this->stats->counts( isset( $assoc_args['product'] ) ? (int) $assoc_args['product'] : null, gmdate( 'Y-m-d H:i:s' ) );
		$rows   = array();
		foreach ( $counts as $group => $values ) {
			foreach ( $values as $name => $count ) {
				$rows[] = array(
					'group' => $group,
					'name'  => $name,
					'count' => $count,
				);
			}
		}
		$this->out->rows( $assoc_args, $rows, array( 'group', 'name', 'count' ) );
	}
}
