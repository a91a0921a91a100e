<?php
/**
 * Schema step 27: the summaries that the list's totals and the stats read.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage\Migrations;

use Svc\Licensing\Storage\Migration;
use Svc\Licensing\Storage\Tables;

/**
 * Two summary tables, kept equal to the rows by the database's own triggers (Storage\LicenseCounts, which installs
 * the triggers and fills the tables after this step):
 * - svc_license_counts: per product and stored status, how many licences and how many sites in use (activations
 *   that are not staging) they have;
 * - svc_daily_counts: per UTC day and product, how many licences were created and how many sites were activated
 *   that day and still are.
 * The counts are signed: a trigger may take one away before another adds it back within a transaction.
 */
final class CreateLicenseCounts implements Migration {
	public const VERSION = 27;

	/**
	 * Schema version.
	 */
	public function version(): int {
		return self::VERSION;
	}

	/**
	 * SQL.
	 *
	 * @param string $prefix          Table prefix.
	 * @param string $charset_collate Charset clause.
	 * @return string[]
	 */
	public function statements( string $prefix, string $charset_collate ): array {
		$counts = $prefix . Tables::LICENSE_COUNTS;
		$daily  = $prefix . Tables::DAILY_COUNTS;
		return array(
			"CREATE TABLE IF NOT EXISTS {$counts} (
				product_id BIGINT UNSIGNED NOT NULL,
				status VARCHAR(20) NOT NULL,
				licenses BIGINT NOT NULL DEFAULT 0,
				sites BIGINT NOT NULL DEFAULT 0,
				PRIMARY KEY  (product_id, status)
			) {$charset_collate}",
			"CREATE TABLE IF NOT EXISTS {$daily} (
				day CHAR(10) NOT NULL,
				product_id BIGINT UNSIGNED NOT NULL,
				licenses BIGINT NOT NULL DEFAULT 0,
				sites BIGINT NOT NULL DEFAULT 0,
				PRIMARY KEY  (day, product_id)
			) {$charset_collate}",
		);
	}
}
