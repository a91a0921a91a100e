<?php
/**
 * Licences table (with their tier, for the public answers).
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage;

/**
 * Reads and writes licences. A licence is looked up by product and keyed hash, never by the key itself.
 */
final class LicenseRepository extends TableRepository {
	/**
	 * Sort keys of the admin list => column; the id breaks ties so pages never overlap.
	 */
	public const SORTABLE = array(
		'created_at'     => 'l.id',
		'expires'        => 'l.expires',
		'status'         => 'l.status',
		'customer_email' => 'l.customer_email',
		'customer_name'  => 'l.customer_name',
		'product_name'   => 'p.name',
		'activations'    => 'l.activation_count',
	);


	/**
	 * Table name.
	 */
	public function table(): string {
		return $this->table_name( Tables::LICENSES );
	}

	/**
	 * The licence of a product with this key hash, with its tier's label and features.
	 *
	 * @param int    $product_id Product.
	 * @param string $key_hash   Keyed hash of the licence key.
	 * @return array<string, mixed>|null
	 */
	public function find_by_key( int $product_id, string $key_hash ): ?array {
		$tiers = $this->table_name( Tables::TIERS );
		$row   = $this->db->get_row(
			$this->db->prepare(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table names from constants.
				"SELECT l.*, t.label AS tier_label, t.features AS tier_features FROM {$this->table()} l LEFT JOIN {$tiers} t ON t.id = l.tier_id WHERE l.key_hash = %s AND l.product_id = %d",
				$key_hash,
				$product_id
			),
			ARRAY_A
		);
		return is_array( $row ) ? self::cast( $row ) : null;
	}

	/**
	 * The SELECT of a licence with its product name and tier.
	 */
	private function select(): string {
		$products = $this->table_name( Tables::PRODUCTS );
		$tiers    = $this->table_name( Tables::TIERS );
		return "SELECT l.*, p.name AS product_name, t.label AS tier_label, t.features AS tier_features FROM {$this->table()} l "
			. "JOIN {$products} p ON p.id = l.product_id LEFT JOIN {$tiers} t ON t.id = l.tier_id";
	}

	/**
	 * A licence by id.
	 *
	 * @param int $id Licence.
	 * @return array<string, mixed>|null
	 */
	public function find( int $id ): ?array {
		// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- select() is built from constants.
		$row = $this->db->get_row( $this->db->prepare( $this->select() . ' WHERE l.id = %d', $id ), ARRAY_A );
		return is_array( $row ) ? self::cast( $row ) : null;
	}

	/**
	 * One page of licences, newest first.
	 *
	 * @param array{status?: string, product_id?: int, search?: string} $filters  Filters.
	 * @param int                                                       $page     1-based page.
	 * @param int                                                       $per_page Page size.
	 * @param string|null                                               $key_hash Hash of a full key typed as the search, if it is one.
	 * @param array{0: string, 1: string}                               $sort     A SORTABLE key and asc|desc.
	 * @return array{0: array<int, array<string, mixed>>, 1: int} Rows and total.
	 */
	public function page( array $filters, int $page, int $per_page, ?string $key_hash, array $sort = array( 'created_at', 'desc' ) ): array {
		$where = array( '1 = 1' );
		if ( isset( $filters['status'] ) ) {
			$where[] = $this->db->prepare( 'l.status = %s', $filters['status'] );
		}
		if ( isset( $filters['product_id'] ) ) {
			$where[] = $this->db->prepare( 'l.product_id = %d', $filters['product_id'] );
		}
		if ( isset( $filters['search'] ) && '' !== $filters['search'] ) {
			$like     = '%' . $this->db->esc_like( $filters['search'] ) . '%';
			$fragment = strtoupper( str_replace( '-', '', $filters['search'] ) );
			$either   = array(
				$this->db->prepare( 'l.customer_name LIKE %s', $like ),
				$this->db->prepare( 'l.customer_email LIKE %s', $like ),
			);
			if ( 1 === preg_match( '/^[A-Z0-9]{1,4}$/', $fragment ) ) {
				$either[] = $this->db->prepare( 'l.key_first LIKE %s', $this->db->esc_like( $fragment ) . '%' );
				$either[] = $this->db->prepare( 'l.key_last LIKE %s', '%' . $this->db->esc_like( $fragment ) );
			}
			if ( null !== $key_hash ) {
				$either[] = $this->db->prepare( 'l.key_hash = %s', $key_hash );
			}
			$where[] = '(' . implode( ' OR ', $either ) . ')';
		}
		$condition = implode( ' AND ', $where );
		$direction = 'asc' === $sort[1] ? 'ASC' : 'DESC';
		$column    = self::SORTABLE[ $sort[0] ] ?? 'l.id';
		$order     = 'l.id' === $column ? "l.id {$direction}" : "{$column} {$direction}, l.id {$direction}";
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant, conditions prepared above.
		$total = (int) $this->db->get_var( "SELECT COUNT(*) FROM {$this->table()} l WHERE {$condition}" );
		$rows  = $this->page_rows( $this->select() . " WHERE {$condition} ORDER BY {$order}", $total, $page, $per_page );
		return array( array_map( array( self::class, 'cast' ), $rows ), $total );
	}

