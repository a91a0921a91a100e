<?php
/**
 * Schema step 17: a licence may belong to a bundle's licence (its parent), as licences moved in from EDD
 * Software Licensing do.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage\Migrations;

use Svc\Licensing\Storage\Migration;
use Svc\Licensing\Storage\Tables;

/**
 * Adds svc_licenses.parent_id (null: no parent) and its index.
 */
final class AddLicenseParent implements Migration {

	/**
	 * Version.
	 */
	public function version(): int {
		return 17;
	}

	/**
	 * Statements.
	 *
	 * @param string $prefix          Table prefix.
	 * @param string $charset_collate Unused.
	 * @return string[]
	 */
	public function statements( string $prefix, string $charset_collate ): array {
		unset( $charset_collate );
		$licenses = $prefix . Tables::LICENSES;
		return array(
			"ALTER TABLE {$licenses} ADD COLUMN parent_id BIGINT UNSIGNED NULL DEFAULT NULL",
			"ALTER TABLE {$licenses} ADD INDEX parent_id (parent_id)",
		);
	}
}
