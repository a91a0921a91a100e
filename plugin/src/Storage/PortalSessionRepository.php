<?php
/**
 * The customer portal's open sessions, svc_portal_sessions.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage;

/**
 * The table's one writer. A row is an open session, keyed by the SHA-256 of its id (Domain\Portal\PortalSession::
 * record_id); a session cookie counts only while its row is there, so a DELETE ends sessions on every web node at
 * once. Rows past their end are swept as new ones are stored (an indexed DELETE, so no job is needed). Times are the
 * caller's clock, in storage format (UTC).
 */
final class PortalSessionRepository extends TableRepository {

	/**
	 * Table.
	 */
	private function table(): string {
		return $this->table_name( Tables::PORTAL_SESSIONS );
	}

	/**
	 * Stores a new session and sweeps those that have ended.
	 *
	 * @param string $session_hash Hex SHA-256 of the session id.
	 * @param string $email        Normalised email it is for.
	 * @param int    $now          Unix time.
	 * @param int    $expires      Unix time it ends.
	 */
	public function open( string $session_hash, string $email, int $now, int $expires ): void {
		$this->db->query(
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
			$this->db->prepare( "DELETE FROM {$this->table()} WHERE expires_at < %s", gmdate( 'Y-m-d H:i:s', $now ) )
		);
		$this->db->insert(
			$this->table(),
			array(
				'session_hash' => $session_hash,
				'email'        => $email,
				'created_at'   => gmdate( 'Y-m-d H:i:s', $now ),
				'expires_at'   => gmdate( 'Y-m-d H:i:s', $expires ),
			)
		);
	}

	/**
	 * Whether a session of this email is open: its row exists and has not ended.
	 *
	 * @param string $session_hash Hex SHA-256 of the session id.
	 * @param string $email        Normalised email the cookie names.
	 * @param int    $now          Unix time.
	 */
	public function is_open( string $session_hash, string $email, int $now ): bool {
		$found = $this->db->get_var(
			$this->db->prepare(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
				"SELECT email FROM {$this->table()} WHERE session_hash = %s AND expires_at >= %s",
				$session_hash,
				gmdate( 'Y-m-d H:i:s', $now )
			)
		);
		return is_string( $found ) && hash_equals( $found, $email );
	}

	/**
	 * Ends one session (signing out).
	 *
	 * @param string $session_hash Hex SHA-256 of the session id.
	 */
	public function close( string $session_hash ): void {
		$this->db->delete( $this->table(), array( 'session_hash' => $session_hash ) );
	}

	/**
	 * Ends every session of an email (a new key, a revocation, a privacy erase).
	 *
	 * @param string $email Normalised email.
	 * @return int Sessions ended.
	 */
	public function close_email( string $email ): int {
		return (int) $this->db->delete( $this->table(), array( 'email' => $email ) );
	}
}
