<?php
/**
 * Schema step 22: the last update check's decision per product and site.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage\Migrations;

use Svc\Licensing\Storage\Migration;
use Svc\Licensing\Storage\Tables;

/**
 * One row per (product, site): the licence and activation the last update check found, when it ran, the version
 * the site ran and the one it was offered, the answer kind, the steps (Domain\Release\UpdateDecision::compact())
 * and the WordPress and PHP versions the site reported. UpdateDecisionRepository, the only writer, overwrites the
 * row with one upsert per check, so the table never holds more than one row per product and site.
 */
final class CreateUpdateDecisions implements Migration {

	/**
	 * Schema version.
	 */
	public function version(): int {
		return 22;
	}

	/**
	 * SQL.
	 *
	 * @param string $prefix          Table prefix.
	 * @param string $charset_collate Charset clause.
	 * @return string[]
	 */
	public function statements( string $prefix, string $charset_collate ): array {
		$table = $prefix . Tables::UPDATE_DECISIONS;
		return array(
			"CREATE TABLE IF NOT EXISTS {$table} (
				id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
				product_id BIGINT UNSIGNED NOT NULL,
				site_url VARCHAR(255) NOT NULL,
				license_id BIGINT UNSIGNED NOT NULL,
				activation_id BIGINT UNSIGNED NULL DEFAULT NULL,
				checked_at DATETIME NOT NULL,
				installed_version VARCHAR(64) NOT NULL,
				offered_version VARCHAR(64) NULL DEFAULT NULL,
				answer VARCHAR(20) NOT NULL,
				steps TEXT NOT NULL,
				wp_version VARCHAR(40) NULL DEFAULT NULL,
				php_version VARCHAR(40) NULL DEFAULT NULL,
				PRIMARY KEY  (id),
				UNIQUE KEY product_site (product_id, site_url),
				KEY license_id (license_id),
				KEY site_url (site_url),
				KEY product_offered (product_id, offered_version, answer)
			) {$charset_collate}",
		);
	}
}
