<?php
/**
 * An API key as the admin API shows it.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\View;

use Svc\Licensing\Domain\IsoTime;

/**
 * The admin API's key object, which `GET /admin/api-keys` and `wp svc key list` both show: never the key or its
 * hash, only its prefix.
 */
final class ApiKeyView {

	/**
	 * A key row as the admin API shows it.
	 *
	 * @param array<string, mixed> $row Row.
	 * @return array<string, mixed>
	 */
	public static function present( array $row ): array {
		return array(
			'id'           => (int) $row['id'],
			'label'        => (string) $row['label'],
			'key_prefix'   => (string) $row['key_prefix'],
			'permissions'  => (string) $row['permissions'],
			'product_id'   => null === $row['product_id'] ? null : (int) $row['product_id'],
			'last_used_at' => IsoTime::from_storage( $row['last_used_at'] ),
			'is_active'    => (int) $row['is_active'], // 0 or 1, as the spec's API key object has it.
			'created_at'   => IsoTime::from_storage( $row['created_at'] ),
		);
	}
}
