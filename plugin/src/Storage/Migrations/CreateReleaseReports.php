<?php
/**
 * Schema step 21: the client sites' health reports per release, and each release's gate settings.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage\Migrations;

use Svc\Licensing\Storage\Migration;
use Svc\Licensing\Storage\Tables;

/**
 * Table svc_release_reports: one row per release and site (UNIQUE release_id + site, the site normalised as for
 * activations), with the outcome the site reported first (installed or failed) and core's error code. The
 * licence is kept so that a privacy erase finds a customer's rows. ReleaseReportRepository is its one writer.
 *
 * Columns on svc_releases: gate_threshold (the failure rate, in whole percent, above which the release pauses
 * itself; default 10) and gate_min_reports (the reports needed before the gate judges; default 5). The gate
 * pauses by writing paused_at / pause_reason, which step 20 (AddReleaseChannels) created.
 */
final class CreateReleaseReports implements Migration {

	/**
	 * Default failure rate threshold, in whole percent: more failed reports than this pause the release.
	 */
	public const DEFAULT_THRESHOLD = 10;

	/**
	 * Default number of reports before the gate judges a release.
	 */
	public const DEFAULT_MIN_REPORTS = 5;

	/**
	 * Schema version.
	 */
	public function version(): int {
		return 21;
	}

	/**
	 * SQL.
	 *
	 * @param string $prefix          Table prefix.
	 * @param string $charset_collate Charset clause.
	 * @return string[]
	 */
	public function statements( string $prefix, string $charset_collate ): array {
		$table    = $prefix . Tables::RELEASE_REPORTS;
		$releases = $prefix . Tables::RELEASES;
		return array(
			"CREATE TABLE IF NOT EXISTS {$table} (
				id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
				release_id BIGINT UNSIGNED NOT NULL,
				license_id BIGINT UNSIGNED NOT NULL,
				site VARCHAR(255) NOT NULL,
				outcome VARCHAR(20) NOT NULL,
				error_code VARCHAR(100) NOT NULL DEFAULT '',
				created_at DATETIME NOT NULL,
				PRIMARY KEY  (id),
				UNIQUE KEY release_site (release_id, site),
				KEY license_id (license_id)
			) {$charset_collate}",
			"ALTER TABLE {$releases} ADD COLUMN gate_threshold TINYINT UNSIGNED NOT NULL DEFAULT " . self::DEFAULT_THRESHOLD,
			"ALTER TABLE {$releases} ADD COLUMN gate_min_reports SMALLINT UNSIGNED NOT NULL DEFAULT " . self::DEFAULT_MIN_REPORTS,
		);
	}
}