	/**
	 * Every licence of a customer email, with product name and activation count.
	 *
	 * @param string $email Normalised email.
	 * @return array<int, array<string, mixed>>
	 */
	public function of_customer( string $email ): array {
		$activations = $this->table_name( Tables::ACTIVATIONS );
		return array_map(
			array( self::class, 'cast' ),
			(array) $this->db->get_results(
				$this->db->prepare(
					// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- select() and table names from constants.
					"SELECT x.*, (SELECT COUNT(*) FROM {$activations} a WHERE a.license_id = x.id) AS activations FROM (" . $this->select() . ' WHERE l.customer_email = %s) x ORDER BY x.id',
					$email
				),
				ARRAY_A
			)
		);
	}

	/**
	 * Erases a customer's personal data from their licences in one transaction: name, email and trial email
	 * cleared, activations (site URLs) deleted, the key hash replaced by a hash of itself so the key stops
	 * working while the record stays.
	 *
	 * @param string $email Normalised email.
	 * @return array{licenses: int, activations: int}
	 */
	public function erase_customer( string $email ): array {
		$activations = $this->table_name( Tables::ACTIVATIONS );
		$this->db->query( 'START TRANSACTION' );
		$removed = (int) $this->db->query(
			$this->db->prepare(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table names from constants.
				"DELETE FROM {$activations} WHERE license_id IN (SELECT id FROM {$this->table()} WHERE customer_email = %s)",
				$email
			)
		);
		$rows = (array) $this->db->get_results( $this->db->prepare( "SELECT id, key_hash FROM {$this->table()} WHERE customer_email = %s", $email ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
		foreach ( $rows as $row ) {
			$this->db->update(
				$this->table(),
				array(
					'customer_name'    => '',
					'customer_email'   => '',
					'trial_email'      => null,
					'key_hash'         => hash( 'sha256', 'erased|' . $row['key_hash'] ),
					'activation_count' => 0,
					'updated_at'       => gmdate( 'Y-m-d H:i:s' ),
				),
				array( 'id' => (int) $row['id'] )
			);
		}
		$this->db->query( 'COMMIT' );
		return array(
			'licenses'    => count( $rows ),
			'activations' => $removed,
		);
	}

	/**
	 * Changes the given columns.
	 *
	 * @param int                  $id     Licence.
	 * @param array<string, mixed> $fields Columns.
	 */
	public function update( int $id, array $fields ): void {
		$this->db->update( $this->table(), array_merge( $fields, array( 'updated_at' => gmdate( 'Y-m-d H:i:s' ) ) ), array( 'id' => $id ) );
	}

	/**
	 * Cancels a licence: status cancelled, every activation removed, slots freed; one transaction.
	 *
	 * @param int $id Licence.
	 */
	public function cancel( int $id ): void {
		$this->db->query( 'START TRANSACTION' );
		$this->db->delete( $this->table_name( Tables::ACTIVATIONS ), array( 'license_id' => $id ) );
		$this->update(
			$id,
			array(
				'status'           => 'cancelled',
				'activation_count' => 0,
			)
		);
		$this->db->query( 'COMMIT' );
	}

	/**
	 * Deletes a licence and its activations for good; one transaction.
	 *
	 * @param int $id Licence.
	 */
	public function delete( int $id ): void {
		$this->db->query( 'START TRANSACTION' );
		$this->db->delete( $this->table_name( Tables::ACTIVATIONS ), array( 'license_id' => $id ) );
		$this->db->delete( $this->table(), array( 'id' => $id ) );
		$this->db->query( 'COMMIT' );
	}

	/**
	 * Inserts a licence.
	 *
	 * @param array<string, mixed> $fields Column values.
	 * @return int New id.
	 */
	public function create( array $fields ): int {
		return $this->insert_timestamped( Tables::LICENSES, $fields );
	}

	/**
	 * Inserts a trial licence unless this email already had a trial of this product
	 * (UNIQUE product_id + trial_email decides, also between parallel requests).
	 *
	 * @param array<string, mixed> $fields Column values, trial_email included.
	 * @return bool Whether the trial was created.
	 */
	public function create_trial( array $fields ): bool {
		return null !== $this->insert_ignore_timestamped( Tables::LICENSES, $fields );
	}

	/**
	 * Casts a row's numeric and boolean columns.
	 *
	 * @param array<string, mixed> $row Row.
	 * @return array<string, mixed>
	 */
	private static function cast( array $row ): array {
		foreach ( array( 'id', 'product_id', 'activation_limit', 'activation_count' ) as $column ) {
			$row[ $column ] = (int) $row[ $column ];
		}
		if ( isset( $row['activations'] ) ) {
			$row['activations'] = (int) $row['activations'];
		}
		foreach ( array( 'tier_id', 'price_id' ) as $column ) {
			$row[ $column ] = null === $row[ $column ] ? null : (int) $row[ $column ];
		}
		$row['is_trial'] = (bool) (int) $row['is_trial'];
		return $row;
	}
}
