<?php
/**
 * Schema step 2: products say how many sites a trial licence may activate.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage\Migrations;

use Svc\Licensing\Storage\Migration;
use Svc\Licensing\Storage\Tables;

/**
 * One ALTER per step: an ALTER cannot be repeated, and a step is re-run whole when it fails.
 */
final class AddTrialActivationLimit implements Migration {

	/**
	 * Schema version.
	 */
	public function version(): int {
		return 2;
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
		return array( "ALTER TABLE {$products} ADD COLUMN trial_activation_limit INT UNSIGNED NOT NULL DEFAULT 1" );
	}
}
