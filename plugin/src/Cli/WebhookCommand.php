<?php
/**
 * `wp svc webhook`: the payment processor's events received (inbound Stripe webhooks), and replaying an outbound
 * delivery.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Cli;

use Svc\Licensing\Core\OutboundEndpoints;
use Svc\Licensing\Domain\PaymentEvent\EventStatus;
use Svc\Licensing\Payments\PaymentEventInbox;
use Svc\Licensing\Storage\PaymentEventRepository;
use Svc\Licensing\View\PaymentEventView;
use WP_CLI;

/**
 * Lists the stored events and retries one (as POST /admin/webhooks/{id}/reprocess) or every due one (as the
 * retry job), through PaymentEventInbox; replays an outbound delivery (as POST /admin/webhook-deliveries/{id}/replay)
 * through OutboundEndpoints.
 */
final class WebhookCommand {

	/**
	 * Most due events one `retry --due` handles.
	 */
	private const DUE_LIMIT = 1000;

	/**
	 * The inbox.
	 *
	 * @var PaymentEventInbox
	 */
	private $inbox;

	/**
	 * Stored events, for the list.
	 *
	 * @var PaymentEventRepository
	 */
	private $events;

	/**
	 * Outbound endpoints and their deliveries.
	 *
	 * @var OutboundEndpoints
	 */
	private $outbound;

	/**
	 * Formats and errors.
	 *
	 * @var Output
	 */
	private $out;

	/**
	 * Constructor.
	 *
	 * @param PaymentEventInbox      $inbox    The inbox.
	 * @param PaymentEventRepository $events   Stored events.
	 * @param OutboundEndpoints      $outbound Outbound endpoints and their deliveries.
	 * @param Output                 $out      Formats and errors.
	 */
	public function __construct( PaymentEventInbox $inbox, PaymentEventRepository $events, OutboundEndpoints $outbound, Output $out ) {
		$this->inbox    = $inbox;
		$this->events   = $events;
		$this->outbound = $outbound;
		$this->out      = $out;
	}

	/**
	 * Lists received payment events, newest first.
	 *
	 * ## OPTIONS
	 *
	 * [--status=<status>]
	 * : processed, pending_retry or failed.
	 *
	 * [--type=<type>]
	 * : Exact event type, e.g. invoice.paid.
	 *
	 * [--per-page=<n>]
	 * : How many, up to 1000.
	 * ---
	 * default: 100
	 * ---
	 *
	 * [--fields=<fields>]
	 * : Fields to show (any of GET /admin/webhooks' record: id, event_id, event_type, source, status, processed_at, processing_error, retry_count, next_retry_at, created_at).
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
	 *     wp svc webhook list --status=failed
	 *
	 * @subcommand list
	 *
	 * @param string[]             $args       Positional arguments.
	 * @param array<string, mixed> $assoc_args Flags.
	 */
	public function list_( array $args, array $assoc_args ): void {
		$status = isset( $assoc_args['status'] ) ? (string) $assoc_args['status'] : null;
		if ( null !== $status && ! in_array( $status, EventStatus::ALL, true ) ) {
			WP_CLI::error( __( 'status must be processed, pending_retry or failed.', 'svc-licensing' ) );
		}
		$type         = isset( $assoc_args['type'] ) ? (string) $assoc_args['type'] : null;
		list( $rows ) = $this->events->page( $status, $type, null, 1, max( 1, min( 1000, (int) $assoc_args['per-page'] ) ) );
		$this->out->rows( $assoc_args, array_map( array( PaymentEventView::class, 'present' ), $rows ), array( 'id', 'event_id', 'event_type', 'status', 'retry_count', 'next_retry_at', 'processing_error' ) );
	}

	/**
	 * Retries one stored event now, or every event whose retry is due.
	 *
	 * ## OPTIONS
	 *
	 * [<id>]
	 * : The event's id (from `wp svc webhook list`).
	 *
	 * [--due]
	 * : Every event whose retry is due, as the retry job would.
	 *
	 * [--format=<format>]
	 * : For one event: table, json, yaml, csv or ids.
	 * ---
	 * default: table
	 * ---
	 *
	 * ## EXAMPLES
	 *
	 *     wp svc webhook retry 12
	 *     wp svc webhook retry --due
	 *
	 * @param string[]             $args       Positional arguments.
	 * @param array<string, mixed> $assoc_args Flags.
	 */
	public function retry( array $args, array $assoc_args ): void {
		if ( ! empty( $assoc_args['due'] ) === isset( $args[0] ) ) {
			WP_CLI::error( __( 'Give either an event id or --due.', 'svc-licensing' ) );
		}
		if ( ! empty( $assoc_args['due'] ) ) {
			$outcomes = $this->inbox->retry_due( time(), self::DUE_LIMIT );
			/* translators: 1: processed, 2: failed again, 3: busy. */
			WP_CLI::success( sprintf( __( 'Due events retried: %1$d processed, %2$d failed again, %3$d busy.', 'svc-licensing' ), $outcomes[ PaymentEventInbox::OUTCOME_PROCESSED ], $outcomes[ PaymentEventInbox::OUTCOME_FAILED ], $outcomes[ PaymentEventInbox::OUTCOME_BUSY ] ) );
			return;
		}
		$this->out->attempt(
			function () use ( $args, $assoc_args ): void {
				$this->out->item( $assoc_args, PaymentEventView::present( $this->inbox->retry( (int) $args[0], time() ) ) );
			}
		);
	}

	/**
	 * Sends an outbound delivery's event again, now, as a new delivery (a new delivery id, so a receiver that
	 * drops duplicates takes it), and says how the attempt went.
	 *
	 * ## OPTIONS
	 *
	 * <id>
	 * : The delivery's id (GET /svc/v1/admin/webhook-deliveries, or the panel's delivery log).
	 *
	 * [--porcelain]
	 * : Print only the new delivery's id.
	 *
	 * ## EXAMPLES
	 *
	 *     wp svc webhook replay 42
	 *
	 * @param string[]             $args       Positional arguments.
	 * @param array<string, mixed> $assoc_args Flags.
	 */
	public function replay( array $args, array $assoc_args ): void {
		$this->out->attempt(
			function () use ( $args, $assoc_args ): void {
				$everything = static function ( ?int $product_id ): void {
					unset( $product_id ); // WP-CLI runs with the site's full access: every product.
				};
				$delivery   = $this->outbound->replay( (int) $args[0], $everything, time() );
				if ( ! empty( $assoc_args['porcelain'] ) ) {
					WP_CLI::line( (string) $delivery['id'] );
					return;
				}
				$code = null === $delivery['last_status_code'] ? __( 'no answer', 'svc-licensing' ) : 'HTTP ' . (int) $delivery['last_status_code'];
				/* translators: 1: the delivery replayed, 2: the new delivery, 3: its status, 4: "HTTP 200" or "no answer". */
				WP_CLI::success( sprintf( __( 'Delivery %1$d replayed as delivery %2$d: %3$s (%4$s).', 'svc-licensing' ), (int) $args[0], (int) $delivery['id'], (string) $delivery['status'], $code ) );
			}
		);
	}
}
