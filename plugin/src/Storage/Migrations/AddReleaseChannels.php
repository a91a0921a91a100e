<?php
/**
 * Schema step 20: release channels, the rollout schedule, withdrawal and pause, pins.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage\Migrations;

use Svc\Licensing\Storage\Migration;
use Svc\Licensing\Storage\Tables;

/**
 * A release names its channel (`stable` unless told) and may carry a rollout plan (JSON list of
 * {percentage, at}); rolling it back sets withdrawn_at; pausing (by hand or by the health gate) sets paused_at
 * and its reason. A licence and an activation may name a channel and a pinned version (null: none). A product
 * lists its channels, safest first, comma-separated. Every statement adds a new column, so the step as a whole
 * is additive; the issue's contract keeps them in one step.
 */
final class AddReleaseChannels implements Migration {

	/**
	 * Schema version.
	 */
	public function version(): int {
		return 20;
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
		$releases    = $prefix . Tables::RELEASES;
		$licenses    = $prefix . Tables::LICENSES;
		$activations = $prefix . Tables::ACTIVATIONS;
		$products    = $prefix . Tables::PRODUCTS;
		return array(
			"ALTER TABLE {$releases} ADD COLUMN channel VARCHAR(40) NOT NULL DEFAULT 'stable'",
			"ALTER TABLE {$releases} ADD COLUMN rollout_plan TEXT NULL",
			"ALTER TABLE {$releases} ADD COLUMN withdrawn_at DATETIME NULL DEFAULT NULL",
			"ALTER TABLE {$releases} ADD COLUMN paused_at DATETIME NULL DEFAULT NULL",
			"ALTER TABLE {$releases} ADD COLUMN pause_reason VARCHAR(255) NOT NULL DEFAULT ''",
			"ALTER TABLE {$licenses} ADD COLUMN channel VARCHAR(40) NULL DEFAULT NULL",
			"ALTER TABLE {$licenses} ADD COLUMN pinned_version VARCHAR(64) NULL DEFAULT NULL",
			"ALTER TABLE {$activations} ADD COLUMN channel VARCHAR(40) NULL DEFAULT NULL",
			"ALTER TABLE {$activations} ADD COLUMN pinned_version VARCHAR(64) NULL DEFAULT NULL",
			"ALTER TABLE {$products} ADD COLUMN channels VARCHAR(255) NOT NULL DEFAULT 'stable,beta'",
		);
	}
}
