<?php
/**
 * Activations, and the licence's activation_count that bounds them.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage;

/**
 * The activation limit is held by the database, not by PHP: a slot is claimed by a conditional UPDATE
 * (activation_count < activation_limit) and the site by an INSERT against UNIQUE (license_id, site_url), both
 * in one transaction. Two requests can never both take the last slot, and a site racing itself uses one slot.
 */
final class ActivationRepository extends TableRepository {


	/**
	 * Table name.
	 */
	private function table(): string {
		return $this->table_name( Tables::ACTIVATIONS );
	}

	/**
	 * Licences table name.
	 */
	private function licenses(): string {
		return $this->table_name( Tables::LICENSES );
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
	 * Activates a site when a slot is free.
	 *
	 * @param int         $license_id  Licence.
	 * @param string      $site        Normalised site.
	 * @param string|null $fingerprint Server fingerprint.
	 * @return string 'created', 'existing' (the site was activated meanwhile) or 'full' (no slot left).
	 */
	public function activate( int $license_id, string $site, ?string $fingerprint ): string {
		$this->db->query( 'START TRANSACTION' );
		$claimed = $this->db->query(
			$this->db->prepare(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
				"UPDATE {$this->licenses()} SET activation_count = activation_count + 1 WHERE id = %d AND activation_count < activation_limit",
				$license_id
			)
		);
		if ( 1 !== $claimed ) {
			$this->db->query( 'ROLLBACK' );
			return 'full';
		}
		$now      = gmdate( 'Y-m-d H:i:s' );
		$inserted = $this->insert_ignore(
			Tables::ACTIVATIONS,
			array(
				'license_id'         => $license_id,
				'site_url'           => $site,
				'server_fingerprint' => $fingerprint,
				'activated_at'       => $now,
				'last_checked'       => $now,
			)
		);
		if ( null === $inserted ) {
			// The same site won a parallel request: give the slot back.
			$this->db->query( 'ROLLBACK' );
			return 'existing';
		}
		$this->db->query( 'COMMIT' );
		return 'created';
	}

	/**
	 * Removes a site's activation and frees its slot.
	 *
	 * @param int    $license_id Licence.
	 * @param string $site       Normalised site.
	 * @return bool Whether an activation was removed.
	 */
	public function deactivate( int $license_id, string $site ): bool {
		$this->db->query( 'START TRANSACTION' );
		$deleted = $this->db->query(
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
			$this->db->prepare( "DELETE FROM {$this->table()} WHERE license_id = %d AND site_url = %s", $license_id, $site )
		);
		if ( 1 !== $deleted ) {
			$this->db->query( 'ROLLBACK' );
			return false;
		}
		$this->db->query(
			$this->db->prepare(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
				"UPDATE {$this->licenses()} SET activation_count = activation_count - 1 WHERE id = %d AND activation_count > 0",
				$license_id
			)
		);
		$this->db->query( 'COMMIT' );
		return true;
	}
}
