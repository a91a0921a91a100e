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

	/**
	 * A new key as its creation answers it (`POST /admin/api-keys` and `wp svc key create`): the full key, shown
	 * this once, beside the key object's identifying fields.
	 *
	 * @param array<string, mixed> $row     The new key's row.
	 * @param string               $api_key The full key.
	 * @return array<string, mixed>
	 */
	public static function created( array $row, string $api_key ): array {
		$key = self::present( $row );
		return array(
			'id'          => $key['id'],
			'label'       => $key['label'],
			'api_key'     => $api_key,
			'key_prefix'  => $key['key_prefix'],
			'permissions' => $key['permissions'],
			'product_id'  => $key['product_id'],
			'created_at'  => $key['created_at'],
		);
	}
}
