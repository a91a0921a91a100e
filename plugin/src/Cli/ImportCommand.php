<?php
/**
 * `wp svc import`: move in from EDD Software Licensing or Software License Manager.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Cli;

use Svc\Licensing\Core\MoveIn;
use Svc\Licensing\Domain\MoveIn\Source;
use Svc\Licensing\Domain\ServiceError;
use Throwable;
use WP_CLI;

/**
 * Reads the old plugin's tables in this site's database (the old plugin may be active or not) and imports
 * products, tiers, licences with their keys and activations, a batch at a time, each batch committed (a fault keeps
 * the batches before it, and a second run brings the rest); see docs/moving-in.md. The rules are MoveIn's; this class
 * translates flags and prints the report.
 */
final class ImportCommand {

	/**
	 * The move-in.
	 *
	 * @var MoveIn
	 */
	private $move_in;

	/**
	 * Formats and errors.
	 *
	 * @var Output
	 */
	private $out;

	/**
	 * Constructor.
	 *
	 * @param MoveIn $move_in The move-in.
	 * @param Output $out     Formats and errors.
	 */
	public function __construct( MoveIn $move_in, Output $out ) {
		$this->move_in = $move_in;
		$this->out     = $out;
	}

	/**
	 * Imports from EDD Software Licensing 3.6 or later (and Easy Digital Downloads 3's customers).
	 *
	 * Licensed downloads become products (with their current version as a release, its file copied into package
	 * storage), variable prices become tiers and prices, licences keep their keys, activations their sites. A
	 * second run imports only what is new or changed.
	 *
	 * ## OPTIONS
	 *
	 * [--dry-run]
	 * : Show what would arrive and every row that would be refused; write nothing.
	 *
	 * [--format=<format>]
	 * : table (counts, then one warning per refused row) or json (the whole report).
	 * ---
	 * default: table
	 * ---
	 *
	 * ## EXAMPLES
	 *
	 *     wp svc import edd-sl --dry-run
	 *     wp svc import edd-sl
	 *
	 * @subcommand edd-sl
	 *
	 * @param string[]             $args       Positional arguments.
	 * @param array<string, mixed> $assoc_args Flags.
	 */
	public function edd_sl( array $args, array $assoc_args ): void {
		unset( $args );
		$this->import( Source::EDD_SL, $assoc_args );
	}

	/**
	 * Imports from Software License Manager.
	 *
	 * SLM has no products: a licence's product_ref names a product here by slug or id, and --product gives the
	 * product for licences that name none. Licences keep their keys, registered domains become activations.
	 *
	 * ## OPTIONS
	 *
	 * [--product=<product>]
	 * : The product here (slug or id) for licences whose product_ref is empty.
	 *
	 * [--dry-run]
	 * : Show what would arrive and every row that would be refused; write nothing.
	 *
	 * [--format=<format>]
	 * : table (counts, then one warning per refused row) or json (the whole report).
	 * ---
	 * default: table
	 * ---
	 *
	 * ## EXAMPLES
	 *
	 *     wp svc import slm --product=acme-pro --dry-run
	 *
	 * @param string[]             $args       Positional arguments.
	 * @param array<string, mixed> $assoc_args Flags.
	 */
	public function slm( array $args, array $assoc_args ): void {
		unset( $args );
		$this->import( Source::SLM, $assoc_args );
	}

	/**
	 * Runs the import and prints its report.
	 *
	 * @param string               $source     Source.
	 * @param array<string, mixed> $assoc_args Flags.
	 */
	private function import( string $source, array $assoc_args ): void {
		$dry_run = ! empty( $assoc_args['dry-run'] );
		$json    = 'json' === ( $assoc_args['format'] ?? 'table' );
		$this->out->attempt(
			function () use ( $source, $dry_run, $json, $assoc_args ): void {
				try {
					$report = $this->move_in->run(
						$source,
						$dry_run,
						CliActor::current(),
						isset( $assoc_args['product'] ) ? (string) $assoc_args['product'] : null,
						static function ( string $phase, int $done, int $total ) use ( $json ): void {
							if ( ! $json ) {
								/* translators: 1: what is imported (licences, activations), 2: rows done, 3: rows in all. */
								WP_CLI::log( sprintf( __( '%1$s: %2$d of %3$d read', 'svc-licensing' ), ucfirst( $phase ), $done, $total ) );
							}
						}
					);
				} catch ( ServiceError $error ) {
					throw $error;
				} catch ( Throwable $fault ) {
					WP_CLI::error(
						$dry_run
							/* translators: %s: what went wrong. */
							? sprintf( __( 'The dry run stopped and nothing was written: %s', 'svc-licensing' ), $fault->getMessage() )
							/* translators: %s: what went wrong. */
							: sprintf( __( 'The import stopped: %s. The batches it wrote before the fault are kept; run it again to bring the rest (what arrived is found unchanged).', 'svc-licensing' ), rtrim( $fault->getMessage(), '.' ) )
					);
					return;
				}
				$this->report( $report, $json );
			}
		);
	}

	/**
	 * Prints a report.
	 *
	 * @param array{source: string, dry_run: bool, written: bool, arrived: array<string, array{new: int, changed: int, unchanged: int, released?: int}>, refused: list<array{kind: string, old_id: string, reason: string, message: string}>, secrets: list<string>} $report Report.
	 * @param bool                                                                                                                                                                                                                                                   $json   As JSON.
	 */
	private function report( array $report, bool $json ): void {
		if ( $json ) {
			WP_CLI::line( (string) wp_json_encode( $report ) );
			return;
		}
		$rows = array();
		foreach ( $report['arrived'] as $kind => $counts ) {
			// Only activations are released (sites the old plugin released since they moved in); the others show none.
			$rows[] = array( 'what' => $kind ) + $counts + array( 'released' => '' );
		}
		$this->out->rows( array( 'format' => 'table' ), $rows, array( 'what', 'new', 'changed', 'unchanged', 'released' ) );
		foreach ( $report['refused'] as $refused ) {
			/* translators: 1: kind (licence, activation, product, release), 2: its id in the old system, 3: why. */
			WP_CLI::warning( sprintf( __( 'Refused %1$s %2$s: %3$s', 'svc-licensing' ), $refused['kind'], $refused['old_id'], $refused['message'] ) );
		}
		if ( array() !== $report['secrets'] ) {
			/* translators: %s: option names. */
			WP_CLI::log( sprintf( __( 'The old plugin\'s secret keys were found: %s.', 'svc-licensing' ), implode( ', ', $report['secrets'] ) ) );
		}
		$licenses = $report['arrived']['licences'];
		WP_CLI::success(
			$report['dry_run']
				/* translators: 1: new licences, 2: changed licences, 3: refused rows. */
				? sprintf( __( 'Dry run: %1$d new and %2$d changed licences would arrive, %3$d rows would be refused. Nothing was written.', 'svc-licensing' ), $licenses['new'], $licenses['changed'], count( $report['refused'] ) )
				/* translators: 1: new licences, 2: changed licences, 3: refused rows. */
				: sprintf( __( 'Imported %1$d new and %2$d changed licences; %3$d rows were refused.', 'svc-licensing' ), $licenses['new'], $licenses['changed'], count( $report['refused'] ) )
		);
	}
}
