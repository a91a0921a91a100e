<?php
/**
 * Schema step 14: the customer portal's one-time sign-in links.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage\Migrations;

use Svc\Licensing\Storage\Migration;
use Svc\Licensing\Storage\Tables;

/**
 * One row per link sent (PortalLinkRepository): only the token's SHA-256 is kept (UNIQUE), with the email it
 * signs in and when it stops working. used_at is set by one conditional UPDATE, so a link signs in once even when
 * two clicks race. Rows a day past their expiry are purged when new links are made.
 */
final class CreatePortalLinks implements Migration {

	/**
	 * Schema version.
	 */
	public function version(): int {
		return 14;
	}

	/**
	 * SQL.
	 *
	 * @param string $prefix          Table prefix.
	 * @param string $charset_collate Charset clause.
	 * @return string[]
	 */
	public function statements( string $prefix, string $charset_collate ): array {
		$table = $prefix . Tables::PORTAL_LINKS;
		return array(
			"CREATE TABLE IF NOT EXISTS {$table} (
				id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
				token_hash CHAR(64) NOT NULL,
				email VARCHAR(254) NOT NULL,
				created_at DATETIME NOT NULL,
				expires_at DATETIME NOT NULL,
				used_at DATETIME NULL DEFAULT NULL,
				PRIMARY KEY  (id),
				UNIQUE KEY token_hash (token_hash),
				KEY email (email(191)),
				KEY expires_at (expires_at)
			) {$charset_collate}",
		);
	}
}
