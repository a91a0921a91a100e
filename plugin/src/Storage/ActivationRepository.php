<?php
/**
 * Activation rows: which sites use a licence.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage;

/**
 * Activation rows only; the licence's activation_count is LicenseRepository's. Core\Activations pairs the two
 * in one transaction.
 */
final class ActivationRepository extends TableRepository {


	/**
	 * Table name.
	 */
	private function table(): string {
		return $this->table_name( Tables::ACTIVATIONS );
	}

	/**
	 * A licence's activation for a normalised site.
	 *
	 * @param int    $license_id Licence.
	 * @param string $site       Normalised site.
	 * @return array<string, mixed>|null
	 */
	public function find( int $license_id, string $site ): ?array {
		$row = $this->db->get_row(
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
			$this->db->prepare( "SELECT * FROM {$this->table()} WHERE license_id = %d AND site_url = %s", $license_id, $site ),
			ARRAY_A
		);
		if ( ! is_array( $row ) ) {
			return null;
		}
		$row['id']         = (int) $row['id'];
		$row['license_id'] = (int) $row['license_id'];
		return $row;
	}

	/**
	 * The site of another of a licence's activations that holds this server fingerprint (the install a copied site
	 * carries), or null.
	 *
	 * @param int    $license_id  Licence.
	 * @param string $fingerprint Server fingerprint, lower-case hex.
	 * @param string $site        Normalised site the call comes from (not "another").
	 */
	public function other_site_with( int $license_id, string $fingerprint, string $site ): ?string {
		$other = $this->db->get_var(
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
			$this->db->prepare( "SELECT site_url FROM {$this->table()} WHERE license_id = %d AND server_fingerprint = %s AND site_url <> %s ORDER BY id LIMIT 1", $license_id, $fingerprint, $site )
		);
		return null === $other ? null : (string) $other;
	}

	/**
	 * Gives an activation a new site (a move: same row, same slot), with the new site's staging flag and, when one
	 * is given, the fingerprint of the install there. UNIQUE (license_id, site_url) refuses it when the site has an
	 * activation of its own by now.
	 *
	 * @param int         $activation_id Activation.
	 * @param string      $site          Normalised new site.
	 * @param bool        $staging       Whether the new site is a staging site.
	 * @param string|null $fingerprint   Fingerprint, or null to keep the stored one.
	 * @return bool Whether it moved.
	 */
	public function move( int $activation_id, string $site, bool $staging, ?string $fingerprint ): bool {
		$fields = array(
			'site_url'     => $site,
			'is_staging'   => $staging ? 1 : 0,
			'last_checked' => gmdate( 'Y-m-d H:i:s' ),
		);
		if ( null !== $fingerprint ) {
			$fields['server_fingerprint'] = $fingerprint;
		}
		$suppress = $this->db->suppress_errors( true );
		$moved    = $this->db->update( $this->table(), $fields, array( 'id' => $activation_id ) );
		$this->db->suppress_errors( $suppress );
		return 1 === $moved;
	}

	/**
	 * A licence's activations, oldest first.
	 *
	 * @param int $license_id Licence.
	 * @return array<int, array<string, mixed>>
	 */
	public function for_license( int $license_id ): array {
		return (array) $this->db->get_results(
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
			$this->db->prepare( "SELECT * FROM {$this->table()} WHERE license_id = %d ORDER BY id", $license_id ),
			ARRAY_A
		);
	}

	/**
	 * Which of these activations are still here, with their licence and site (a re-import releases those the old
	 * system no longer has; one gone already was released here).
	 *
	 * @param int[] $ids Activation ids.
	 * @return list<array{id: int, license_id: int, site_url: string}>
	 */
	public function still_here( array $ids ): array {
		$found = array();
		foreach ( array_chunk( array_values( array_unique( $ids ) ), 500 ) as $chunk ) {
			$marks = implode( ', ', array_fill( 0, count( $chunk ), '%d' ) );
			$rows  = (array) $this->db->get_results(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared,WordPress.DB.PreparedSQL.NotPrepared -- table name from a constant, values as placeholders.
				$this->db->prepare( "SELECT id, license_id, site_url FROM {$this->table()} WHERE id IN ({$marks}) ORDER BY id", $chunk ),
				ARRAY_A
			);
			foreach ( $rows as $row ) {
				$found[] = array(
					'id'         => (int) $row['id'],
					'license_id' => (int) $row['license_id'],
					'site_url'   => (string) $row['site_url'],
				);
			}
		}
		return $found;
	}

	/**
	 * Records that the site checked in (and with which server fingerprint).
	 *
	 * @param int         $activation_id Activation.
	 * @param string|null $fingerprint   Fingerprint, or null to keep the stored one.
	 */
	public function touch( int $activation_id, ?string $fingerprint ): void {
		$fields = array( 'last_checked' => gmdate( 'Y-m-d H:i:s' ) );
		if ( null !== $fingerprint ) {
			$fields['server_fingerprint'] = $fingerprint;
		}
		$this->db->update( $this->table(), $fields, array( 'id' => $activation_id ) );
	}

