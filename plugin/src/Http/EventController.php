<?php
/**
 * Admin: GET /admin/events, the event log.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use Svc\Licensing\Domain\Access\Permission;
use Svc\Licensing\Domain\Event\Actor;
use Svc\Licensing\Domain\Event\EventType;
use Svc\Licensing\Domain\IsoTime;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\Storage\EventRepository;
use Svc\Licensing\View\EventView;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * Newest first, in the licence list's pagination envelope. The filters' schema below is the route's args, so
 * WordPress validates them and answers a readable 400; a product-scoped API key sees its product's events only.
 */
final class EventController implements Controller {

	/**
	 * The event log (read only here).
	 *
	 * @var EventRepository
	 */
	private $events;

	/**
	 * Authentication, levels and scope.
	 *
	 * @var AdminGuard
	 */
	private $guard;

	/**
	 * Constructor.
	 *
	 * @param EventRepository $events The event log.
	 * @param AdminGuard      $guard  Authentication, levels and scope.
	 */
	public function __construct( EventRepository $events, AdminGuard $guard ) {
		$this->events = $events;
		$this->guard  = $guard;
	}

	/**
	 * The routes, with their argument schemas.
	 *
	 * @return array<non-falsy-string, array<mixed>> Route => list of endpoints.
	 */
	public function routes(): array {
		return array(
			'/admin/events' => array(
				$this->guard->endpoint( WP_REST_Server::READABLE, array( $this, 'list_events' ), Permission::READ, array_merge( Pagination::args(), self::filters() ) ),
			),
		);
	}

	/**
	 * The filters as JSON schema.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	public static function filters(): array {
		return array(
			'subject_type' => array(
				'description' => 'What the events are about; with subject_id, one thing\'s history.',
				'type'        => 'string',
				'enum'        => EventType::SUBJECTS,
			),
			'subject_id'   => array(
				'description' => 'The subject\'s id; needs subject_type.',
				'type'        => 'integer',
				'minimum'     => 1,
			),
			'type'         => array(
				'type' => 'string',
				'enum' => EventType::ALL,
			),
			'actor_kind'   => array(
				'type' => 'string',
				'enum' => Actor::KINDS,
			),
			'actor'        => array(
				'description' => 'The actor\'s label, exactly as listed (a key prefix, "id:login", a site URL, a payment event id).',
				'type'        => 'string',
				'minLength'   => 1,
				'maxLength'   => Actor::MAX_LABEL,
			),
			'product_id'   => array(
				'type'    => 'integer',
				'minimum' => 1,
			),
			'since'        => array(
				'description' => 'Events at or after this time (ISO 8601).',
				'type'        => 'string',
				'format'      => 'date-time',
			),
			'until'        => array(
				'description' => 'Events at or before this time (ISO 8601).',
				'type'        => 'string',
				'format'      => 'date-time',
			),
		);
	}

	/**
	 * GET /admin/events.
	 *
	 * @param WP_REST_Request $request Request.
	 * @throws ServiceError 400 when subject_id comes without subject_type; 403 for a product outside the key's scope.
	 */
	public function list_events( WP_REST_Request $request ): WP_REST_Response {
		list( $page, $per_page ) = Pagination::from_request( $request );
		$filters                 = array();
		foreach ( array_keys( self::filters() ) as $name ) {
			$value = $request->get_param( $name );
			if ( null !== $value ) {
				$filters[ $name ] = $value;
			}
		}
		if ( isset( $filters['subject_id'] ) && ! isset( $filters['subject_type'] ) ) {
			throw ServiceError::invalid_param( 'subject_id', __( 'subject_id needs subject_type, e.g. subject_type=license.', 'svc-licensing' ), __( 'Needs subject_type.', 'svc-licensing' ) );
		}
		foreach ( array( 'since', 'until' ) as $name ) {
			if ( isset( $filters[ $name ] ) ) {
				$filters[ $name ] = IsoTime::to_storage( (int) strtotime( (string) $filters[ $name ] ) );
			}
		}
		$product = $this->guard->product_filter( $request, isset( $filters['product_id'] ) ? (int) $filters['product_id'] : null );
		if ( null !== $product ) {
			$filters['product_id'] = $product;
		}
		list( $rows, $total ) = $this->events->page( $filters, $page, $per_page );
		return new WP_REST_Response( Pagination::envelope( array_map( array( EventView::class, 'present' ), $rows ), $total, $page, $per_page ) );
	}
}
