<?php
/**
 * The health reports that name a customer's sites, read for the personal-data export.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage;

/**
 * Read only: svc_release_reports is written by ReleaseReportRepository alone. The export shows, for each of the
 * customer's licences, the site each report came from, the product and version it was about, its outcome and when.
 */
final class PersonalRecords extends TableRepository {

	/**
	 * The health reports of these licences, oldest first.
	 *
	 * @param int[] $license_ids Licences.
	 * @return list<array<string, mixed>> Rows with license_id, site, outcome, error_code, created_at, version, product_name.
	 */
	public function reports_of_licenses( array $license_ids ): array {
		$ids = array_values( array_unique( array_map( 'intval', $license_ids ) ) );
		if ( array() === $ids ) {
			return array();
		}
		$reports  = $this->table_name( Tables::RELEASE_REPORTS );
		$releases = $this->table_name( Tables::RELEASES );
		$products = $this->table_name( Tables::PRODUCTS );
		$marks    = implode( ', ', array_fill( 0, count( $ids ), '%d' ) );
		return array_values(
			(array) $this->db->get_results(
				$this->db->prepare(
					// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared,WordPress.DB.PreparedSQL.NotPrepared -- table names from constants, values as placeholders.
					"SELECT rr.license_id, rr.site, rr.outcome, rr.error_code, rr.created_at, r.version, p.name AS product_name FROM {$reports} rr JOIN {$releases} r ON r.id = rr.release_id JOIN {$products} p ON p.id = r.product_id WHERE rr.license_id IN ({$marks}) ORDER BY rr.id",
					$ids
				),
				ARRAY_A
			)
		);
	}
}
