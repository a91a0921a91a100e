<?php
/**
 * An event as the API shows it and as outbound webhooks carry it.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Event;

use Svc\Licensing\Domain\IsoTime;

/**
 * One shape for GET /admin/events and for the "event" of an outbound webhook delivery. Pure.
 */
final class EventView {

	/**
	 * A stored event row, presented.
	 *
	 * @param array<string, mixed> $row Row of svc_events.
	 * @return array<string, mixed>
	 */
	public static function present( array $row ): array {
		$payload = json_decode( (string) $row['payload'], true );
		return array(
			'id'         => (int) $row['id'],
			'type'       => (string) $row['type'],
			'subject'    => array(
				'type' => (string) $row['subject_type'],
				'id'   => (int) $row['subject_id'],
			),
			'actor'      => array(
				'kind'  => (string) $row['actor_kind'],
				'label' => (string) $row['actor_label'],
			),
			'product_id' => null === $row['product_id'] ? null : (int) $row['product_id'],
			'payload'    => (object) ( is_array( $payload ) ? $payload : array() ),
			'created_at' => IsoTime::from_storage( (string) $row['created_at'] ),
		);
	}
}
