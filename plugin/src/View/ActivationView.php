<?php
/**
 * An activation as the admin API shows it.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\View;

use Svc\Licensing\Domain\IsoTime;

/**
 * The admin API's activation object, which `GET /admin/licenses/{id}/activations` and `wp svc activation list`
 * both show.
 */
final class ActivationView {

	/**
	 * An activation row as the admin API shows it.
	 *
	 * @param array<string, mixed> $row Row.
	 * @return array<string, mixed>
	 */
	public static function present( array $row ): array {
		return array(
			'id'                 => (int) $row['id'],
			'site_url'           => (string) $row['site_url'],
			'server_fingerprint' => null === $row['server_fingerprint'] ? null : (string) $row['server_fingerprint'],
			'activated_at'       => IsoTime::from_storage( $row['activated_at'] ),
			'last_checked'       => IsoTime::from_storage( $row['last_checked'] ),
			'is_staging'         => 1 === (int) ( $row['is_staging'] ?? 0 ),
			'channel'            => isset( $row['channel'] ) ? (string) $row['channel'] : null,
			'pinned_version'     => isset( $row['pinned_version'] ) ? (string) $row['pinned_version'] : null,
		);
	}
}
