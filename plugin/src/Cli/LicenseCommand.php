<?php
/**
 * `wp svc license`: licences from the command line.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Cli;

use Svc\Licensing\Core\LicenseAdmin;
use Svc\Licensing\Core\LicenseImport;
use Svc\Licensing\Core\Licenses;
use Svc\Licensing\Core\Products;
use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\IsoTime;
use Svc\Licensing\Domain\License\LicenseInput;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\View\LicenseView;
use WP_CLI;
use cli\progress\Bar;

/**
 * Creates, lists, shows, edits, re-keys, cancels, extends and imports licences. The rules are LicenseAdmin's,
 * Licences' and LicenseImport's, the same the admin REST API calls.
 */
final class LicenseCommand {

	/**
	 * Fields a list shows unless --fields says otherwise.
	 */
	private const LIST_FIELDS = array( 'id', 'license_key_masked', 'product_id', 'customer_email', 'status', 'activation_count', 'activation_limit', 'expires' );

	/**
	 * Admin licence use cases.
	 *
	 * @var LicenseAdmin
	 */
	private $admin;

	/**
	 * Licence use cases (cancel, renew).
	 *
	 * @var Licenses
	 */
	private $licenses;

	/**
	 * The CSV import.
	 *
	 * @var LicenseImport
	 */
	private $import;

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
	 * Constructor.
	 *
	 * @param LicenseAdmin  $admin    Admin licence use cases.
	 * @param Licenses      $licenses Licence use cases.
	 * @param LicenseImport $import   The CSV import.
	 * @param Products      $products Products.
	 * @param Output        $out      Formats and errors.
	 */
	public function __construct( LicenseAdmin $admin, Licenses $licenses, LicenseImport $import, Products $products, Output $out ) {
		$this->admin    = $admin;
		$this->licenses = $licenses;
		$this->import   = $import;
		$this->products = $products;
		$this->out      = $out;
	}

	/**
	 * Lists licences, newest first.
	 *
	 * ## OPTIONS
	 *
	 * [--status=<status>]
	 * : Only licences with this status (active, expired, suspended, revoked, trial, cancelled).
	 *
	 * [--product=<product>]
	 * : Only this product's licences (slug or id).
	 *
	 * [--search=<text>]
	 * : Part of the customer's email or name, or a whole licence key.
	 *
	 * [--page=<page>]
	 * : Page, from 1.
	 * ---
	 * default: 1
	 * ---
	 *
	 * [--per-page=<n>]
	 * : Licences a page, up to 1000.
	 * ---
	 * default: 100
	 * ---
	 *
	 * [--fields=<fields>]
	 * : Fields to show (any of a licence's fields, as `get` shows them).
	 *
	 * [--field=<field>]
	 * : One field of each licence.
	 *
	 * [--format=<format>]
	 * : table, csv, json, yaml, ids, or count (every licence the filters match).
	 * ---
	 * default: table
	 * ---
	 *
	 * ## EXAMPLES
	 *
	 *     wp svc license list --status=active --product=acme-widgets --format=csv
	 *
	 * @subcommand list
	 *
	 * @param string[]             $args       Positional arguments.
	 * @param array<string, mixed> $assoc_args Flags.
	 */
	public function list_( array $args, array $assoc_args ): void {
		$this->out->attempt(
			function () use ( $assoc_args ): void {
				$filters = array();
				foreach ( array( 'status', 'search' ) as $name ) {
					if ( isset( $assoc_args[ $name ] ) ) {
						$filters[ $name ] = (string) $assoc_args[ $name ];
					}
				}
				if ( isset( $filters['status'] ) ) {
					$filters['status'] = LicenseInput::status( $filters['status'] );
				}
				if ( isset( $assoc_args['product'] ) ) {
					$filters['product_id'] = $this->product_id( (string) $assoc_args['product'] );
				}
				$per_page = max( 1, min( 1000, (int) $assoc_args['per-page'] ) );
				$found    = $this->admin->page( $filters, max( 1, (int) $assoc_args['page'] ), $per_page, array( 'created_at', 'desc' ) );
				if ( 'count' === ( $assoc_args['format'] ?? '' ) ) {
					// Every licence the filters match, not just this page's; a search stops counting at its cap.
					WP_CLI::line( $found['total'] . ( $found['exact'] ? '' : '+' ) );
					return;
				}
				$this->out->rows( $assoc_args, array_map( array( LicenseView::class, 'present' ), $found['rows'] ), self::LIST_FIELDS );
			}
		);
	}

