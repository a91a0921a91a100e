<?php
/**
 * Schema step 5: releases.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage\Migrations;

use Svc\Licensing\Storage\Migration;
use Svc\Licensing\Storage\Tables;

/**
 * One row per product version (UNIQUE), with either a stored package file or an external URL, and the
 * package's SHA-256 either way. published_at is null for a draft.
 */
final class CreateReleases implements Migration {

	/**
	 * Schema version.
	 */
	public function version(): int {
		return 5;
	}

	/**
	 * SQL.
	 *
	 * @param string $prefix          Table prefix.
	 * @param string $charset_collate Charset clause.
	 * @return string[]
	 */
	public function statements( string $prefix, string $charset_collate ): array {
		$table = $prefix . Tables::RELEASES;
		return array(
			"CREATE TABLE IF NOT EXISTS {$table} (
				id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
				product_id BIGINT UNSIGNED NOT NULL,
				version VARCHAR(64) NOT NULL,
				changelog LONGTEXT NOT NULL,
				tested VARCHAR(20) NOT NULL DEFAULT '',
				requires_wp VARCHAR(20) NOT NULL DEFAULT '',
				requires_php VARCHAR(20) NOT NULL DEFAULT '',
				rollout TINYINT UNSIGNED NOT NULL DEFAULT 100,
				package_file VARCHAR(64) NULL DEFAULT NULL,
				package_name VARCHAR(200) NOT NULL DEFAULT '',
				package_url VARCHAR(2048) NULL DEFAULT NULL,
				package_sha256 CHAR(64) NOT NULL,
				package_size BIGINT UNSIGNED NULL DEFAULT NULL,
				downloads BIGINT UNSIGNED NOT NULL DEFAULT 0,
				published_at DATETIME NULL DEFAULT NULL,
				created_at DATETIME NOT NULL,
				updated_at DATETIME NOT NULL,
				PRIMARY KEY  (id),
				UNIQUE KEY product_version (product_id, version)
			) {$charset_collate}",
		);
	}
}
