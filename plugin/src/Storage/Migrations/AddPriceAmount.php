<?php
/**
 * Schema step 12: a price knows its amount (minor units), so the panel shows what it costs.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage\Migrations;

use Svc\Licensing\Storage\Migration;
use Svc\Licensing\Storage\Tables;

/**
 * NULL until the admin enters it or a paid invoice's line carries the Stripe price object (unit_amount).
 * One ALTER per step (see AddTrialActivationLimit); the currency is step 13.
 */
final class AddPriceAmount implements Migration {

	/**
	 * Schema version.
	 */
	public function version(): int {
		return 12;
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
		$prices = $prefix . Tables::PRICES;
		return array( "ALTER TABLE {$prices} ADD COLUMN unit_amount BIGINT NULL DEFAULT NULL" );
	}
}
