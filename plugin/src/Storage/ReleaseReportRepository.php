<?php
/**
 * The client sites' health reports per release, svc_release_reports.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage;

/**
 * The table's one writer. A site's report on a release is written once per gate round and licence: the UNIQUE
 * (release_id, gate_round, license_id, site) index decides, so a site that reports twice, or two web nodes answering
 * the same site at once, count one row, and a report sent with another licence never takes its row. The gate's
 * tally gives each licence one vote in the release's current round (docs/rollouts-gate.md).
 */
final class ReleaseReportRepository extends TableRepository {

	/**
	 * Table.
	 */
	private function table(): string {
		return $this->table_name( Tables::RELEASE_REPORTS );
	}

	/**
	 * Records a site's report on a release unless the site has reported on it already.
	 *
	 * @param int    $release_id Release.
	 * @param int    $round      The release's gate round the report is sent in.
	 * @param int    $license_id The licence the site reported with.
	 * @param string $site       The site, normalised as for activations.
	 * @param string $outcome    installed or failed.
	 * @param string $error_code Core's error code ('' for installed).
	 * @return bool Whether this report was counted.
	 */
	public function add_once( int $release_id, int $round, int $license_id, string $site, string $outcome, string $error_code ): bool {
		return null !== $this->insert_ignore(
			Tables::RELEASE_REPORTS,
			array(
				'release_id' => $release_id,
				'gate_round' => $round,
				'license_id' => $license_id,
				'site'       => $site,
				'outcome'    => $outcome,
				'error_code' => $error_code,
				'created_at' => gmdate( 'Y-m-d H:i:s' ),
			)
		);
	}

	/**
	 * The votes of a release's current gate round, in one aggregate: each licence that reported counts once, as
	 * failed when any of its sites reported a failure, as installed otherwise.
	 *
	 * @param int $release_id Release.
	 * @return array{installed: int, failed: int}
	 */
	public function tally( int $release_id ): array {
		return $this->tallies( array( $release_id ) )[ $release_id ];
	}

	/**
	 * The votes of each release's current gate round (see tally()), in one aggregate.
	 *
	 * @param int[] $release_ids Releases.
	 * @return array<int, array{installed: int, failed: int}> Every id given, zeros when it has no reports.
	 */
	public function tallies( array $release_ids ): array {
		$counts = array();
		foreach ( $release_ids as $id ) {
			$counts[ (int) $id ] = array(
				'installed' => 0,
				'failed'    => 0,
			);
		}
		if ( array() === $counts ) {
			return $counts;
		}
		$ids   = implode( ',', array_map( 'intval', array_keys( $counts ) ) );
		$votes = self::vote_counts( $this->table(), 'rel' );
		$rows  = $this->db->get_results(
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant, ids cast to integers.
			"SELECT rel.id AS release_id, {$votes['installed']} AS installed, {$votes['failed']} AS failed FROM {$this->table_name( Tables::RELEASES )} rel WHERE rel.id IN ({$ids})",
			ARRAY_A
		);
		foreach ( (array) $rows as $row ) {
			$counts[ (int) $row['release_id'] ] = array(
				'installed' => (int) $row['installed'],
				'failed'    => (int) $row['failed'],
			);
		}
		return $counts;
	}

	/**
	 * The SQL expressions that count a release's votes in its current gate round, for a release row aliased as
	 * given: `failed` counts the licences with a failed report, `installed` the other licences that reported.
	 * Shared by the gate's tally and the release reads (ReleaseRepository), so both count alike.
	 *
	 * @param string $reports This table's name.
	 * @param string $release The alias of the release row in the enclosing query.
	 * @return array{installed: string, failed: string}
	 */
	public static function vote_counts( string $reports, string $release ): array {
		$round  = "FROM {$reports} rr WHERE rr.release_id = {$release}.id AND rr.gate_round = {$release}.gate_round";
		$failed = "(SELECT COUNT(DISTINCT rr.license_id) {$round} AND rr.outcome = 'failed')";
		return array(
			'installed' => "((SELECT COUNT(DISTINCT rr.license_id) {$round}) - {$failed})",
			'failed'    => $failed,
		);
	}

	/**
	 * The reports of a release, newest first (for `wp svc release reports`).
	 *
	 * @param int $release_id Release.
	 * @param int $limit      Most rows.
	 * @return array<int, array<string, mixed>>
	 */
	public function of_release( int $release_id, int $limit ): array {
		return (array) $this->db->get_results(
			$this->db->prepare(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
				"SELECT site, license_id, gate_round, outcome, error_code, created_at FROM {$this->table()} WHERE release_id = %d ORDER BY id DESC LIMIT %d",
				$release_id,
				$limit
			),
			ARRAY_A
		);
	}

	/**
	 * Deletes a release's reports (the release is deleted).
	 *
	 * @param int[] $release_ids Releases.
	 */
	public function delete_of_releases( array $release_ids ): void {
		if ( array() === $release_ids ) {
			return;
		}
		$ids = implode( ',', array_map( 'intval', $release_ids ) );
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant, ids cast to integers.
		$this->db->query( "DELETE FROM {$this->table()} WHERE release_id IN ({$ids})" );
	}

	/**
	 * Deletes the reports sent with the given licences (a privacy erase: a site URL is personal data).
	 *
	 * @param int[] $license_ids Licences.
	 * @return int Rows deleted.
	 */
	public function delete_of_licenses( array $license_ids ): int {
		if ( array() === $license_ids ) {
			return 0;
		}
		$ids = implode( ',', array_map( 'intval', $license_ids ) );
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant, ids cast to integers.
		return (int) $this->db->query( "DELETE FROM {$this->table()} WHERE license_id IN ({$ids})" );
	}
}
