<?php
/**
 * Schema step 11: outbound webhook endpoints, their deliveries and each delivery's attempts.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage\Migrations;

use Svc\Licensing\Storage\Migration;
use Svc\Licensing\Storage\Tables;

/**
 * Endpoints (OutboundEndpointRepository) keep their own fan-out cursor, fanned_out_to, an event id that only
 * grows. Deliveries and attempts (OutboundDeliveryRepository): the UNIQUE (endpoint_id, fanout_event_id) lets two
 * web nodes fan out the same events without a duplicate (tests and replays leave fanout_event_id NULL, which a
 * UNIQUE index never compares); a due delivery is claimed by one conditional UPDATE that sets claim_token; the
 * UNIQUE (delivery_id, attempt) keeps one log row per attempt.
 */
final class CreateOutboundWebhooks implements Migration {

	/**
	 * Schema version.
	 */
	public function version(): int {
		return 11;
	}

	/**
	 * SQL.
	 *
	 * @param string $prefix          Table prefix.
	 * @param string $charset_collate Charset clause.
	 * @return string[]
	 */
	public function statements( string $prefix, string $charset_collate ): array {
		$endpoints  = $prefix . Tables::WEBHOOK_ENDPOINTS;
		$deliveries = $prefix . Tables::WEBHOOK_DELIVERIES;
		$attempts   = $prefix . Tables::WEBHOOK_ATTEMPTS;
		return array(
			"CREATE TABLE IF NOT EXISTS {$endpoints} (
				id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
				url VARCHAR(2048) NOT NULL,
				description VARCHAR(200) NOT NULL DEFAULT '',
				event_types TEXT NOT NULL,
				product_id BIGINT UNSIGNED NULL DEFAULT NULL,
				secret VARCHAR(100) NOT NULL,
				is_active TINYINT(1) NOT NULL DEFAULT 1,
				fanned_out_to BIGINT UNSIGNED NOT NULL DEFAULT 0,
				failing_since DATETIME NULL DEFAULT NULL,
				disabled_at DATETIME NULL DEFAULT NULL,
				disabled_reason VARCHAR(255) NULL DEFAULT NULL,
				created_at DATETIME NOT NULL,
				updated_at DATETIME NOT NULL,
				PRIMARY KEY  (id),
				KEY is_active (is_active),
				KEY product_id (product_id)
			) {$charset_collate}",
			"CREATE TABLE IF NOT EXISTS {$deliveries} (
				id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
				delivery_uuid CHAR(36) NOT NULL,
				endpoint_id BIGINT UNSIGNED NOT NULL,
				event_id BIGINT UNSIGNED NULL DEFAULT NULL,
				fanout_event_id BIGINT UNSIGNED NULL DEFAULT NULL,
				event_type VARCHAR(40) NOT NULL,
				body LONGTEXT NOT NULL,
				status VARCHAR(20) NOT NULL,
				attempts INT UNSIGNED NOT NULL DEFAULT 0,
				next_attempt_at DATETIME NULL DEFAULT NULL,
				claim_token CHAR(36) NULL DEFAULT NULL,
				claimed_until DATETIME NULL DEFAULT NULL,
				last_status_code INT NULL DEFAULT NULL,
				last_error VARCHAR(255) NULL DEFAULT NULL,
				replay_of BIGINT UNSIGNED NULL DEFAULT NULL,
				delivered_at DATETIME NULL DEFAULT NULL,
				created_at DATETIME NOT NULL,
				updated_at DATETIME NOT NULL,
				PRIMARY KEY  (id),
				UNIQUE KEY delivery_uuid (delivery_uuid),
				UNIQUE KEY endpoint_event (endpoint_id, fanout_event_id),
				KEY due (status, next_attempt_at),
				KEY endpoint_id (endpoint_id, id)
			) {$charset_collate}",
			"CREATE TABLE IF NOT EXISTS {$attempts} (
				id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
				delivery_id BIGINT UNSIGNED NOT NULL,
				attempt INT UNSIGNED NOT NULL,
				status_code INT NULL DEFAULT NULL,
				error VARCHAR(255) NULL DEFAULT NULL,
				duration_ms INT UNSIGNED NOT NULL DEFAULT 0,
				response_excerpt TEXT NOT NULL,
				created_at DATETIME NOT NULL,
				PRIMARY KEY  (id),
				UNIQUE KEY delivery_attempt (delivery_id, attempt)
			) {$charset_collate}",
		);
	}
}