	/**
	 * Shows a licence (its key masked).
	 *
	 * ## OPTIONS
	 *
	 * <id>
	 * : Licence id.
	 *
	 * [--fields=<fields>]
	 * : Fields to show.
	 *
	 * [--field=<field>]
	 * : One field.
	 *
	 * [--format=<format>]
	 * : table, csv, json, yaml or ids.
	 * ---
	 * default: table
	 * ---
	 *
	 * ## EXAMPLES
	 *
	 *     wp svc license get 42 --format=json
	 *
	 * @param string[]             $args       Positional arguments.
	 * @param array<string, mixed> $assoc_args Flags.
	 */
	public function get( array $args, array $assoc_args ): void {
		$this->out->attempt(
			function () use ( $args, $assoc_args ): void {
				$this->out->item( $assoc_args, LicenseView::present( $this->admin->find( (int) $args[0] ) ) );
			}
		);
	}

	/**
	 * Issues a licence and shows its full key, the only time it is shown.
	 *
	 * ## OPTIONS
	 *
	 * --product=<product>
	 * : Product slug or id.
	 *
	 * --customer_email=<email>
	 * : The customer's email.
	 *
	 * [--customer_name=<name>]
	 * : The customer's name.
	 *
	 * [--status=<status>]
	 * : Status; active unless given.
	 *
	 * [--expires=<date>]
	 * : Expiry: a date (2027-01-31) or ISO 8601 date-time; never unless given.
	 *
	 * [--activation_limit=<n>]
	 * : Sites it may be active on; the price's limit, or 1, unless given.
	 *
	 * [--tier_id=<id>]
	 * : Tier.
	 *
	 * [--price_id=<id>]
	 * : Price.
	 *
	 * [--porcelain]
	 * : Print only the new key.
	 *
	 * [--format=<format>]
	 * : table, json, yaml, csv or ids.
	 * ---
	 * default: table
	 * ---
	 *
	 * ## EXAMPLES
	 *
	 *     wp svc license create --product=acme-widgets --customer_email=ann@example.com --expires=2027-01-31
	 *
	 * @param string[]             $args       Positional arguments.
	 * @param array<string, mixed> $assoc_args Flags.
	 */
	public function create( array $args, array $assoc_args ): void {
		$this->out->attempt(
			function () use ( $assoc_args ): void {
				$product               = $this->product_id( (string) $assoc_args['product'] );
				list( $key, $license ) = $this->admin->create( $product, self::fields( $assoc_args ), CliActor::current() );
				if ( ! empty( $assoc_args['porcelain'] ) ) {
					WP_CLI::line( $key );
					return;
				}
				$this->out->item( $assoc_args, array_merge( array( 'license_key' => $key ), LicenseView::present( $license ) ) );
			}
		);
	}

