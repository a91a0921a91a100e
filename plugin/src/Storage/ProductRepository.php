<?php
/**
 * Products table.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage;

/**
 * Reads and writes products. Rows come back as arrays with integer and boolean columns cast.
 */
final class ProductRepository extends TableRepository {


	/**
	 * Table name.
	 */
	private function table(): string {
		return $this->table_name( Tables::PRODUCTS );
	}

	/**
	 * A product by its slug.
	 *
	 * @param string $slug Slug.
	 * @return array<string, mixed>|null
	 */
	public function find_by_slug( string $slug ): ?array {
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
		$row = $this->db->get_row( $this->db->prepare( "SELECT * FROM {$this->table()} WHERE slug = %s", $slug ), ARRAY_A );
		return is_array( $row ) ? self::cast( $row ) : null;
	}

	/**
	 * Inserts a product.
	 *
	 * @param array<string, mixed> $fields Column values; name and slug are required.
	 * @return int New id.
	 */
	public function create( array $fields ): int {
		return $this->insert_timestamped( Tables::PRODUCTS, array_merge( array( 'description' => '' ), $fields ) );
	}

	/**
	 * Casts a row's numeric and boolean columns.
	 *
	 * @param array<string, mixed> $row Row.
	 * @return array<string, mixed>
	 */
	private static function cast( array $row ): array {
		foreach ( array( 'id', 'trial_days', 'trial_activation_limit' ) as $column ) {
			$row[ $column ] = (int) $row[ $column ];
		}
		foreach ( array( 'is_active', 'trial_enabled' ) as $column ) {
			$row[ $column ] = (bool) (int) $row[ $column ];
		}
		return $row;
	}
}
