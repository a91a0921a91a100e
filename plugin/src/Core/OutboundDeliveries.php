<?php
/**
 * Outbound webhooks: the queue, from the event log to the receiver.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Core;

use Svc\Licensing\Domain\Event\EventView;
use Svc\Licensing\Domain\IsoTime;
use Svc\Licensing\Domain\Outbound\DeliveryBody;
use Svc\Licensing\Domain\Outbound\DeliverySchedule;
use Svc\Licensing\Domain\Outbound\EndpointSecret;
use Svc\Licensing\Domain\Outbound\HostAddress;
use Svc\Licensing\Storage\Transaction;
use Svc\Licensing\Storage\OutboundDeliveryRepository;
use Svc\Licensing\Storage\OutboundEndpointRepository;

/**
 * Runs after the commit, from the job: fan_out() turns committed events into one delivery per matching active
 * endpoint, and run() claims due deliveries and sends them. Every race between web nodes is settled by the
 * database (see OutboundDeliveryRepository). An attempt is a signed POST with no redirects followed; only a
 * 2xx answer delivers; failures are retried on DeliverySchedule, and an endpoint that keeps failing is disabled.
 */
final class OutboundDeliveries {
	public const HEADER_SIGNATURE = 'Svc-Webhook-Signature';
	public const HEADER_ID        = 'Svc-Webhook-Id';
	public const HEADER_EVENT     = 'Svc-Webhook-Event';

	/**
	 * Events read per endpoint and run.
	 */
	public const FAN_OUT_BATCH = 200;

	/**
	 * The fan-out cursor stays behind events younger than this, so an event whose transaction committed after a
	 * younger one's (auto-increment ids are taken before the commit) is still found on the next run.
	 */
	public const SETTLE_SECONDS = 60;

	public const TIMEOUT_SECONDS = 10;

	public const EXCERPT_BYTES = 512;

	/**
	 * Endpoints.
	 *
	 * @var OutboundEndpointRepository
	 */
	private $endpoints;

	/**
	 * Deliveries and attempts.
	 *
	 * @var OutboundDeliveryRepository
	 */
	private $deliveries;

	/**
	 * The SSRF guard.
	 *
	 * @var OutboundTarget
	 */
	private $target;

	/**
	 * Transactions.
	 *
	 * @var Transaction
	 */
	private $transaction;

	/**
	 * Plugin version, for the User-Agent.
	 *
	 * @var string
	 */
	private $version;

	/**
	 * Constructor.
	 *
	 * @param OutboundEndpointRepository $endpoints   Endpoints.
	 * @param OutboundDeliveryRepository $deliveries  Deliveries and attempts.
	 * @param OutboundTarget             $target      The SSRF guard.
	 * @param Transaction                $transaction Transactions.
	 * @param string                     $version     Plugin version.
	 */
	public function __construct( OutboundEndpointRepository $endpoints, OutboundDeliveryRepository $deliveries, OutboundTarget $target, Transaction $transaction, string $version ) {
		$this->endpoints   = $endpoints;
		$this->deliveries  = $deliveries;
		$this->target      = $target;
		$this->transaction = $transaction;
		$this->version     = $version;
	}

	/**
	 * One run of the queue: fan out, then send what is due.
	 *
	 * @param int $now   Unix time.
	 * @param int $limit Most deliveries sent.
	 * @return array{queued: int, sent: int}
	 */
	public function run( int $now, int $limit ): array {
		$queued = $this->fan_out( $now );
		$sent   = 0;
		foreach ( $this->deliveries->due( $now, $limit ) as $id ) {
			if ( null !== $this->attempt( $id, $now, false ) ) {
				++$sent;
			}
		}
		return array(
			'queued' => $queued,
			'sent'   => $sent,
		);
	}

	/**
	 * Queues one delivery per new matching event and active endpoint.
	 *
	 * @param int $now Unix time.
	 * @return int Deliveries queued by this call.
	 */
	public function fan_out( int $now ): int {
		$queued = 0;
		foreach ( $this->endpoints->active() as $endpoint ) {
			$settled = null;
			$young   = false;
			foreach ( $this->deliveries->events_for( $endpoint, self::FAN_OUT_BATCH ) as $row ) {
				$event   = EventView::present( $row );
				$uuid    = wp_generate_uuid4();
				$added   = $this->deliveries->add(
					array(
						'delivery_uuid'   => $uuid,
						'endpoint_id'     => (int) $endpoint['id'],
						'event_id'        => (int) $row['id'],
						'fanout_event_id' => (int) $row['id'],
						'event_type'      => (string) $row['type'],
						'body'            => DeliveryBody::encode( $uuid, $event, IsoTime::format( $now ) ),
						'replay_of'       => null,
					),
					$now
				);
				$queued += null === $added ? 0 : 1;
				$young   = $young || (int) IsoTime::unix_from_storage( (string) $row['created_at'] ) > $now - self::SETTLE_SECONDS;
				if ( ! $young ) {
					$settled = (int) $row['id'];
				}
			}
			if ( null !== $settled ) {
				$this->endpoints->advance_cursor( (int) $endpoint['id'], $settled );
			}
		}
		return $queued;
	}

