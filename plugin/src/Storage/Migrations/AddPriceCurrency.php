<?php
/**
 * Schema step 13: a price knows its currency (ISO 4217, upper case).
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage\Migrations;

use Svc\Licensing\Storage\Migration;
use Svc\Licensing\Storage\Tables;

/**
 * NULL until the admin enters it or a paid invoice's line carries the Stripe price object (currency).
 * One ALTER per step (see AddTrialActivationLimit).
 */
final class AddPriceCurrency implements Migration {

	/**
	 * Schema version.
	 */
	public function version(): int {
		return 13;
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
		return array( "ALTER TABLE {$prices} ADD COLUMN currency CHAR(3) NULL DEFAULT NULL" );
	}
}
