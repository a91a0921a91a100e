<?php
/**
 * Schema step 28: the insert triggers learn to hold their per-row upkeep for a bulk insert.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage\Migrations;

use Svc\Licensing\Storage\Migration;

/**
 * No table changes: the step exists so that every site installs the summary triggers again (SchemaMigrator runs
 * Storage\LicenseCounts::install() after any step), with the licence and activation insert triggers that a bulk
 * insert can hold for its one statement (LicenseCounts::insert_licenses() and insert_sites(): an import's or a
 * restore's batch adds its rows to the summaries in a few grouped statements instead of two or three per row).
 */
final class HoldLicenseCounts implements Migration {
	public const VERSION = 28;

	/**
	 * Schema version.
	 */
	public function version(): int {
		return self::VERSION;
	}

	/**
	 * SQL: none; the triggers are installed again after the step.
	 *
	 * @param string $prefix          Table prefix.
	 * @param string $charset_collate Charset clause.
	 * @return string[]
	 */
	public function statements( string $prefix, string $charset_collate ): array {
		return array();
	}
}
