<?php
/**
 * The JSON body of an outbound webhook delivery.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Outbound;

/**
 * {"id": the delivery's id (a UUID, the same on every attempt: receivers deduplicate by it), "type": the event
 * type, "created_at", "event": the event as GET /admin/events shows it}. The body is built once, when the
 * delivery is queued, so every attempt sends (and signs) the same bytes.
 */
final class DeliveryBody {
	public const TEST_TYPE = 'webhook.test';

	/**
	 * The body.
	 *
	 * @param string               $delivery_id Delivery UUID.
	 * @param array<string, mixed> $event       The event, presented (EventView) or a test event.
	 * @param string               $created_at  ISO 8601 time the delivery was queued.
	 */
	public static function encode( string $delivery_id, array $event, string $created_at ): string {
		return (string) json_encode( // phpcs:ignore WordPress.WP.AlternativeFunctions.json_encode_json_encode -- pure domain code, no WordPress.
			array(
				'id'         => $delivery_id,
				'type'       => (string) $event['type'],
				'created_at' => $created_at,
				'event'      => $event,
			),
			JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE
		);
	}
}
