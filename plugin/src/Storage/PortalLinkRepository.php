<?php
/**
 * The customer portal's sign-in links, svc_portal_links.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage;

/**
 * The table's one writer. Only a token's hash is stored. Using a link is one conditional UPDATE whose affected
 * row count decides, so a link signs in once however many requests race for it; the email is read after the
 * UPDATE has won. Times are the caller's clock, in storage format (UTC).
 */
final class PortalLinkRepository extends TableRepository {

	/**
	 * How long a used or expired link is kept before it is purged (seconds past its expiry).
	 */
	private const KEEP = 86400;

	/**
	 * Table.
	 */
	private function table(): string {
		return $this->table_name( Tables::PORTAL_LINKS );
	}

	/**
	 * Stores a new link and purges those a day past their expiry (an indexed DELETE, so no job is needed).
	 *
	 * @param string $token_hash Hex SHA-256 of the token.
	 * @param string $email      Normalised email it signs in.
	 * @param int    $now        Unix time.
	 * @param int    $expires    Unix time it stops working.
	 */
	public function create( string $token_hash, string $email, int $now, int $expires ): void {
		$this->db->query(
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
			$this->db->prepare( "DELETE FROM {$this->table()} WHERE expires_at < %s", gmdate( 'Y-m-d H:i:s', $now - self::KEEP ) )
		);
		$this->db->insert(
			$this->table(),
			array(
				'token_hash' => $token_hash,
				'email'      => $email,
				'created_at' => gmdate( 'Y-m-d H:i:s', $now ),
				'expires_at' => gmdate( 'Y-m-d H:i:s', $expires ),
			)
		);
	}

	/**
	 * Uses a link: marks it used if it is unused and not expired, and answers its email; null when the link is
	 * unknown, used or expired (or another request used it first).
	 *
	 * @param string $token_hash Hex SHA-256 of the token.
	 * @param int    $now        Unix time.
	 */
	public function consume( string $token_hash, int $now ): ?string {
		$at   = gmdate( 'Y-m-d H:i:s', $now );
		$used = $this->db->query(
			$this->db->prepare(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
				"UPDATE {$this->table()} SET used_at = %s WHERE token_hash = %s AND used_at IS NULL AND expires_at > %s",
				$at,
				$token_hash,
				$at
			)
		);
		if ( 1 !== $used ) {
			return null;
		}
		$email = $this->db->get_var(
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
			$this->db->prepare( "SELECT email FROM {$this->table()} WHERE token_hash = %s", $token_hash )
		);
		return is_string( $email ) && '' !== $email ? $email : null;
	}

	/**
	 * Deletes every link of an email (privacy erase).
	 *
	 * @param string $email Normalised email.
	 * @return int Links deleted.
	 */
	public function erase_email( string $email ): int {
		return (int) $this->db->delete( $this->table(), array( 'email' => $email ) );
	}
}
