<?php
/**
 * Schema step 24: an update decision belongs to a licence and a site.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage\Migrations;

use Svc\Licensing\Storage\Migration;
use Svc\Licensing\Storage\Tables;

/**
 * Step 22 keyed svc_update_decisions on (product, site), so a check with one licence's key and another customer's
 * site URL replaced that customer's row, and invented sites added rows without bound (issue 40, finding 5). From
 * here a row is keyed on (product, licence, slot): `slot` is the activation id of a site activated on the licence,
 * 0 for a check from a site that is not (that row keeps the licence's latest such check, its URL in site_url). So a
 * licence has at most its activations + 1 rows per product, and one licence's check never touches another's row.
 *
 * Existing rows: a row with an activation keeps it as its slot; a row without one is deleted (diagnostic data,
 * written again by the site's next check; two such rows of one licence and product would collide on slot 0). No
 * two rows left can collide: an activation id names one licence and one site, and step 22 held one row per
 * product and site. The SQLite drop-in rebuilds the table for each ALTER (it supports ADD COLUMN, DROP INDEX and
 * ADD UNIQUE KEY, and several in one statement); on MariaDB the first ALTER adds the column and drops the old key
 * at once. A step runs again whole when one of its statements fails: the DELETE and UPDATE may run twice, the two
 * ALTERs fail whole.
 */
final class AddUpdateDecisionSlot implements Migration {

	/**
	 * Schema version.
	 */
	public function version(): int {
		return 24;
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
		$table = $prefix . Tables::UPDATE_DECISIONS;
		return array(
			"DELETE FROM {$table} WHERE activation_id IS NULL",
			"ALTER TABLE {$table} ADD COLUMN slot BIGINT UNSIGNED NOT NULL DEFAULT 0, DROP INDEX product_site",
			"UPDATE {$table} SET slot = activation_id WHERE activation_id IS NOT NULL",
			"ALTER TABLE {$table} ADD UNIQUE KEY product_license_slot (product_id, license_id, slot)",
		);
	}
}
