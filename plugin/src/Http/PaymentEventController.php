<?php
/**
 * POST /webhooks/payment: Stripe's deliveries.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use InvalidArgumentException;
use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\IsoTime;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\Domain\PaymentEvent\EventStatus;
use Svc\Licensing\Domain\PaymentEvent\InvalidSignature;
use Svc\Licensing\Domain\PaymentEvent\StripeEvent;
use Svc\Licensing\Domain\PaymentEvent\StripeSignature;
use Svc\Licensing\Payments\PaymentEventInbox;
use Svc\Licensing\Storage\Settings;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * Order of checks: signature over the raw body (403 invalid_signature, nothing stored), then the body's shape
 * (400 invalid_params), then the event is stored and processed: 200 when processed or already received,
 * 202 when processing failed and a retry is scheduled.
 */
final class PaymentEventController implements Controller {
	public const ROUTE = '/webhooks/payment';

	/**
	 * Stores and processes events.
	 *
	 * @var PaymentEventInbox
	 */
	private $inbox;

	/**
	 * Settings (signing secret).
	 *
	 * @var Settings
	 */
	private $settings;

	/**
	 * Constructor.
	 *
	 * @param PaymentEventInbox $inbox    Stores and processes events.
	 * @param Settings          $settings Settings.
	 */
	public function __construct( PaymentEventInbox $inbox, Settings $settings ) {
		$this->inbox    = $inbox;
		$this->settings = $settings;
	}

	/**
	 * Hooks besides the route.
	 */
	public function add_hooks(): void {
		add_filter( 'rest_request_before_callbacks', array( $this, 'signature_first' ), 10, 3 );
	}

	/**
	 * The routes, with their argument schemas.
	 *
	 * @return array<non-falsy-string, array<mixed>> Route => endpoint, or list of endpoints.
	 */
	public function routes(): array {
		return array(
			self::ROUTE => array(
				'methods'             => WP_REST_Server::CREATABLE,
				'callback'            => ErrorResponder::wrap( array( $this, 'receive' ) ),
				'permission_callback' => '__return_true',
			),
		);
	}

	/**
	 * WordPress refuses a body that is not valid JSON before any callback runs; on this route the signature is
	 * checked first, so that error is dropped here and the callback answers it in the right order.
	 *
	 * @param mixed           $response Response so far.
	 * @param mixed           $handler  Route handler.
	 * @param WP_REST_Request $request  Request.
	 * @return mixed
	 */
	public function signature_first( $response, $handler, $request ) {
		unset( $handler );
		if ( $response instanceof WP_Error && 'rest_invalid_json' === $response->get_error_code()
			&& $request instanceof WP_REST_Request && '/' . Api::NAMESPACE . self::ROUTE === Api::route_of( $request ) ) {
			return null;
		}
		return $response;
	}

	/**
	 * POST /webhooks/payment.
	 *
	 * @param WP_REST_Request $request Request.
	 * @throws ServiceError 403 invalid_signature or 400 invalid_params.
	 */
	public function receive( WP_REST_Request $request ): WP_REST_Response {
		$raw = (string) $request->get_body();
		try {
			StripeSignature::verify( (string) $request->get_header( 'stripe_signature' ), $raw, (string) $this->settings->get( 'webhook_signing_secret' ), time() );
		} catch ( InvalidSignature $refused ) {
			throw new ServiceError( ErrorCode::INVALID_SIGNATURE, $refused->getMessage() );
		}
		try {
			$event = StripeEvent::from_json( $raw );
		} catch ( InvalidArgumentException $malformed ) {
			throw new ServiceError( ErrorCode::INVALID_PARAMS, $malformed->getMessage() );
		}
		$result = $this->inbox->receive( $event, $raw, time() );
		$stored = $result['event'];
		$status = EventStatus::of( $stored['processed_at'], $stored['next_retry_at'] );
		$body   = array(
			'received'         => true,
			'event_id'         => $event->id,
			'duplicate'        => $result['duplicate'],
			'status'           => $status,
			'processing_error' => $stored['processing_error'],
			'retry_count'      => $stored['retry_count'],
			'next_retry_at'    => IsoTime::from_storage( $stored['next_retry_at'] ),
		);
		$failed = ! $result['duplicate'] && EventStatus::PROCESSED !== $status;
		return new WP_REST_Response( $body, $failed ? 202 : 200 );
	}
}
