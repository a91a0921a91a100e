<?php
/**
 * Schema step 25: every search of the admin licence list reads an index.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage\Migrations;

use Svc\Licensing\Storage\Migration;
use Svc\Licensing\Storage\Tables;

/**
 * At a million licences a search has to find its rows through an index (docs/scale.md):
 * - `email_domain`, the part of the email after the @, so "@shop.example" is one range of an index. The database
 *   keeps it from customer_email on every write (the triggers of Storage\LicenseCounts); LicenseCounts::install()
 *   fills the rows that were there before, in batches.
 * - `customer_name`, for a name typed from its start.
 * - `status_expires`, so the licences that validation already sees as expired (active or trial past their expiry,
 *   before the expiry job runs) are one short range: the stats add them to "expired" without reading every row.
 * One ALTER: on MariaDB an in-place rebuild that lets reads and writes go on (ALGORITHM=INPLACE, LOCK=NONE is
 * what InnoDB picks for these), and on the SQLite drop-in one table rebuild; either it all lands or none of it.
 */
final class AddLicenseSearchIndexes implements Migration {

	/**
	 * Schema version.
	 */
	public function version(): int {
		return 25;
	}

	/**
	 * SQL.
	 *
	 * @param string $prefix          Table prefix.
	 * @param string $charset_collate Unused: no new table.
	 * @return string[]
	 */
	public function statements( string $prefix, string $charset_collate ): array {
		unset( $charset_collate );
		$licenses = $prefix . Tables::LICENSES;
		return array(
			"ALTER TABLE {$licenses} ADD COLUMN email_domain VARCHAR(191) NOT NULL DEFAULT '', ADD INDEX email_domain (email_domain), ADD INDEX customer_name (customer_name(191)), ADD INDEX status_expires (status, expires)",
		);
	}
}
