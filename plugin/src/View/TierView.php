<?php
/**
 * A tier as the admin API shows it.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\View;

use Svc\Licensing\Domain\IsoTime;

/**
 * The admin API's tier object, which `GET|POST|PUT|DELETE /admin/tiers` show: its features decoded.
 */
final class TierView {

	/**
	 * A tier row as the admin API shows it.
	 *
	 * @param array<string, mixed> $row Row of svc_tiers.
	 * @return array<string, mixed>
	 */
	public static function present( array $row ): array {
		$features = json_decode( (string) $row['features'], true );
		return array(
			'id'         => (int) $row['id'],
			'label'      => (string) $row['label'],
			'features'   => is_array( $features ) ? $features : array(),
			'created_at' => IsoTime::from_storage( $row['created_at'] ),
		);
	}
}