	/**
	 * Changes only the given fields of a licence.
	 *
	 * ## OPTIONS
	 *
	 * <id>
	 * : Licence id.
	 *
	 * [--customer_email=<email>]
	 * : The customer's email.
	 *
	 * [--customer_name=<name>]
	 * : The customer's name.
	 *
	 * [--status=<status>]
	 * : Status.
	 *
	 * [--expires=<date>]
	 * : Expiry (a date or ISO 8601 date-time), or `never`.
	 *
	 * [--activation_limit=<n>]
	 * : Sites it may be active on.
	 *
	 * [--tier_id=<id>]
	 * : Tier, or `none`.
	 *
	 * [--price_id=<id>]
	 * : Price, or `none`.
	 *
	 * [--channel=<channel>]
	 * : Release channel the licence follows (stable, beta or one the product lists); empty: none of its own.
	 *
	 * [--pin=<version>]
	 * : Never offer a version above this one; empty: no pin.
	 *
	 * [--format=<format>]
	 * : table, json, yaml, csv or ids.
	 * ---
	 * default: table
	 * ---
	 *
	 * ## EXAMPLES
	 *
	 *     wp svc license update 42 --status=suspended
	 *     wp svc license update 42 --channel=beta --pin=2.1.0
	 *
	 * @param string[]             $args       Positional arguments.
	 * @param array<string, mixed> $assoc_args Flags.
	 */
	public function update( array $args, array $assoc_args ): void {
		$this->out->attempt(
			function () use ( $args, $assoc_args ): void {
				$license = $this->admin->find( (int) $args[0] );
				$this->out->item( $assoc_args, LicenseView::present( $this->admin->update( (int) $license['id'], self::fields( $assoc_args ), CliActor::current() ) ) );
			}
		);
	}

	/**
	 * Gives a licence a new key; the old one stops working at once. Shows the new key once.
	 *
	 * ## OPTIONS
	 *
	 * <id>
	 * : Licence id.
	 *
	 * [--porcelain]
	 * : Print only the new key.
	 *
	 * [--format=<format>]
	 * : table, json, yaml, csv or ids.
	 * ---
	 * default: table
	 * ---
	 *
	 * ## EXAMPLES
	 *
	 *     wp svc license rotate 42 --porcelain
	 *
	 * @param string[]             $args       Positional arguments.
	 * @param array<string, mixed> $assoc_args Flags.
	 */
	public function rotate( array $args, array $assoc_args ): void {
		$this->out->attempt(
			function () use ( $args, $assoc_args ): void {
				$license = $this->admin->find( (int) $args[0] );
				$key     = $this->admin->rotate_key( $license, CliActor::current() );
				if ( ! empty( $assoc_args['porcelain'] ) ) {
					WP_CLI::line( $key );
					return;
				}
				$this->out->item( $assoc_args, LicenseView::rotated( $license, $key, time() ) );
			}
		);
	}

	/**
	 * Cancels a licence: the record stays, every site is freed.
	 *
	 * ## OPTIONS
	 *
	 * <id>
	 * : Licence id.
	 *
	 * ## EXAMPLES
	 *
	 *     wp svc license cancel 42
	 *
	 * @param string[]             $args       Positional arguments.
	 * @param array<string, mixed> $assoc_args Flags.
	 */
	public function cancel( array $args, array $assoc_args ): void {
		$this->out->attempt(
			function () use ( $args ): void {
				$license = $this->admin->find( (int) $args[0] );
				$this->licenses->cancel( (int) $license['id'], CliActor::current() );
				/* translators: %d: licence id. */
				WP_CLI::success( sprintf( __( 'Cancelled licence %d.', 'svc-licensing' ), $license['id'] ) );
			}
		);
	}

	/**
	 * Deletes a licence and its activations for good, as `DELETE /admin/licenses/{id}?force=true` does (without
	 * force the API cancels; here that is `license cancel`). The event log keeps license.deleted.
	 *
	 * ## OPTIONS
	 *
	 * <id>
	 * : Licence id.
	 *
	 * ## EXAMPLES
	 *
	 *     wp svc license delete 42
	 *
	 * @param string[]             $args       Positional arguments.
	 * @param array<string, mixed> $assoc_args Flags.
	 */
	public function delete( array $args, array $assoc_args ): void {
		unset( $assoc_args );
		$this->out->attempt(
			function () use ( $args ): void {
				$license = $this->admin->find( (int) $args[0] );
				$this->licenses->delete( (int) $license['id'], CliActor::current() );
				/* translators: %d: licence id. */
				WP_CLI::success( sprintf( __( 'Deleted licence %d.', 'svc-licensing' ), $license['id'] ) );
			}
		);
	}

