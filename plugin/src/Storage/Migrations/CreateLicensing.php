<?php
/**
 * Schema step 3: tiers, prices, licences, activations and rate-limit counters.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage\Migrations;

use Svc\Licensing\Storage\Migration;
use Svc\Licensing\Storage\Tables;

/**
 * The concurrency rules of the spec live in these indexes:
 * - a licence is found by its keyed hash (UNIQUE key_hash);
 * - a site is activated once per licence (UNIQUE license_id + site_url, the normalised site);
 * - one trial per email and product (UNIQUE product_id + trial_email; NULL for every non-trial licence, and
 *   NULLs never collide in a UNIQUE index on MariaDB or SQLite);
 * - a rate-limit window is one row per bucket and minute, counted by an atomic upsert.
 * Every statement is CREATE TABLE IF NOT EXISTS, so a step interrupted half-way can simply run again.
 * activation_count is kept on the licence row and only ever changed by a conditional UPDATE
 * (activation_count < activation_limit), which is what holds the limit under parallel requests.
 */
final class CreateLicensing implements Migration {

	/**
	 * Schema version.
	 */
	public function version(): int {
		return 3;
	}

	/**
	 * SQL.
	 *
	 * @param string $prefix          Table prefix.
	 * @param string $charset_collate Charset clause.
	 * @return string[]
	 */
	public function statements( string $prefix, string $charset_collate ): array {
		$tiers       = $prefix . Tables::TIERS;
		$prices      = $prefix . Tables::PRICES;
		$licenses    = $prefix . Tables::LICENSES;
		$activations = $prefix . Tables::ACTIVATIONS;
		$rate_limits = $prefix . Tables::RATE_LIMITS;
		return array(
			"CREATE TABLE IF NOT EXISTS {$tiers} (
				id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
				label VARCHAR(200) NOT NULL,
				features TEXT NOT NULL,
				created_at DATETIME NOT NULL,
				updated_at DATETIME NOT NULL,
				PRIMARY KEY  (id)
			) {$charset_collate}",
			"CREATE TABLE IF NOT EXISTS {$prices} (
				id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
				processor_price_id VARCHAR(191) NOT NULL,
				product_id BIGINT UNSIGNED NOT NULL,
				tier_id BIGINT UNSIGNED NULL DEFAULT NULL,
				activation_limit INT UNSIGNED NOT NULL DEFAULT 1,
				period VARCHAR(20) NOT NULL DEFAULT 'year',
				created_at DATETIME NOT NULL,
				updated_at DATETIME NOT NULL,
				PRIMARY KEY  (id),
				UNIQUE KEY processor_price_id (processor_price_id),
				KEY product_id (product_id)
			) {$charset_collate}",
			"CREATE TABLE IF NOT EXISTS {$licenses} (
				id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
				product_id BIGINT UNSIGNED NOT NULL,
				tier_id BIGINT UNSIGNED NULL DEFAULT NULL,
				price_id BIGINT UNSIGNED NULL DEFAULT NULL,
				key_hash CHAR(64) NOT NULL,
				key_first CHAR(4) NOT NULL,
				key_last CHAR(4) NOT NULL,
				customer_name VARCHAR(200) NOT NULL DEFAULT '',
				customer_email VARCHAR(254) NOT NULL DEFAULT '',
				status VARCHAR(20) NOT NULL,
				activation_limit INT UNSIGNED NOT NULL DEFAULT 1,
				activation_count INT UNSIGNED NOT NULL DEFAULT 0,
				expires DATETIME NULL DEFAULT NULL,
				is_trial TINYINT(1) NOT NULL DEFAULT 0,
				trial_ends DATETIME NULL DEFAULT NULL,
				trial_email VARCHAR(191) NULL DEFAULT NULL,
				created_at DATETIME NOT NULL,
				updated_at DATETIME NOT NULL,
				PRIMARY KEY  (id),
				UNIQUE KEY key_hash (key_hash),
				UNIQUE KEY product_trial_email (product_id, trial_email),
				KEY product_status (product_id, status),
				KEY customer_email (customer_email(191)),
				KEY key_first (key_first),
				KEY key_last (key_last)
			) {$charset_collate}",
			"CREATE TABLE IF NOT EXISTS {$activations} (
				id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
				license_id BIGINT UNSIGNED NOT NULL,
				site_url VARCHAR(255) NOT NULL,
				server_fingerprint CHAR(64) NULL DEFAULT NULL,
				activated_at DATETIME NOT NULL,
				last_checked DATETIME NOT NULL,
				PRIMARY KEY  (id),
				UNIQUE KEY license_site (license_id, site_url)
			) {$charset_collate}",
			"CREATE TABLE IF NOT EXISTS {$rate_limits} (
				bucket CHAR(64) NOT NULL,
				window_start BIGINT UNSIGNED NOT NULL,
				hits INT UNSIGNED NOT NULL DEFAULT 0,
				PRIMARY KEY  (bucket, window_start),
				KEY window_start (window_start)
			) {$charset_collate}",
		);
	}
}
