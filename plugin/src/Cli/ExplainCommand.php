<?php
/**
 * `wp svc explain`: why a site did or did not get an update.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Cli;

use InvalidArgumentException;
use Svc\Licensing\Core\Explain;
use Svc\Licensing\Domain\License\LicenseKey;
use Svc\Licensing\View\UpdateDecisionView;
use WP_CLI;

/**
 * The same use case and object as GET /admin/explain: `--format=json` prints that object; the table format
 * prints each decision's summary line, then its steps.
 */
final class ExplainCommand {

	/**
	 * The explanation use case.
	 *
	 * @var Explain
	 */
	private $explain;

	/**
	 * Formats and errors.
	 *
	 * @var Output
	 */
	private $out;

	/**
	 * Constructor.
	 *
	 * @param Explain $explain The explanation use case.
	 * @param Output  $out     Formats and errors.
	 */
	public function __construct( Explain $explain, Output $out ) {
		$this->explain = $explain;
		$this->out     = $out;
	}

	/**
	 * Why a site did or did not get an update: the last update check's decision for each product, step by step.
	 *
	 * ## OPTIONS
	 *
	 * <site-url|license-key>
	 * : A site URL (every product that site asked about), or a licence key (every site of that licence).
	 *
	 * [--format=<format>]
	 * : table (a summary line per decision, then its steps) or json (the object GET /admin/explain answers).
	 * ---
	 * default: table
	 * options:
	 *   - table
	 *   - json
	 * ---
	 *
	 * ## EXAMPLES
	 *
	 *     wp svc explain https://customer.example
	 *     wp svc explain ABCD-EFGH-IJKL-MNOP --format=json
	 *
	 * @param string[]             $args       Positional arguments.
	 * @param array<string, mixed> $assoc_args Flags.
	 */
	public function __invoke( array $args, array $assoc_args ): void {
		$this->out->attempt(
			function () use ( $args, $assoc_args ): void {
				$target = trim( (string) ( $args[0] ?? '' ) );
				$query  = self::is_key( $target ) ? array( 'license_key' => $target ) : array( 'site' => $target );
				$object = UpdateDecisionView::explanation( $this->explain->answer( $query, null, null ) );
				if ( 'json' === ( $assoc_args['format'] ?? 'table' ) ) {
					WP_CLI::line( (string) wp_json_encode( $object ) );
					return;
				}
				if ( array() === $object['decisions'] ) {
					WP_CLI::log( __( 'No site of this licence has asked for an update yet.', 'svc-licensing' ) );
					return;
				}
				foreach ( $object['decisions'] as $decision ) {
					WP_CLI::log(
						/* translators: 1: product slug, 2: site URL, 3: the decision in plain words. */
						sprintf( __( '%1$s on %2$s: %3$s', 'svc-licensing' ), $decision['product_slug'], $decision['site_url'], $decision['summary'] )
					);
					WP_CLI::log(
						/* translators: 1: date-time, 2: answer kind, 3: WordPress version, 4: PHP version. */
						sprintf( __( 'Last asked %1$s, answered %2$s; WordPress %3$s, PHP %4$s.', 'svc-licensing' ), $decision['checked_at'], $decision['answer'], $decision['wp_version'] ?? '?', $decision['php_version'] ?? '?' )
					);
					$rows = array();
					foreach ( $decision['steps'] as $step ) {
						$facts  = array_diff_key( $step, array_flip( array( 'step', 'outcome' ) ) );
						$rows[] = array(
							'step'    => $step['step'],
							'outcome' => $step['outcome'],
							'facts'   => (string) wp_json_encode( $facts ),
						);
					}
					$this->out->rows( array( 'format' => 'table' ), $rows, array( 'step', 'outcome', 'facts' ) );
				}
			}
		);
	}

	/**
	 * Whether the argument is a licence key rather than a site URL.
	 *
	 * @param string $target The argument.
	 */
	private static function is_key( string $target ): bool {
		try {
			LicenseKey::parse( $target );
			return true;
		} catch ( InvalidArgumentException $e ) {
			return false;
		}
	}
}