	/**
	 * Moves a licence's expiry later, as a renewal does (license.renewed); a lapsed licence is active again.
	 *
	 * ## OPTIONS
	 *
	 * <id>
	 * : Licence id.
	 *
	 * [--days=<days>]
	 * : Days to add to its expiry (or to now, when it has already passed).
	 *
	 * [--to=<date>]
	 * : The new expiry: a date (2027-01-31) or ISO 8601 date-time.
	 *
	 * [--format=<format>]
	 * : table, json, yaml, csv or ids.
	 * ---
	 * default: table
	 * ---
	 *
	 * ## EXAMPLES
	 *
	 *     wp svc license extend 42 --days=365
	 *
	 * @param string[]             $args       Positional arguments.
	 * @param array<string, mixed> $assoc_args Flags.
	 */
	public function extend( array $args, array $assoc_args ): void {
		$this->out->attempt(
			function () use ( $args, $assoc_args ): void {
				$license = $this->admin->find( (int) $args[0] );
				$current = IsoTime::unix_from_storage( $license['expires'] );
				if ( null === $current ) {
					throw new ServiceError( ErrorCode::INVALID_PARAMS, __( 'This licence never expires; there is nothing to extend.', 'svc-licensing' ) );
				}
				if ( isset( $assoc_args['to'] ) === isset( $assoc_args['days'] ) ) {
					throw new ServiceError( ErrorCode::INVALID_PARAMS, __( 'Give either --days or --to.', 'svc-licensing' ) );
				}
				if ( isset( $assoc_args['to'] ) ) {
					$until = (int) strtotime( LicenseInput::expires( (string) $assoc_args['to'] ) );
				} else {
					$days = (string) $assoc_args['days'];
					if ( ! ctype_digit( $days ) || (int) $days < 1 ) {
						throw new ServiceError( ErrorCode::INVALID_PARAMS, __( '--days must be a whole number of days, 1 or more.', 'svc-licensing' ) );
					}
					$until = max( $current, time() ) + (int) $days * DAY_IN_SECONDS;
				}
				if ( $until <= $current ) {
					throw new ServiceError( ErrorCode::INVALID_PARAMS, __( 'The new expiry must be later than the current one.', 'svc-licensing' ) );
				}
				$this->licenses->renew( (int) $license['id'], $until, CliActor::current() );
				$this->out->item( $assoc_args, LicenseView::present( $this->admin->find( (int) $license['id'] ) ) );
			}
		);
	}

