<?php
/**
 * Schema step 16: products say how a multisite network is counted (one slot per network, or per site).
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage\Migrations;

use Svc\Licensing\Storage\Migration;
use Svc\Licensing\Storage\Tables;

/**
 * One ALTER per step: an ALTER cannot be repeated, and a step is re-run whole when it fails. Existing products count
 * per network (Domain\License\MultisiteActivation::DEFAULT).
 */
final class AddProductMultisiteActivation implements Migration {

	/**
	 * Schema version.
	 */
	public function version(): int {
		return 16;
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
		$products = $prefix . Tables::PRODUCTS;
		return array( "ALTER TABLE {$products} ADD COLUMN multisite_activation VARCHAR(16) NOT NULL DEFAULT 'network'" );
	}
}