	/**
	 * Queues a test event for an endpoint and sends it at once.
	 *
	 * @param array<string, mixed> $endpoint Endpoint row.
	 * @param array<string, mixed> $actor    Who asked: kind and label.
	 * @param int                  $now      Unix time.
	 * @return int The delivery.
	 */
	public function send_test( array $endpoint, array $actor, int $now ): int {
		$uuid  = wp_generate_uuid4();
		$event = array(
			'id'         => null,
			'type'       => DeliveryBody::TEST_TYPE,
			'subject'    => array(
				'type' => 'webhook_endpoint',
				'id'   => (int) $endpoint['id'],
			),
			'actor'      => $actor,
			'product_id' => $endpoint['product_id'],
			'payload'    => array( 'message' => 'A test event sent from the licence service.' ),
			'created_at' => IsoTime::format( $now ),
		);
		$id    = (int) $this->deliveries->add(
			array(
				'delivery_uuid'   => $uuid,
				'endpoint_id'     => (int) $endpoint['id'],
				'event_id'        => null,
				'fanout_event_id' => null,
				'event_type'      => DeliveryBody::TEST_TYPE,
				'body'            => DeliveryBody::encode( $uuid, $event, IsoTime::format( $now ) ),
				'replay_of'       => null,
			),
			$now
		);
		$this->attempt( $id, $now, true );
		return $id;
	}

	/**
	 * Queues a delivery again as a new one (a new delivery id, so a receiver that deduplicates does not drop it;
	 * the same event) and sends it at once.
	 *
	 * @param array<string, mixed> $original Delivery row.
	 * @param int                  $now      Unix time.
	 * @return int The new delivery.
	 */
	public function replay( array $original, int $now ): int {
		$uuid = wp_generate_uuid4();
		$body = json_decode( (string) $original['body'], true );
		$body = is_array( $body ) && is_array( $body['event'] ?? null ) ? $body['event'] : array( 'type' => (string) $original['event_type'] );
		$id   = (int) $this->deliveries->add(
			array(
				'delivery_uuid'   => $uuid,
				'endpoint_id'     => (int) $original['endpoint_id'],
				'event_id'        => null === $original['event_id'] ? null : (int) $original['event_id'],
				'fanout_event_id' => null,
				'event_type'      => (string) $original['event_type'],
				'body'            => DeliveryBody::encode( $uuid, $body, IsoTime::format( $now ) ),
				'replay_of'       => (int) $original['id'],
			),
			$now
		);
		$this->attempt( $id, $now, true );
		return $id;
	}

	/**
	 * Claims a delivery and makes one attempt.
	 *
	 * @param int  $id       Delivery.
	 * @param int  $now      Unix time.
	 * @param bool $any_time Also when it is not due yet.
	 * @return int|null The attempt's number, or null when another node holds it or it is not due.
	 */
	public function attempt( int $id, int $now, bool $any_time ): ?int {
		$token = wp_generate_uuid4();
		if ( ! $this->deliveries->claim( $id, $token, $now, $any_time ) ) {
			return null;
		}
		$delivery = $this->deliveries->find( $id );
		$endpoint = null === $delivery ? null : $this->endpoints->find( (int) $delivery['endpoint_id'] );
		if ( null === $delivery || null === $endpoint ) {
			return null;
		}
		$outcome   = $this->send( $endpoint, $delivery );
		$succeeded = DeliverySchedule::is_success( $outcome['status_code'] );
		$attempts  = (int) $delivery['attempts'] + 1;
		$next_at   = $succeeded ? null : DeliverySchedule::next_attempt_after_failure( $attempts, $now );
		$status    = $succeeded ? OutboundDeliveryRepository::SUCCEEDED : ( null === $next_at ? OutboundDeliveryRepository::FAILED : OutboundDeliveryRepository::PENDING );
		$number    = $this->transaction->run(
			function () use ( $id, $token, $outcome, $status, $next_at, $now ): ?int {
				return $this->deliveries->record_attempt( $id, $token, $outcome, $status, $next_at, $now );
			}
		);
		if ( null === $number ) {
			return null;
		}
		$this->record_health( $endpoint, $succeeded, null === $next_at, $now );
		return $number;
	}

	/**
	 * Keeps the endpoint's failure record and disables it when the rule says so.
	 *
	 * @param array<string, mixed> $endpoint  Endpoint row.
	 * @param bool                 $succeeded Whether the attempt delivered.
	 * @param bool                 $exhausted Whether no attempt is left.
	 * @param int                  $now       Unix time.
	 */
	private function record_health( array $endpoint, bool $succeeded, bool $exhausted, int $now ): void {
		$id = (int) $endpoint['id'];
		if ( $succeeded ) {
			$this->endpoints->record_success( $id );
			return;
		}
		$since = $this->endpoints->record_failure( $id, $now );
		if ( DeliverySchedule::disables_endpoint( $exhausted, $since, $now ) ) {
			$this->endpoints->disable(
				$id,
				sprintf(
					/* translators: 1: number of attempts, 2: date and time. */
					__( 'Disabled after a delivery failed all %1$d attempts, with no successful delivery since %2$s. Fix the receiver, then switch the endpoint on again.', 'svc-licensing' ),
					DeliverySchedule::MAX_ATTEMPTS,
					IsoTime::format( (int) $since )
				),
				$now
			);
		}
	}

