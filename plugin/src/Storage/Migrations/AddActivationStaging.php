<?php
/**
 * Schema step 9: an activation says whether its site is a staging site, which uses no slot.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage\Migrations;

use Svc\Licensing\Storage\Migration;
use Svc\Licensing\Storage\Tables;

/**
 * The flag is decided once, when the site activates (Core\Activations, from the site's URL and the staging
 * host settings), and never changes: a staging row took no slot, so removing it gives none back. Rows that
 * exist before this step took a slot and stay 0. One ALTER per step (see AddTrialActivationLimit).
 */
final class AddActivationStaging implements Migration {

	/**
	 * Schema version.
	 */
	public function version(): int {
		return 9;
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
		$activations = $prefix . Tables::ACTIVATIONS;
		return array( "ALTER TABLE {$activations} ADD COLUMN is_staging TINYINT(1) NOT NULL DEFAULT 0" );
	}
}
