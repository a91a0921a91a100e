<?php
/**
 * Admin: outbound webhook endpoints and their deliveries.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use Svc\Licensing\Core\OutboundEndpoints;
use Svc\Licensing\Domain\Access\Permission;
use Svc\Licensing\Domain\Event\EventType;
use Svc\Licensing\Domain\Outbound\EndpointUrl;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\Storage\OutboundDeliveryRepository;
use Svc\Licensing\Storage\OutboundEndpointRepository;
use Svc\Licensing\View\WebhookEndpointView;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * Reading needs read; adding, changing, deleting, testing and replaying need admin. The secret is answered once,
 * at creation. A product-scoped API key sees and manages only endpoints of its product (and their deliveries).
 * The endpoint schema below is both the REST args and the validation.
 */
final class OutboundWebhookController implements Controller {

	/**
	 * Endpoint use cases.
	 *
	 * @var OutboundEndpoints
	 */
	private $admin;

	/**
	 * Endpoints, to list.
	 *
	 * @var OutboundEndpointRepository
	 */
	private $endpoints;

	/**
	 * Deliveries, to list.
	 *
	 * @var OutboundDeliveryRepository
	 */
	private $deliveries;

	/**
	 * Authentication, levels and scope.
	 *
	 * @var AdminGuard
	 */
	private $guard;

	/**
	 * Constructor.
	 *
	 * @param OutboundEndpoints          $admin      Endpoint use cases.
	 * @param OutboundEndpointRepository $endpoints  Endpoints, to list.
	 * @param OutboundDeliveryRepository $deliveries Deliveries, to list.
	 * @param AdminGuard                 $guard      Authentication, levels and scope.
	 */
	public function __construct( OutboundEndpoints $admin, OutboundEndpointRepository $endpoints, OutboundDeliveryRepository $deliveries, AdminGuard $guard ) {
		$this->admin      = $admin;
		$this->endpoints  = $endpoints;
		$this->deliveries = $deliveries;
		$this->guard      = $guard;
	}

	/**
	 * The routes, with their argument schemas.
	 *
	 * @return array<non-falsy-string, array<mixed>> Route => list of endpoints.
	 */
	public function routes(): array {
		$fields   = self::fields();
		$required = $fields;
		foreach ( array( 'url', 'event_types' ) as $name ) {
			$required[ $name ]['required'] = true;
		}
		unset( $required['is_active'] );
		$required['product_id'] = array(
			'description' => 'Only this product\'s events; null or absent for every product.',
			'type'        => array( 'integer', 'null' ),
			'minimum'     => 1,
			'default'     => null,
		);
		return array(
			'/admin/webhook-endpoints'                     => array(
				$this->guard->endpoint( WP_REST_Server::READABLE, array( $this, 'list_endpoints' ), Permission::READ, Pagination::args() ),
				$this->guard->endpoint( WP_REST_Server::CREATABLE, array( $this, 'create' ), Permission::ADMIN, $required ),
			),
			'/admin/webhook-endpoints/(?P<id>\d+)'         => array(
				$this->guard->endpoint( WP_REST_Server::READABLE, array( $this, 'get' ), Permission::READ, Api::ID_ARG ),
				$this->guard->endpoint( 'PUT, PATCH', array( $this, 'update' ), Permission::ADMIN, Api::ID_ARG + $fields ),
				$this->guard->endpoint( WP_REST_Server::DELETABLE, array( $this, 'delete' ), Permission::ADMIN, Api::ID_ARG ),
			),
			'/admin/webhook-endpoints/(?P<id>\d+)/test'    => array(
				$this->guard->endpoint( WP_REST_Server::CREATABLE, array( $this, 'send_test' ), Permission::ADMIN, Api::ID_ARG ),
			),
			'/admin/webhook-deliveries'                    => array(
				$this->guard->endpoint(
					WP_REST_Server::READABLE,
					array( $this, 'list_deliveries' ),
					Permission::READ,
					Pagination::args() + array(
						'endpoint_id' => array(
							'type'    => 'integer',
							'minimum' => 1,
						),
						'status'      => array(
							'type' => 'string',
							'enum' => OutboundDeliveryRepository::STATUSES,
						),
						'event_id'    => array(
							'description' => 'The event log\'s id of the event delivered.',
							'type'        => 'integer',
							'minimum'     => 1,
						),
					)
				),
			),
			'/admin/webhook-deliveries/(?P<id>\d+)'        => array(
				$this->guard->endpoint( WP_REST_Server::READABLE, array( $this, 'get_delivery' ), Permission::READ, Api::ID_ARG ),
			),
			'/admin/webhook-deliveries/(?P<id>\d+)/replay' => array(
				$this->guard->endpoint( WP_REST_Server::CREATABLE, array( $this, 'replay' ), Permission::ADMIN, Api::ID_ARG ),
			),
		);
	}