	/**
	 * One signed POST: never a redirect followed, never an address the guard refuses.
	 *
	 * @param array<string, mixed> $endpoint Endpoint row.
	 * @param array<string, mixed> $delivery Delivery row.
	 * @return array{status_code: int|null, error: string|null, duration_ms: int, excerpt: string}
	 */
	private function send( array $endpoint, array $delivery ): array {
		$url    = (string) $endpoint['url'];
		$target = $this->target->check( $url );
		if ( ! $target['ok'] ) {
			return array(
				'status_code' => null,
				/* translators: %s: why the address was refused. */
				'error'       => sprintf( __( 'Not sent: %s', 'svc-licensing' ), $target['reason'] ),
				'duration_ms' => 0,
				'excerpt'     => '',
			);
		}
		$unpinnable = self::unpinnable( $url, $target['host'] );
		if ( null !== $unpinnable ) {
			return array(
				'status_code' => null,
				/* translators: %s: why the checked address could not be pinned. */
				'error'       => sprintf( __( 'Not sent: %s', 'svc-licensing' ), $unpinnable ),
				'duration_ms' => 0,
				'excerpt'     => '',
			);
		}
		$body = (string) $delivery['body'];
		$pin  = static function ( $handle ) use ( $target ): void {
			if ( null === HostAddress::literal( $target['host'] ) && defined( 'CURLOPT_RESOLVE' ) ) {
				$address = false === strpos( $target['address'], ':' ) ? $target['address'] : '[' . $target['address'] . ']';
				curl_setopt( $handle, CURLOPT_RESOLVE, array( $target['host'] . ':' . $target['port'] . ':' . $address ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions.curl_curl_setopt -- pins the checked address on core's own handle.
			}
		};
		add_action( 'http_api_curl', $pin );
		$started  = microtime( true );
		$response = wp_remote_post(
			$url,
			array(
				'body'                => $body,
				'headers'             => array(
					'Content-Type'         => 'application/json',
					self::HEADER_ID        => (string) $delivery['delivery_uuid'],
					self::HEADER_EVENT     => (string) $delivery['event_type'],
					self::HEADER_SIGNATURE => EndpointSecret::sign( $body, (string) $endpoint['secret'], time() ),
				),
				'timeout'             => self::TIMEOUT_SECONDS,
				'redirection'         => 0,
				'reject_unsafe_urls'  => false,
				'user-agent'          => 'SvcLicensing-Webhooks/' . $this->version,
				'limit_response_size' => 65536,
			)
		);
		$duration = (int) round( ( microtime( true ) - $started ) * 1000 );
		remove_action( 'http_api_curl', $pin );
		if ( is_wp_error( $response ) ) {
			return array(
				'status_code' => null,
				/* translators: %s: the transport's error message. */
				'error'       => sprintf( __( 'No answer: %s', 'svc-licensing' ), $response->get_error_message() ),
				'duration_ms' => $duration,
				'excerpt'     => '',
			);
		}
		$code = (int) wp_remote_retrieve_response_code( $response );
		return array(
			'status_code' => $code,
			'error'       => DeliverySchedule::is_success( $code ) ? null : sprintf( 'HTTP %d', $code ),
			'duration_ms' => $duration,
			'excerpt'     => (string) wp_check_invalid_utf8( substr( (string) wp_remote_retrieve_body( $response ), 0, self::EXCERPT_BYTES ), true ),
		);
	}

	/**
	 * Why a request to a host name could not be held to the address the guard checked, or null when it can: the pin is
	 * cURL's CURLOPT_RESOLVE on WordPress' own handle, so it needs the cURL transport (WordPress falls back to
	 * fsockopen without it, which resolves the name again) and no proxy (a proxy looks the name up itself).
	 *
	 * @param string $url  The endpoint's URL.
	 * @param string $host The checked host, in ASCII.
	 */
	private static function unpinnable( string $url, string $host ): ?string {
		if ( null !== HostAddress::literal( $host ) ) {
			return null;
		}
		$proxy = new \WP_HTTP_Proxy();
		if ( $proxy->is_enabled() && $proxy->send_through_proxy( $url ) ) {
			return __( 'this site sends its web requests through a proxy (WP_PROXY_HOST), which looks the receiver\'s name up itself, so the address checked could not be held. Use the receiver\'s IP address in the URL, or add its host to WP_PROXY_BYPASS_HOSTS.', 'svc-licensing' );
		}
		if ( ! defined( 'CURLOPT_RESOLVE' ) || ! class_exists( '\WpOrg\Requests\Transport\Curl' ) || ! \WpOrg\Requests\Transport\Curl::test() ) {
			return __( 'this server\'s PHP has no cURL, and WordPress\' other transport looks the receiver\'s name up again, so the address checked could not be held. Install PHP\'s cURL extension, or use the receiver\'s IP address in the URL.', 'svc-licensing' );
		}
		return null;
	}
}
