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
use Svc\Licensing\Domain\IsoTime;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\Storage\EventRepository;

/**
 * Shows the last events, oldest of them first (as `tail` does), with GET /admin/events' filters. Reading only:
 * the events are written by the use cases themselves.
 */
final class EventCommand {

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
				$this->out->rows( $assoc_args, array_reverse( array_map( array( self::class, 'present' ), $rows ) ), array( 'id', 'created_at', 'type', 'subject', 'actor', 'payload' ) );
			}
		);
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

	/**
	 * An event as the commands show it: subject and actor as kind:label, the payload as JSON.
	 *
	 * @param array<string, mixed> $row Row.
	 * @return array<string, mixed>
	 */
	private static function present( array $row ): array {
		return array(
			'id'         => (int) $row['id'],
			'created_at' => IsoTime::from_storage( (string) $row['created_at'] ),
			'type'       => (string) $row['type'],
			'subject'    => $row['subject_type'] . ':' . $row['subject_id'],
			'actor'      => $row['actor_kind'] . ':' . $row['actor_label'],
			'product_id' => null === $row['product_id'] ? null : (int) $row['product_id'],
			'payload'    => (string) $row['payload'],
		);
	}
}