	/**
	 * Imports licences from a CSV file, all or nothing. See the README's "Licence import (CSV)" for the columns.
	 *
	 * Every row is checked with the same rules as `create`; one bad row and nothing is imported. Each error
	 * names its line. With --dry-run every row is checked and nothing is written (no licence, no event).
	 *
	 * ## OPTIONS
	 *
	 * <file>
	 * : The CSV file.
	 *
	 * [--dry-run]
	 * : Check every row, write nothing.
	 *
	 * [--fields=<fields>]
	 * : Fields of the imported licences to show (line, id, license_key, customer_email).
	 *
	 * [--format=<format>]
	 * : How to show the imported licences with their keys: table, csv, json, yaml, count or ids.
	 * ---
	 * default: table
	 * ---
	 *
	 * ## EXAMPLES
	 *
	 *     wp svc license import licences.csv --dry-run
	 *     wp svc license import licences.csv --format=csv > keys.csv
	 *
	 * @param string[]             $args       Positional arguments.
	 * @param array<string, mixed> $assoc_args Flags.
	 */
	public function import( array $args, array $assoc_args ): void {
		$file = (string) $args[0];
		if ( ! is_readable( $file ) || ! is_file( $file ) ) {
			/* translators: %s: file path. */
			WP_CLI::error( sprintf( __( 'Cannot read the file %s.', 'svc-licensing' ), $file ) );
		}
		$csv     = (string) file_get_contents( $file ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a local file named on the command line.
		$dry_run = ! empty( $assoc_args['dry-run'] );
		$rows    = max( 0, substr_count( $csv, "\n" ) );
		$bar     = \WP_CLI\Utils\make_progress_bar( $dry_run ? __( 'Checking licences', 'svc-licensing' ) : __( 'Importing licences', 'svc-licensing' ), $rows );
		$result  = $this->import->run(
			$csv,
			$dry_run,
			CliActor::current(),
			static function () use ( $bar ): void {
				// make_progress_bar() answers a bar, or (output piped) a NoOp that draws nothing.
				if ( $bar instanceof Bar ) {
					$bar->tick();
				}
			}
		);
		if ( $bar instanceof Bar ) {
			$bar->finish();
		}
		foreach ( $result['errors'] as $error ) {
			/* translators: 1: line number, 2: what is wrong. */
			WP_CLI::warning( sprintf( __( 'Line %1$d: %2$s', 'svc-licensing' ), $error['line'], $error['message'] ) );
		}
		if ( ! empty( $result['errors'] ) ) {
			/* translators: 1: rows with errors, 2: rows in the file. */
			WP_CLI::error( sprintf( __( '%1$d of %2$d rows have errors; nothing was imported.', 'svc-licensing' ), count( $result['errors'] ), $result['rows'] ) );
		}
		if ( $dry_run ) {
			/* translators: %d: rows in the file. */
			WP_CLI::success( sprintf( __( 'Dry run: all %d rows are valid; nothing was written.', 'svc-licensing' ), $result['rows'] ) );
			return;
		}
		$this->out->rows( $assoc_args, $result['imported'], array( 'line', 'id', 'license_key', 'customer_email' ) );
		/* translators: %d: licences imported. */
		WP_CLI::success( sprintf( __( 'Imported %d licences.', 'svc-licensing' ), count( $result['imported'] ) ) );
	}

	/**
	 * A product's id, named by slug or id.
	 *
	 * @param string $name Slug or id.
	 */
	private function product_id( string $name ): int {
		return (int) $this->products->named( $name )['id'];
	}

	/**
	 * The licence fields given as flags, typed as LicenseAdmin takes them.
	 *
	 * @param array<string, mixed> $assoc_args Flags.
	 * @return array<string, mixed>
	 */
	private static function fields( array $assoc_args ): array {
		$fields = array();
		foreach ( array( 'customer_email', 'customer_name' ) as $name ) {
			if ( isset( $assoc_args[ $name ] ) ) {
				$fields[ $name ] = (string) $assoc_args[ $name ];
			}
		}
		if ( isset( $assoc_args['status'] ) ) {
			$fields['status'] = LicenseInput::status( (string) $assoc_args['status'] );
		}
		if ( isset( $assoc_args['expires'] ) ) {
			$fields['expires'] = 'never' === $assoc_args['expires'] ? null : LicenseInput::expires( (string) $assoc_args['expires'] );
		}
		if ( isset( $assoc_args['activation_limit'] ) ) {
			$fields['activation_limit'] = LicenseInput::activation_limit( (string) $assoc_args['activation_limit'] );
		}
		foreach ( array( 'tier_id', 'price_id' ) as $name ) {
			if ( isset( $assoc_args[ $name ] ) ) {
				$fields[ $name ] = 'none' === $assoc_args[ $name ] ? null : max( 1, (int) $assoc_args[ $name ] );
			}
		}
		// Checked by LicenseAdmin with the REST API's words (Core\UpdateChoices::checked).
		foreach ( array(
			'channel' => 'channel',
			'pin'     => 'pinned_version',
		) as $flag => $name ) {
			if ( isset( $assoc_args[ $flag ] ) ) {
				$fields[ $name ] = (string) $assoc_args[ $flag ];
			}
		}
		return $fields;
	}
}
