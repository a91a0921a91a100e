<?php
/**
 * Schema step 8: the admin licence list filtered by status reads an index instead of the table.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage\Migrations;

use Svc\Licensing\Storage\Migration;
use Svc\Licensing\Storage\Tables;

/**
 * KEY status (status): the list's status filter is one range of it, already in id order (a secondary index ends
 * with the primary key), so `status = X ORDER BY id DESC LIMIT n OFFSET m` and its COUNT read only the index,
 * however rare or common the status. The unfiltered list needs no new index: it pages the primary key.
 * One ALTER per step (see AddTrialActivationLimit): the ALTER either adds the index or fails whole, and a
 * failed step runs again.
 */
final class AddLicenseStatusIndex implements Migration {

	/**
	 * Schema version.
	 */
	public function version(): int {
		return 8;
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
		$licenses = $prefix . Tables::LICENSES;
		return array( "ALTER TABLE {$licenses} ADD INDEX status (status)" );
	}
}
