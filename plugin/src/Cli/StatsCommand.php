<?php
/**
 * `wp svc stats`: the figures of GET /admin/stats.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Cli;

use Svc\Licensing\Core\Stats;

/**
 * The figures GET /admin/stats answers (products, licences by status, activations, the 30-day revenue), from the
 * same Core call (Stats::summary), one row per figure.
 */
final class StatsCommand {

	/**
	 * The figures.
	 *
	 * @var Stats
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
	 * @param Stats  $stats The figures of GET /admin/stats.
	 * @param Output $out   Formats and errors.
	 */
	public function __construct( Stats $stats, Output $out ) {
		$this->stats = $stats;
		$this->out   = $out;
	}

	/**
	 * Products, licences by status, activations and the 30-day revenue, as GET /admin/stats.
	 *
	 * ## OPTIONS
	 *
	 * [--product=<id>]
	 * : Only this product.
	 *
	 * [--fields=<fields>]
	 * : Fields to show (group, name, value).
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
		$rows = array();
		foreach ( $this->stats->summary( isset( $assoc_args['product'] ) ? (int) $assoc_args['product'] : null, time() ) as $group => $values ) {
			foreach ( $values as $name => $value ) {
				$rows[] = array(
					'group' => $group,
					'name'  => $name,
					'value' => $value,
				);
			}
		}
		$this->out->rows( $assoc_args, $rows, array( 'group', 'name', 'value' ) );
	}
}
