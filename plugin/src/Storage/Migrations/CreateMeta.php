<?php
/**
 * Schema step 7: facts about the data itself, kept with the data.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage\Migrations;

use Svc\Licensing\Storage\Migration;
use Svc\Licensing\Storage\Tables;

/**
 * Name => value rows that must travel with the licence tables rather than with the options table (the key
 * secret's fingerprint).
 */
final class CreateMeta implements Migration {

	/**
	 * Schema version.
	 */
	public function version(): int {
		return 7;
	}

	/**
	 * SQL.
	 *
	 * @param string $prefix          Table prefix.
	 * @param string $charset_collate Charset clause.
	 * @return string[]
	 */
	public function statements( string $prefix, string $charset_collate ): array {
		$table = $prefix . Tables::META;
		return array(
			"CREATE TABLE IF NOT EXISTS {$table} (
				name VARCHAR(64) NOT NULL,
				value VARCHAR(255) NOT NULL,
				updated_at DATETIME NOT NULL,
				PRIMARY KEY  (name)
			) {$charset_collate}",
		);
	}
}