	/**
	 * An endpoint's changeable fields as JSON schema.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	public static function fields(): array {
		return array(
			'url'         => array(
				'description' => 'Where deliveries are POSTed: http:// or https://, a public address unless webhooks_allow_private is on.',
				'type'        => 'string',
				'minLength'   => 1,
				'maxLength'   => EndpointUrl::MAX_LENGTH,
			),
			'event_types' => array(
				'description' => 'The event types delivered to it.',
				'type'        => 'array',
				'minItems'    => 1,
				'uniqueItems' => true,
				'items'       => array(
					'type' => 'string',
					'enum' => EventType::ALL,
				),
			),
			'description' => array(
				'type'      => 'string',
				'maxLength' => 200,
			),
			'is_active'   => array(
				'description' => 'Off: nothing is sent to it. Switching it on again clears its failure record.',
				'type'        => 'boolean',
			),
		);
	}

	/**
	 * GET /admin/webhook-endpoints.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function list_endpoints( WP_REST_Request $request ): WP_REST_Response {
		list( $page, $per_page ) = Pagination::from_request( $request );
		list( $rows, $total )    = $this->endpoints->page( $this->guard->scope( $request ), $page, $per_page );
		return new WP_REST_Response( Pagination::envelope( array_map( array( WebhookEndpointView::class, 'present' ), $rows ), $total, $page, $per_page ) );
	}

	/**
	 * POST /admin/webhook-endpoints: 201 with the signing secret, the only time it is shown.
	 *
	 * @param WP_REST_Request $request Request.
	 * @throws ServiceError 400 for a refused URL or an unknown product; 403 outside the key's scope.
	 */
	public function create( WP_REST_Request $request ): WP_REST_Response {
		$product_id = null === $request->get_param( 'product_id' ) ? null : (int) $request->get_param( 'product_id' );
		$this->guard->assert_scope( $request, $product_id );
		list( $secret, $row ) = $this->admin->create(
			(string) $request->get_param( 'url' ),
			array_map( 'strval', (array) $request->get_param( 'event_types' ) ),
			$product_id,
			(string) $request->get_param( 'description' )
		);
		return new WP_REST_Response( array( 'secret' => $secret ) + WebhookEndpointView::present( $row ), 201 );
	}

	/**
	 * GET /admin/webhook-endpoints/{id}.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function get( WP_REST_Request $request ): WP_REST_Response {
		return new WP_REST_Response( WebhookEndpointView::present( $this->admin->get( (int) $request['id'], $this->scope( $request ) ) ) );
	}

	/**
	 * PUT/PATCH /admin/webhook-endpoints/{id}: only the given fields change.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function update( WP_REST_Request $request ): WP_REST_Response {
		$fields = RequestFields::given( $request, self::fields() );
		return new WP_REST_Response( WebhookEndpointView::present( $this->admin->update( (int) $request['id'], $fields, $this->scope( $request ) ) ) );
	}

	/**
	 * DELETE /admin/webhook-endpoints/{id}: with its deliveries and their log.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function delete( WP_REST_Request $request ): WP_REST_Response {
		$this->admin->delete( (int) $request['id'], $this->scope( $request ) );
		return new WP_REST_Response(
			array(
				'deleted' => true,
				'id'      => (int) $request['id'],
			)
		);
	}

	/**
	 * POST /admin/webhook-endpoints/{id}/test: a webhook.test event, sent now; 201 with the delivery and its attempt.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function send_test( WP_REST_Request $request ): WP_REST_Response {
		$delivery = $this->admin->send_test( (int) $request['id'], $this->scope( $request ), $this->guard->actor( $request ), time() );
		return new WP_REST_Response( $this->detail( $delivery ), 201 );
	}

	/**
	 * GET /admin/webhook-deliveries: newest first, without bodies.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function list_deliveries( WP_REST_Request $request ): WP_REST_Response {
		list( $page, $per_page ) = Pagination::from_request( $request );
		$filters                 = array();
		foreach ( array( 'endpoint_id', 'status', 'event_id' ) as $name ) {
			if ( null !== $request->get_param( $name ) ) {
				$filters[ $name ] = $request->get_param( $name );
			}
		}
		$product = $this->guard->scope( $request );
		if ( null !== $product ) {
			$filters['product_id'] = $product;
		}
		list( $rows, $total ) = $this->deliveries->page( $filters, $page, $per_page );
		return new WP_REST_Response( Pagination::envelope( array_map( array( WebhookEndpointView::class, 'delivery' ), $rows ), $total, $page, $per_page ) );
	}

	/**
	 * GET /admin/webhook-deliveries/{id}: with the body sent and every attempt.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function get_delivery( WP_REST_Request $request ): WP_REST_Response {
		return new WP_REST_Response( $this->detail( $this->admin->delivery( (int) $request['id'], $this->scope( $request ) ) ) );
	}

	/**
	 * POST /admin/webhook-deliveries/{id}/replay: the same event as a new delivery, sent now; 201 with it.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function replay( WP_REST_Request $request ): WP_REST_Response {
		return new WP_REST_Response( $this->detail( $this->admin->replay( (int) $request['id'], $this->scope( $request ), time() ) ), 201 );
	}

	/**
	 * The request's scope as a check for an endpoint's product (null: every product).
	 *
	 * @param WP_REST_Request $request Request.
	 * @return callable(?int): void
	 */
	private function scope( WP_REST_Request $request ): callable {
		return function ( ?int $product_id ) use ( $request ): void {
			$this->guard->assert_scope( $request, $product_id );
		};
	}

	/**
	 * A delivery with its body and attempts.
	 *
	 * @param array<string, mixed> $row Row.
	 * @return array<string, mixed>
	 */
	private function detail( array $row ): array {
		return WebhookEndpointView::delivery_detail( $row, $this->deliveries->attempts_of( (int) $row['id'] ) );
	}
}
