<?php
/**
 * An entry of the event log as the admin API and WP-CLI show it.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\View;

use Svc\Licensing\Domain\Event\EventView as EventRecord;

/**
 * `GET /admin/events` answers the event object that outbound webhooks also carry (`Domain\Event\EventView`, in
 * the Domain because the delivery queue builds it too). `wp svc event tail` prints that same object with its
 * nested parts flattened for a terminal: `line()` is the only difference, and it is built from `present()`.
 */
final class EventView {

	/**
	 * A stored event as the admin API shows it.
	 *
	 * @param array<string, mixed> $row Row of svc_events.
	 * @return array<string, mixed>
	 */
	public static function present( array $row ): array {
		return EventRecord::present( $row );
	}

	/**
	 * The same event as `wp svc event tail` prints it: subject and actor as `kind:value` (`license:42`,
	 * `system:wp-cli`, as `--subject` takes them), the payload as JSON text; the other fields as the API has them.
	 *
	 * @param array<string, mixed> $row Row of svc_events.
	 * @return array<string, mixed>
	 */
	public static function line( array $row ): array {
		$event = self::present( $row );
		return array(
			'id'         => $event['id'],
			'created_at' => $event['created_at'],
			'type'       => $event['type'],
			'subject'    => $event['subject']['type'] . ':' . $event['subject']['id'],
			'actor'      => $event['actor']['kind'] . ':' . $event['actor']['label'],
			'product_id' => $event['product_id'],
			'payload'    => (string) wp_json_encode( $event['payload'] ),
		);
	}
}
