<?php
/**
 * A received payment event (an inbound webhook) as the admin API shows it.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\View;

use Svc\Licensing\Domain\IsoTime;
use Svc\Licensing\Domain\PaymentEvent\EventStatus;

/**
 * The admin API's webhook event record, which `GET /admin/webhooks` and `wp svc webhook list|retry` both show
 * (the command's default fields are a subset; `--fields` names any of them).
 */
final class PaymentEventView {

	/**
	 * A stored event as the admin API shows it (the spec's record, payload aside).
	 *
	 * @param array<string, mixed> $row Row of svc_webhook_events.
	 * @return array<string, mixed>
	 */
	public static function present( array $row ): array {
		return array(
			'id'               => (int) $row['id'],
			'event_id'         => (string) $row['event_id'],
			'event_type'       => (string) $row['event_type'],
			'source'           => (string) $row['source'],
			'status'           => EventStatus::of( $row['processed_at'], $row['next_retry_at'] ),
			'processed_at'     => IsoTime::from_storage( $row['processed_at'] ),
			'processing_error' => null === $row['processing_error'] ? null : (string) $row['processing_error'],
			'retry_count'      => (int) $row['retry_count'],
			'next_retry_at'    => IsoTime::from_storage( $row['next_retry_at'] ),
			'created_at'       => IsoTime::from_storage( $row['created_at'] ),
		);
	}

	/**
	 * One event with its payload, decoded (`GET /admin/webhooks/{id}` and its reprocess answer).
	 *
	 * @param array<string, mixed> $row Row of svc_webhook_events.
	 * @return array<string, mixed>
	 */
	public static function detail( array $row ): array {
		return self::present( $row ) + array( 'payload' => json_decode( (string) $row['payload'], true ) );
	}
}
