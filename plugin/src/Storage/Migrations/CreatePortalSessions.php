<?php
/**
 * Schema step 15: the customer portal's open sessions.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage\Migrations;

use Svc\Licensing\Storage\Migration;
use Svc\Licensing\Storage\Tables;

/**
 * One row per open portal session (PortalSessionRepository): the SHA-256 of the session id (UNIQUE), the email it
 * is for and when it ends. A session cookie counts only while its row exists, so deleting rows ends sessions on
 * every web node at once: signing out deletes one, a new key or a revocation every row of the email, a privacy
 * erase the email's rows. Rows past their end are swept when a new session is stored.
 */
final class CreatePortalSessions implements Migration {

	/**
	 * Schema version.
	 */
	public function version(): int {
		return 15;
	}

	/**
	 * SQL.
	 *
	 * @param string $prefix          Table prefix.
	 * @param string $charset_collate Charset clause.
	 * @return string[]
	 */
	public function statements( string $prefix, string $charset_collate ): array {
		$table = $prefix . Tables::PORTAL_SESSIONS;
		return array(
			"CREATE TABLE IF NOT EXISTS {$table} (
				id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
				session_hash CHAR(64) NOT NULL,
				email VARCHAR(254) NOT NULL,
				created_at DATETIME NOT NULL,
				expires_at DATETIME NOT NULL,
				PRIMARY KEY  (id),
				UNIQUE KEY session_hash (session_hash),
				KEY email (email(191)),
				KEY expires_at (expires_at)
			) {$charset_collate}",
		);
	}
}
