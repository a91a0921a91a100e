<?php
/**
 * Schema step 19: the old clients' protocols' requests, counted per protocol per day.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage\Migrations;

use Svc\Licensing\Storage\Migration;
use Svc\Licensing\Storage\Tables;

/**
 * One row per old protocol (edd-sl, slm) and UTC day (YYYY-MM-DD) with the requests it answered that day
 * (ProtocolRequestRepository, the only writer: one upsert per request, the database adds). Site Health sums the
 * last 30 days; older rows are swept by the same writer.
 */
final class CreateProtocolRequests implements Migration {

	/**
	 * Schema version.
	 */
	public function version(): int {
		return 19;
	}

	/**
	 * SQL.
	 *
	 * @param string $prefix          Table prefix.
	 * @param string $charset_collate Charset clause.
	 * @return string[]
	 */
	public function statements( string $prefix, string $charset_collate ): array {
		$table = $prefix . Tables::PROTOCOL_REQUESTS;
		return array(
			"CREATE TABLE IF NOT EXISTS {$table} (
				protocol VARCHAR(20) NOT NULL,
				day DATE NOT NULL,
				requests BIGINT UNSIGNED NOT NULL DEFAULT 0,
				PRIMARY KEY  (protocol, day)
			) {$charset_collate}",
		);
	}
}
