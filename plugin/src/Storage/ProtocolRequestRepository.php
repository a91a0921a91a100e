<?php
/**
 * The old clients' protocols' requests, counted per protocol per day.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage;

use Svc\Licensing\Domain\MoveIn\OldProtocolRequest;

/**
 * The only writer of svc_protocol_requests. Each answered request is one upsert the database adds up (no read
 * before the write, so parallel requests, from the fast lane or from WordPress, never lose a count). Only the last
 * 30 days count: the sum reads them alone, and about one request in a hundred sweeps older rows, as the rate
 * limiter sweeps its old windows, so the table never holds more than a few rows per protocol.
 */
final class ProtocolRequestRepository extends TableRepository {

	/**
	 * Counts one answered request of a protocol on the UTC day of $now.
	 *
	 * @param string $protocol Source::EDD_SL or Source::SLM.
	 * @param int    $now      Unix time.
	 */
	public function add( string $protocol, int $now ): void {
		$table = $this->table_name( Tables::PROTOCOL_REQUESTS );
		$this->db->query(
			$this->db->prepare(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
				"INSERT INTO {$table} (protocol, day, requests) VALUES (%s, %s, 1) ON DUPLICATE KEY UPDATE requests = requests + 1",
				$protocol,
				OldProtocolRequest::day( $now )
			)
		);
		if ( 1 === random_int( 1, 100 ) ) {
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
			$this->db->query( $this->db->prepare( "DELETE FROM {$table} WHERE day < %s", OldProtocolRequest::first_counted_day( $now ) ) );
		}
	}

	/**
	 * Requests per protocol in the last 30 days (OldProtocolRequest::first_counted_day() on); a protocol without any is absent.
	 *
	 * @param int $now Unix time.
	 * @return array<string, int>
	 */
	public function last_days( int $now ): array {
		$table = $this->table_name( Tables::PROTOCOL_REQUESTS );
		$rows  = $this->db->get_results(
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
			$this->db->prepare( "SELECT protocol, SUM(requests) AS requests FROM {$table} WHERE day >= %s GROUP BY protocol", OldProtocolRequest::first_counted_day( $now ) ),
			ARRAY_A
		);
		$counts = array();
		foreach ( (array) $rows as $row ) {
			$counts[ (string) $row['protocol'] ] = (int) $row['requests'];
		}
		return $counts;
	}
}
