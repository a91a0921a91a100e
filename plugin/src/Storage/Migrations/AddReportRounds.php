<?php
/**
 * Schema step 23: health reports are counted per licence, site and gate round.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage\Migrations;

use Svc\Licensing\Storage\Migration;
use Svc\Licensing\Storage\Tables;

/**
 * A release carries its gate round (0 at first; every Resume starts the next one), and each report the round it
 * was sent in. A report is written once per release, round, licence and site (UNIQUE), where it was once per
 * release and site: a report sent with one licence can no longer take the row of another customer's site, and a
 * site that failed before a Resume can report its retry in the new round. The gate counts the current round only
 * (docs/rollouts-gate.md). Reports kept from before the step stay in round 0.
 */
final class AddReportRounds implements Migration {

	/**
	 * Schema version.
	 */
	public function version(): int {
		return 23;
	}

	/**
	 * SQL.
	 *
	 * @param string $prefix          Table prefix.
	 * @param string $charset_collate Charset clause (unused: no new table).
	 * @return string[]
	 */
	public function statements( string $prefix, string $charset_collate ): array {
		unset( $charset_collate );
		$releases = $prefix . Tables::RELEASES;
		$reports  = $prefix . Tables::RELEASE_REPORTS;
		return array(
			"ALTER TABLE {$releases} ADD COLUMN gate_round INT UNSIGNED NOT NULL DEFAULT 0",
			"ALTER TABLE {$reports} ADD COLUMN gate_round INT UNSIGNED NOT NULL DEFAULT 0",
			"ALTER TABLE {$reports} ADD UNIQUE KEY round_license_site (release_id, gate_round, license_id, site)",
			"ALTER TABLE {$reports} DROP INDEX release_site",
		);
	}
}
