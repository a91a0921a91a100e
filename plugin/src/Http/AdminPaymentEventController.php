<?php
/**
 * Admin: stored webhook events, their payloads, and manual reprocessing.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use Svc\Licensing\Domain\Access\Permission;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\Domain\PaymentEvent\EventStatus;
use Svc\Licensing\Payments\PaymentEventInbox;
use Svc\Licensing\Storage\PaymentEventRepository;
use Svc\Licensing\View\PaymentEventView;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * Events are not tied to one product, so product-scoped keys are refused (403 product_out_of_scope).
 */
final class AdminPaymentEventController implements Controller {

	/**
	 * Stored events.
	 *
	 * @var PaymentEventRepository
	 */
	private $events;

	/**
	 * Processes events.
	 *
	 * @var PaymentEventInbox
	 */
	private $inbox;

	/**
	 * Authentication, levels and scope.
	 *
	 * @var AdminGuard
	 */
	private $guard;

	/**
	 * Constructor.
	 *
	 * @param PaymentEventRepository $events Stored events.
	 * @param PaymentEventInbox      $inbox  Processes events.
	 * @param AdminGuard             $guard  Authentication, levels and scope.
	 */
	public function __construct( PaymentEventRepository $events, PaymentEventInbox $inbox, AdminGuard $guard ) {
		$this->events = $events;
		$this->inbox  = $inbox;
		$this->guard  = $guard;
	}

	/**
	 * The routes, with their argument schemas.
	 *
	 * @return array<non-falsy-string, array<mixed>> Route => endpoint, or list of endpoints.
	 */
	public function routes(): array {
		return array(
			'/admin/webhooks'                       => $this->guard->endpoint(
				WP_REST_Server::READABLE,
				array( $this, 'list_events' ),
				Permission::READ,
				Pagination::args() + array(
					'status'   => array(
						'description' => 'processed, pending_retry or failed.',
						'type'        => 'string',
						'enum'        => EventStatus::ALL,
					),
					'type'     => array(
						'description' => 'Exact event type, e.g. invoice.paid.',
						'type'        => 'string',
						'maxLength'   => 100,
					),
					'event_id' => array(
						'description' => 'Exact processor event id, e.g. evt_….',
						'type'        => 'string',
						'maxLength'   => 191,
					),
				),
			),
			'/admin/webhooks/(?P<id>\d+)'           => $this->guard->endpoint( WP_REST_Server::READABLE, array( $this, 'get' ), Permission::READ, Api::ID_ARG ),
			'/admin/webhooks/(?P<id>\d+)/reprocess' => $this->guard->endpoint( WP_REST_Server::CREATABLE, array( $this, 'reprocess' ), Permission::ADMIN, Api::ID_ARG ),
		);
	}

	/**
	 * GET /admin/webhooks: the licence list's envelope, newest first, without payloads.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function list_events( WP_REST_Request $request ): WP_REST_Response {
		$this->guard->assert_scope( $request, null );
		list( $page, $per_page ) = Pagination::from_request( $request );
		list( $rows, $total )    = $this->events->page( $request['status'], $request['type'], $request['event_id'], $page, $per_page );
		return new WP_REST_Response( Pagination::envelope( array_map( array( PaymentEventView::class, 'present' ), $rows ), $total, $page, $per_page ) );
	}

	/**
	 * GET /admin/webhooks/{id}: with the payload, decoded.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function get( WP_REST_Request $request ): WP_REST_Response {
		$row = $this->existing( $request );
		return new WP_REST_Response( PaymentEventView::detail( $row ) );
	}

	/**
	 * POST /admin/webhooks/{id}/reprocess: runs a pending or failed event now and answers it afterwards
	 * (200 whether the attempt succeeded or not; the status and error say which).
	 *
	 * @param WP_REST_Request $request Request.
	 * @throws ServiceError 409 when it is processed already or being processed.
	 */
	public function reprocess( WP_REST_Request $request ): WP_REST_Response {
		$this->guard->assert_scope( $request, null );
		$row = $this->inbox->retry( (int) $request['id'], time() );
		return new WP_REST_Response( PaymentEventView::detail( $row ) );
	}

	/**
	 * The event of the route's id.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return array<string, mixed>
	 * @throws ServiceError 404 not_found or 403 product_out_of_scope.
	 */
	private function existing( WP_REST_Request $request ): array {
		$this->guard->assert_scope( $request, null );
		return $this->inbox->event( (int) $request['id'] );
	}
}
