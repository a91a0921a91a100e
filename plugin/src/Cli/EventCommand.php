<?php
/**
 * `wp svc event`: the event log.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Cli;

use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\Event\Actor;
use Svc\Licensing\Domain\Event\EventType;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\Storage\EventRepository;
use Svc\Licensing\View\EventView;

/**
 * Shows the last events, oldest of them first (as `tail` does), with GET /admin/events' filters. Reading only:
 * the events are written by the use cases themselves.
 */
final class EventCommand {

	/**
	 * The fields shown unless --fields names others.
	 */
	private const FIELDS = array( 'id', 'created_at', 'type', 'subject', 'actor', 'payload' );

	/**
	 * The event log.
	 *
	 * @var EventRepository
	 */
	private $events;

	/**
	 * Formats and errors.
	 *
	 * @var Output
	 */
	private $out;

	/**
	 * Constructor.
	 *
	 * @param EventRepository $events The event log.
	 * @param Output          $out    Formats and errors.
	 */
	public function __construct( EventRepository $events, Output $out ) {
		$this->events = $events;
		$this->out    = $out;
	}

	/**
	 * The last events, oldest first.
	 *
	 * ## OPTIONS
	 *
	 * [--count=<n>]
	 * : How many, up to 1000.
	 * ---
	 * default: 20
	 * ---
	 *
	 * [--type=<type>]
	 * : Only this type (license.created, license.rotated, api_key.revoked, ...).
	 *
	 * [--subject=<subject>]
	 * : Only one thing's history: license:<id> or api_key:<id>.
	 *
	 * [--actor_kind=<kind>]
	 * : user, api_key, customer, payment or system.
	 *
	 * [--product=<id>]
	 * : Only this product's events.
	 *
	 * [--follow]
	 * : Keep running: poll the log every --interval seconds and print each new event as one line (table: the
	 * fields separated by tabs; json: one object per line, with every field) until interrupted (Ctrl-C).
	 *
	 * [--interval=<seconds>]
	 * : With --follow, seconds between polls.
	 * ---
	 * default: 2
	 * ---
	 *
	 * [--fields=<fields>]
	 * : Fields to show (id, created_at, type, subject, actor, product_id, payload).
	 *
	 * [--field=<field>]
	 * : One field of each event.
	 *
	 * [--format=<format>]
	 * : table, csv, json, yaml, count or ids.
	 * ---
	 * default: table
	 * ---
	 *
	 * ## EXAMPLES
	 *
	 *     wp svc event tail --subject=license:42
	 *     wp svc event tail --type=license.created --count=100 --format=json
	 *     wp svc event tail --follow --product=3
	 *
	 * @param string[]             $args       Positional arguments.
	 * @param array<string, mixed> $assoc_args Flags.
	 */
	public function tail( array $args, array $assoc_args ): void {
		$this->out->attempt(
			function () use ( $assoc_args ): void {
				$filters = array();
				if ( isset( $assoc_args['type'] ) ) {
					$filters['type'] = self::one_of( 'type', (string) $assoc_args['type'], EventType::ALL );
				}
				if ( isset( $assoc_args['actor_kind'] ) ) {
					$filters['actor_kind'] = self::one_of( 'actor_kind', (string) $assoc_args['actor_kind'], Actor::KINDS );
				}
				if ( isset( $assoc_args['subject'] ) ) {
					$parts                   = explode( ':', (string) $assoc_args['subject'], 2 );
					$filters['subject_type'] = self::one_of( 'subject', $parts[0], EventType::SUBJECTS );
					$filters['subject_id']   = (int) ( $parts[1] ?? 0 );
				}
				if ( isset( $assoc_args['product'] ) ) {
					$filters['product_id'] = (int) $assoc_args['product'];
				}
				$count        = max( 1, min( 1000, (int) $assoc_args['count'] ) );
				list( $rows ) = $this->events->page( $filters, 1, $count );
				$events       = array_reverse( array_map( array( EventView::class, 'line' ), $rows ) );
				if ( empty( $assoc_args['follow'] ) ) {
					$this->out->rows( $assoc_args, $events, self::FIELDS );
					return;
				}
				$this->follow( $filters, $events, $assoc_args );
			}
		);
	}

	/**
	 * Prints the last events, then every new one as it is written, one line each, until the process is stopped.
	 * A poll reads up to 1000 events newer than the last printed.
	 *
	 * @param array<string, mixed>             $filters    The tail's filters.
	 * @param array<int, array<string, mixed>> $events     The last events, oldest first, shown.
	 * @param array<string, mixed>             $assoc_args Flags (format, fields, interval).
	 * @throws ServiceError On a format other than table or json.
	 */
	private function follow( array $filters, array $events, array $assoc_args ): void {
		$format = (string) ( $assoc_args['format'] ?? 'table' );
		if ( ! in_array( $format, array( 'table', 'json' ), true ) ) {
			throw new ServiceError( ErrorCode::INVALID_PARAMS, __( '--follow prints table or json lines.', 'svc-licensing' ) );
		}
		$fields   = isset( $assoc_args['fields'] ) ? array_map( 'trim', explode( ',', (string) $assoc_args['fields'] ) ) : self::FIELDS;
		$interval = max( 1, (int) ( $assoc_args['interval'] ?? 2 ) );
		$last     = 0;
		// Until interrupted: WP-CLI ends on SIGINT or SIGTERM.
		while ( true ) { // @phpstan-ignore while.alwaysTrue
			foreach ( $events as $event ) {
				if ( $event['id'] > $last ) {
					$shown = array_intersect_key( $event, array_flip( $fields ) );
					\WP_CLI::line( 'json' === $format ? (string) wp_json_encode( $event ) : implode( "\t", array_map( 'strval', $shown ) ) );
					$last = $event['id'];
				}
			}
			sleep( $interval );
			list( $rows ) = $this->events->page( $filters, 1, 1000 );
			$events       = array_reverse( array_map( array( EventView::class, 'line' ), $rows ) );
		}
	}

	/**
	 * A flag's value, when it is one of the allowed.
	 *
	 * @param string   $name    Flag.
	 * @param string   $value   Value.
	 * @param string[] $allowed Allowed values.
	 * @throws ServiceError When it is not.
	 */
	private static function one_of( string $name, string $value, array $allowed ): string {
		if ( ! in_array( $value, $allowed, true ) ) {
			/* translators: 1: flag, 2: allowed values. */
			throw new ServiceError( ErrorCode::INVALID_PARAMS, sprintf( __( '%1$s must be one of %2$s.', 'svc-licensing' ), $name, implode( ', ', $allowed ) ) );
		}
		return $value;
	}
}
