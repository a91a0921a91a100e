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
	 * The oldest product with this exact name (EDD SL's clients may name their item by its name).
	 *
	 * @param string $name Name.
	 * @return array<string, mixed>|null
	 */
	public function find_by_name( string $name ): ?array {
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
		$row = $this->db->get_row( $this->db->prepare( "SELECT * FROM {$this->table()} WHERE name = %s ORDER BY id LIMIT 1", $name ), ARRAY_A );
		return is_array( $row ) ? self::cast( $row ) : null;
	}

	/**
	 * A product by its name as EDD SL matches an item_name: the same title once both go through sanitize_title()
	 * (case, accents, spaces and punctuation do not count). The exact name first, else the
	 * products' names are compared (a seller has tens of products, not millions); the oldest match wins.
	 *
	 * @param string $name Name as the old client sent it, decoded.
	 * @return array<string, mixed>|null
	 */
	public function find_by_title( string $name ): ?array {
		$exact = $this->find_by_name( $name );
		$title = sanitize_title( $name );
		if ( null !== $exact || '' === $title ) {
			return $exact;
		}
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
		foreach ( (array) $this->db->get_results( "SELECT id, name FROM {$this->table()} ORDER BY id", ARRAY_A ) as $row ) {
			if ( sanitize_title( (string) $row['name'] ) === $title ) {
				return $this->find( (int) $row['id'] );
			}
		}
		return null;
	}

	/**
	 * A product by id.
	 *
	 * @param int $id Id.
	 * @return array<string, mixed>|null
	 */
	public function find( int $id ): ?array {
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
		$row = $this->db->get_row( $this->db->prepare( "SELECT * FROM {$this->table()} WHERE id = %d", $id ), ARRAY_A );
		return is_array( $row ) ? self::cast( $row ) : null;
	}

	/**
	 * One page of products, newest first, optionally only one product (an API key's scope).
	 *
	 * @param int      $page     1-based page.
	 * @param int      $per_page Page size.
	 * @param int|null $only_id  Limit to this product.
	 * @return array{0: array<int, array<string, mixed>>, 1: int} Rows and total.
	 */
	public function page( int $page, int $per_page, ?int $only_id ): array {
		$where = null === $only_id ? '1 = 1' : $this->db->prepare( 'id = %d', $only_id );
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant, $where prepared above.
		$total = (int) $this->db->get_var( "SELECT COUNT(*) FROM {$this->table()} WHERE {$where}" );
		$rows  = $this->page_rows( "SELECT * FROM {$this->table()} WHERE {$where} ORDER BY id DESC", $total, $page, $per_page );
		return array( array_map( array( self::class, 'cast' ), $rows ), $total );
	}

	/**
	 * Inserts a product unless its slug is taken (the UNIQUE index decides).
	 *
	 * @param array<string, mixed> $fields Column values; name and slug required.
	 * @return int|null New id, or null when the slug exists.
	 */
	public function create_unique( array $fields ): ?int {
		return $this->insert_ignore_timestamped( Tables::PRODUCTS, array_merge( array( 'description' => '' ), $fields ) );
	}

	/**
	 * Changes the given columns.
	 *
	 * @param int                  $id     Product.
	 * @param array<string, mixed> $fields Columns to change.
	 * @return bool False when the change broke the UNIQUE slug.
	 */
	public function update( int $id, array $fields ): bool {
		return $this->update_row( Tables::PRODUCTS, $id, $fields );
	}

	/**
	 * A product's current version, or null when it has none.
	 *
	 * @param int $id Product.
	 */
	public function current_version( int $id ): ?string {
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
		$version = $this->db->get_var( $this->db->prepare( "SELECT current_version FROM {$this->table()} WHERE id = %d", $id ) );
		return null === $version || '' === $version ? null : (string) $version;
	}

	/**
	 * Makes a version the product's current one (Core\Releases publishes a release with it, in one transaction).
	 *
	 * @param int    $id      Product.
	 * @param string $version Version.
	 */
	public function set_current_version( int $id, string $version ): void {
		$this->db->query(
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
			$this->db->prepare( "UPDATE {$this->table()} SET current_version = %s, updated_at = %s WHERE id = %d", $version, gmdate( 'Y-m-d H:i:s' ), $id )
		);
	}

	/**
	 * Deletes a product that has no licences, in one statement, so a licence created meanwhile blocks it.
	 *
	 * @param int $id Product.
	 * @return bool Whether it was deleted.
	 */
	public function delete_unlicensed( int $id ): bool {
		$licenses = $this->table_name( Tables::LICENSES );
		$deleted  = $this->db->query(
			$this->db->prepare(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table names from constants.
				"DELETE FROM {$this->table()} WHERE id = %d AND NOT EXISTS (SELECT 1 FROM {$licenses} WHERE product_id = %d)",
				$id,
				$id
			)
		);
		return 1 === $deleted;
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
