<?php
/**
 * API keys table.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage;

use Svc\Licensing\Domain\ApiKey\ApiKeyToken;

/**
 * Stores keys by hash; the full key exists only in the answer that created it.
 */
final class ApiKeyRepository extends TableRepository {

	/**
	 * Creates a key.
	 *
	 * @param string   $label       Label.
	 * @param string   $permissions read, write or admin.
	 * @param int|null $product_id  Scope, null for every product.
	 * @return array{id: int, api_key: string}
	 */
	public function create( string $label, string $permissions, ?int $product_id ): array {
		$key    = ApiKeyToken::generate();
		$fields = array(
			'label'       => $label,
			'key_hash'    => ApiKeyToken::hash( $key ),
			'key_prefix'  => ApiKeyToken::prefix( $key ),
			'permissions' => $permissions,
		);
		if ( null !== $product_id ) {
			$fields['product_id'] = $product_id;
		}
		return array(
			'id'      => $this->insert_timestamped( Tables::API_KEYS, $fields ),
			'api_key' => $key,
		);
	}

	/**
	 * Keys, newest first; revoked ones only when asked; optionally only those of one product.
	 *
	 * @param bool     $include_revoked Include revoked keys.
	 * @param int|null $product_id      Only keys scoped to this product.
	 * @return array<int, array<string, mixed>>
	 */
	public function all( bool $include_revoked, ?int $product_id ): array {
		$where = array( '1 = 1' );
		if ( ! $include_revoked ) {
			$where[] = 'is_active = 1';
		}
		if ( null !== $product_id ) {
			$where[] = $this->db->prepare( 'product_id = %d', $product_id );
		}
		$condition = implode( ' AND ', $where );
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant, conditions prepared above.
		$rows = $this->db->get_results( "SELECT * FROM {$this->table_name( Tables::API_KEYS )} WHERE {$condition} ORDER BY id DESC", ARRAY_A );
		return array_map( array( self::class, 'cast' ), (array) $rows );
	}

	/**
	 * A key by id, revoked or not.
	 *
	 * @param int $id Key.
	 * @return array<string, mixed>|null
	 */
	public function find( int $id ): ?array {
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
		$row = $this->db->get_row( $this->db->prepare( "SELECT * FROM {$this->table_name( Tables::API_KEYS )} WHERE id = %d", $id ), ARRAY_A );
		return is_array( $row ) ? self::cast( $row ) : null;
	}

	/**
	 * Casts a row's numeric columns.
	 *
	 * @param array<string, mixed> $row Row.
	 * @return array<string, mixed>
	 */
	private static function cast( array $row ): array {
		$row['id']         = (int) $row['id'];
		$row['is_active']  = (int) $row['is_active'];
		$row['product_id'] = null === $row['product_id'] ? null : (int) $row['product_id'];
		return $row;
	}

	/**
	 * The usable key with this hash, or null (unknown or revoked).
	 *
	 * @param string $key_hash SHA-256 of the presented key.
	 * @return array<string, mixed>|null
	 */
	public function find_usable( string $key_hash ): ?array {
		$row = $this->db->get_row(
			$this->db->prepare(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
				"SELECT * FROM {$this->table_name( Tables::API_KEYS )} WHERE key_hash = %s AND is_active = 1",
				$key_hash
			),
			ARRAY_A
		);
		return is_array( $row ) ? self::cast( $row ) : null;
	}

	/**
	 * Records a successful use.
	 *
	 * @param int $id Key.
	 */
	public function touch( int $id ): void {
		$this->db->update( $this->table_name( Tables::API_KEYS ), array( 'last_used_at' => gmdate( 'Y-m-d H:i:s' ) ), array( 'id' => $id ) );
	}

	/**
	 * Revokes a key for good.
	 *
	 * @param int $id Key.
	 * @return bool Whether a usable key was revoked.
	 */
	public function revoke( int $id ): bool {
		return 1 === $this->db->update(
			$this->table_name( Tables::API_KEYS ),
			array(
				'is_active'  => 0,
				'updated_at' => gmdate( 'Y-m-d H:i:s' ),
			),
			array(
				'id'        => $id,
				'is_active' => 1,
			)
		);
	}
}
