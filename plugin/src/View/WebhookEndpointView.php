<?php
/**
 * An outbound webhook endpoint and its deliveries as the admin API shows them.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\View;

use Svc\Licensing\Domain\IsoTime;

/**
 * The admin API's endpoint object (`/admin/webhook-endpoints`, never its secret) and delivery objects
 * (`/admin/webhook-deliveries`: a summary in lists, the body and attempts for one).
 */
final class WebhookEndpointView {

	/**
	 * An endpoint as the API shows it: never its secret.
	 *
	 * @param array<string, mixed> $row Row (event types decoded).
	 * @return array<string, mixed>
	 */
	public static function present( array $row ): array {
		return array(
			'id'              => (int) $row['id'],
			'url'             => (string) $row['url'],
			'description'     => (string) $row['description'],
			'event_types'     => $row['event_types'],
			'product_id'      => $row['product_id'],
			'is_active'       => (bool) $row['is_active'],
			'failing_since'   => IsoTime::from_storage( $row['failing_since'] ),
			'disabled_at'     => IsoTime::from_storage( $row['disabled_at'] ),
			'disabled_reason' => null === $row['disabled_reason'] ? null : (string) $row['disabled_reason'],
			'created_at'      => IsoTime::from_storage( (string) $row['created_at'] ),
		);
	}

	/**
	 * A delivery as lists show it.
	 *
	 * @param array<string, mixed> $row Row of svc_webhook_deliveries.
	 * @return array<string, mixed>
	 */
	public static function delivery( array $row ): array {
		return array(
			'id'               => (int) $row['id'],
			'delivery_id'      => (string) $row['delivery_uuid'],
			'endpoint_id'      => (int) $row['endpoint_id'],
			'event_id'         => null === $row['event_id'] ? null : (int) $row['event_id'],
			'event_type'       => (string) $row['event_type'],
			'status'           => (string) $row['status'],
			'attempts'         => (int) $row['attempts'],
			'next_attempt_at'  => IsoTime::from_storage( $row['next_attempt_at'] ),
			'last_status_code' => null === $row['last_status_code'] ? null : (int) $row['last_status_code'],
			'last_error'       => null === $row['last_error'] ? null : (string) $row['last_error'],
			'replay_of'        => null === $row['replay_of'] ? null : (int) $row['replay_of'],
			'delivered_at'     => IsoTime::from_storage( $row['delivered_at'] ),
			'created_at'       => IsoTime::from_storage( (string) $row['created_at'] ),
		);
	}

	/**
	 * One delivery with its body and attempts.
	 *
	 * @param array<string, mixed>             $row      Row of svc_webhook_deliveries.
	 * @param array<int, array<string, mixed>> $attempts Its attempts, oldest first.
	 * @return array<string, mixed>
	 */
	public static function delivery_detail( array $row, array $attempts ): array {
		return self::delivery( $row ) + array(
			'body'         => (string) $row['body'],
			'attempts_log' => array_map(
				static function ( array $attempt ): array {
					return array(
						'attempt'          => (int) $attempt['attempt'],
						'status_code'      => null === $attempt['status_code'] ? null : (int) $attempt['status_code'],
						'error'            => null === $attempt['error'] ? null : (string) $attempt['error'],
						'duration_ms'      => (int) $attempt['duration_ms'],
						'response_excerpt' => (string) $attempt['response_excerpt'],
						'created_at'       => IsoTime::from_storage( (string) $attempt['created_at'] ),
					);
				},
				$attempts
			),
		);
	}
}