	/**
	 * Sets a site's own channel and pinned version (null: follow the licence's).
	 *
	 * @param int                                                        $activation_id Activation.
	 * @param array{channel?: string|null, pinned_version?: string|null} $fields        The given choices.
	 */
	public function set_choices( int $activation_id, array $fields ): void {
		$fields = array_intersect_key( $fields, array_flip( array( 'channel', 'pinned_version' ) ) );
		if ( array() !== $fields ) {
			$this->db->update( $this->table(), $fields, array( 'id' => $activation_id ) );
		}
	}

	/**
	 * Records a site's activation unless the site has one (UNIQUE license_id + site_url decides, also between
	 * parallel requests). For a site that is not staging, the caller has claimed the licence's slot in the same
	 * transaction; a staging site takes none.
	 *
	 * @param int         $license_id  Licence.
	 * @param string      $site        Normalised site.
	 * @param string|null $fingerprint Server fingerprint.
	 * @param bool        $staging     Whether the site is a staging site (decided by the server, from its URL).
	 * @return bool Whether it was inserted.
	 */
	public function insert( int $license_id, string $site, ?string $fingerprint, bool $staging = false ): bool {
		$now = gmdate( 'Y-m-d H:i:s' );
		return null !== $this->insert_ignore(
			Tables::ACTIVATIONS,
			array(
				'license_id'         => $license_id,
				'site_url'           => $site,
				'server_fingerprint' => $fingerprint,
				'activated_at'       => $now,
				'last_checked'       => $now,
				'is_staging'         => $staging ? 1 : 0,
			)
		);
	}

	/**
	 * Records the sites' activations a move-in brings over, as they were in the old system (no slot is claimed: the
	 * caller recounts the licences' sites afterwards); a site a licence already has keeps its activation. One
	 * INSERT IGNORE for the rows and one read of their ids, so a batch of 500 costs two statements.
	 *
	 * @param list<array{license_id: int, site: string, staging: bool}> $rows Licence, normalised site, and whether the old system called it a local or staging site.
	 * @return list<int> Each row's activation id, in the rows' order.
	 */
	public function carry_over( array $rows ): array {
		if ( array() === $rows ) {
			return array();
		}
		$now    = gmdate( 'Y-m-d H:i:s' );
		$tuples = array();
		foreach ( $rows as $row ) {
			$tuples[] = $this->db->prepare( '(%d, %s, %s, %s, %d)', $row['license_id'], $row['site'], $now, $now, $row['staging'] ? 1 : 0 );
		}
		$this->db->query(
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared,WordPress.DB.PreparedSQL.NotPrepared -- table name from a constant, tuples prepared above.
			"INSERT IGNORE INTO {$this->table()} (license_id, site_url, activated_at, last_checked, is_staging) VALUES " . implode( ', ', $tuples )
		);
		$license_ids = array_values( array_unique( array_column( $rows, 'license_id' ) ) );
		$marks       = implode( ', ', array_fill( 0, count( $license_ids ), '%d' ) );
		$found       = (array) $this->db->get_results(
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared,WordPress.DB.PreparedSQL.NotPrepared -- table name from a constant, values as placeholders.
			$this->db->prepare( "SELECT id, license_id, site_url FROM {$this->table()} WHERE license_id IN ({$marks})", $license_ids ),
			ARRAY_A
		);
		$ids = array();
		foreach ( $found as $activation ) {
			$ids[ $activation['license_id'] . ' ' . $activation['site_url'] ] = (int) $activation['id'];
		}
		$result = array();
		foreach ( $rows as $row ) {
			$result[] = $ids[ $row['license_id'] . ' ' . $row['site'] ] ?? 0;
		}
		return $result;
	}

	/**
	 * Removes a site's activation if it is of the given kind, so the caller knows whether it held a slot, which
	 * it gives back in the same transaction. One statement: no read of the row first.
	 *
	 * @param int    $license_id Licence.
	 * @param string $site       Normalised site.
	 * @param bool   $staging    Remove it only if it is (true) or is not (false) a staging activation.
	 * @return bool Whether an activation was removed.
	 */
	public function remove( int $license_id, string $site, bool $staging ): bool {
		return 1 === $this->db->query(
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
			$this->db->prepare( "DELETE FROM {$this->table()} WHERE license_id = %d AND site_url = %s AND is_staging = %d", $license_id, $site, $staging ? 1 : 0 )
		);
	}

	/**
	 * Removes every activation (site URL) of a customer's licences, in one statement (Core\Erasure, before the
	 * licences lose their email).
	 *
	 * @param string $email Normalised email.
	 * @return int Activations removed.
	 */
	public function remove_of_customer( string $email ): int {
		$licenses = $this->table_name( Tables::LICENSES );
		return (int) $this->db->query(
			$this->db->prepare(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table names from constants.
				"DELETE FROM {$this->table()} WHERE license_id IN (SELECT id FROM {$licenses} WHERE customer_email = %s)",
				$email
			)
		);
	}

	/**
	 * Removes every activation of a licence (cancel, revoke, delete).
	 *
	 * @param int $license_id Licence.
	 * @return int Activations removed.
	 */
	public function remove_all( int $license_id ): int {
		return (int) $this->db->delete( $this->table(), array( 'license_id' => $license_id ) );
	}
}
