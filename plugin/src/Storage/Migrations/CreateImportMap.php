<?php
/**
 * Schema step 18: what each row moved in from another licensing system became here.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage\Migrations;

use Svc\Licensing\Storage\Migration;
use Svc\Licensing\Storage\Tables;

/**
 * The import map: per source (edd-sl, slm) and kind (product, price, tier, licence, activation), the old id and the
 * new one, with the fingerprint of the values it moved in with (a re-import compares it to see a change). The old
 * clients' protocols (edd_action, slm_action) look their product and activation ids up here.
 */
final class CreateImportMap implements Migration {

	/**
	 * Version.
	 */
	public function version(): int {
		return 18;
	}

	/**
	 * Statements.
	 *
	 * @param string $prefix          Table prefix.
	 * @param string $charset_collate Charset clause.
	 * @return string[]
	 */
	public function statements( string $prefix, string $charset_collate ): array {
		$table = $prefix . Tables::IMPORT_MAP;
		return array(
			"CREATE TABLE IF NOT EXISTS {$table} (
				id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
				source VARCHAR(16) NOT NULL,
				kind VARCHAR(16) NOT NULL,
				old_id VARCHAR(64) NOT NULL,
				new_id BIGINT UNSIGNED NOT NULL,
				fingerprint CHAR(64) NOT NULL DEFAULT '',
				created_at DATETIME NOT NULL,
				updated_at DATETIME NOT NULL,
				PRIMARY KEY  (id),
				UNIQUE KEY source_kind_old (source, kind, old_id),
				KEY kind_new (kind, new_id)
			) {$charset_collate}",
		);
	}
}
