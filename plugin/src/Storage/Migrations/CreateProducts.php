<?php
/**
 * Schema step 1: products.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage\Migrations;

use Svc\Licensing\Storage\Migration;
use Svc\Licensing\Storage\Tables;

/**
 * Products, the root of every licence. The slug is what public endpoints call product_slug, hence UNIQUE.
 */
final class CreateProducts implements Migration {

	/**
	 * Schema version.
	 */
	public function version(): int {
		return 1;
	}

	/**
	 * SQL.
	 *
	 * @param string $prefix          Table prefix.
	 * @param string $charset_collate Charset clause.
	 * @return string[]
	 */
	public function statements( string $prefix, string $charset_collate ): array {
		$table = $prefix . Tables::PRODUCTS;
		return array(
			"CREATE TABLE IF NOT EXISTS {$table} (
				id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
				name VARCHAR(200) NOT NULL,
				slug VARCHAR(100) NOT NULL,
				description TEXT NOT NULL,
				homepage_url VARCHAR(2048) NOT NULL DEFAULT '',
				current_version VARCHAR(64) NOT NULL DEFAULT '',
				requires_wp VARCHAR(32) NOT NULL DEFAULT '',
				requires_php VARCHAR(32) NOT NULL DEFAULT '',
				is_active TINYINT(1) NOT NULL DEFAULT 1,
				trial_enabled TINYINT(1) NOT NULL DEFAULT 0,
				trial_days INT UNSIGNED NOT NULL DEFAULT 0,
				created_at DATETIME NOT NULL,
				updated_at DATETIME NOT NULL,
				PRIMARY KEY  (id),
				UNIQUE KEY slug (slug)
			) {$charset_collate}",
		);
	}
}
