<?php
/**
 * Schema step 4: API keys.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage\Migrations;

use Svc\Licensing\Storage\Migration;
use Svc\Licensing\Storage\Tables;

/**
 * Keys are found by their SHA-256 (UNIQUE); revoked keys stay (is_active 0) and never work again.
 */
final class CreateApiKeys implements Migration {

	/**
	 * Schema version.
	 */
	public function version(): int {
		return 4;
	}

	/**
	 * SQL.
	 *
	 * @param string $prefix          Table prefix.
	 * @param string $charset_collate Charset clause.
	 * @return string[]
	 */
	public function statements( string $prefix, string $charset_collate ): array {
		$table = $prefix . Tables::API_KEYS;
		return array(
			"CREATE TABLE IF NOT EXISTS {$table} (
				id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
				label VARCHAR(200) NOT NULL,
				key_hash CHAR(64) NOT NULL,
				key_prefix CHAR(8) NOT NULL,
				permissions VARCHAR(10) NOT NULL,
				product_id BIGINT UNSIGNED NULL DEFAULT NULL,
				is_active TINYINT(1) NOT NULL DEFAULT 1,
				last_used_at DATETIME NULL DEFAULT NULL,
				created_at DATETIME NOT NULL,
				updated_at DATETIME NOT NULL,
				PRIMARY KEY  (id),
				UNIQUE KEY key_hash (key_hash)
			) {$charset_collate}",
		);
	}
}
