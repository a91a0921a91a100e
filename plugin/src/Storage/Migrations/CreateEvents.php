<?php
/**
 * Schema step 10: the append-only event log.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage\Migrations;

use Svc\Licensing\Storage\Migration;
use Svc\Licensing\Storage\Tables;

/**
 * One row per recorded change, written by EventRepository in the same transaction as the change. Rows are never
 * updated except by a privacy erase (payload and actor label redacted) and never deleted by the service. The
 * indexes serve GET /admin/events' filters, each ending in id for the newest-first order.
 */
final class CreateEvents implements Migration {

	/**
	 * Schema version.
	 */
	public function version(): int {
		return 10;
	}

	/**
	 * SQL.
	 *
	 * @param string $prefix          Table prefix.
	 * @param string $charset_collate Charset clause.
	 * @return string[]
	 */
	public function statements( string $prefix, string $charset_collate ): array {
		$table = $prefix . Tables::EVENTS;
		return array(
			"CREATE TABLE IF NOT EXISTS {$table} (
				id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
				type VARCHAR(40) NOT NULL,
				subject_type VARCHAR(20) NOT NULL,
				subject_id BIGINT UNSIGNED NOT NULL,
				actor_kind VARCHAR(20) NOT NULL,
				actor_label VARCHAR(200) NOT NULL DEFAULT '',
				product_id BIGINT UNSIGNED NULL DEFAULT NULL,
				payload TEXT NOT NULL,
				created_at DATETIME NOT NULL,
				PRIMARY KEY  (id),
				KEY subject (subject_type, subject_id, id),
				KEY type (type, id),
				KEY product_id (product_id, id),
				KEY actor (actor_kind, actor_label(100)),
				KEY created_at (created_at)
			) {$charset_collate}",
		);
	}
}
