<?php
/**
 * Licences table (with their tier, for the public answers).
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage;

use Svc\Licensing\Domain\Http\PageNumber;
use Svc\Licensing\Domain\License\LicenseStatus;

/**
 * Reads and writes licences. A licence is looked up by product and keyed hash, never by the key itself.
 */
final class LicenseRepository extends TableRepository {

	/**
	 * An active or trial licence past its expiry (placeholders: the two statuses, then now).
	 */
	private const DUE = 'status IN (%s, %s) AND expires IS NOT NULL AND expires <= %s';
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
	 * The licence of a product with this key hash, with its tier's label and features and, when a site is given,
	 * that site's activation under `activation` (null when the site is not active). One query.
	 *
	 * @param int         $product_id Product.
	 * @param string      $key_hash   Keyed hash of the licence key.
	 * @param string|null $site       Normalised site, or null.
	 * @return array<string, mixed>|null
	 */
	public function find_by_key( int $product_id, string $key_hash, ?string $site = null ): ?array {
		$tiers  = $this->table_name( Tables::TIERS );
		$select = 'SELECT l.*, t.label AS tier_label, t.features AS tier_features';
		$from   = " FROM {$this->table()} l LEFT JOIN {$tiers} t ON t.id = l.tier_id";
		$args   = array();
		if ( null !== $site ) {
			$select .= ', a.id AS a_id, a.site_url AS a_site_url, a.server_fingerprint AS a_server_fingerprint, a.activated_at AS a_activated_at, a.last_checked AS a_last_checked, a.is_staging AS a_is_staging, a.channel AS a_channel, a.pinned_version AS a_pinned_version';
			$from   .= ' LEFT JOIN ' . $this->table_name( Tables::ACTIVATIONS ) . ' a ON a.license_id = l.id AND a.site_url = %s';
			$args[]  = $site;
		}
		$args[] = $key_hash;
		$args[] = $product_id;
		// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- table names from constants, values as placeholders.
		$row = $this->db->get_row( $this->db->prepare( $select . $from . ' WHERE l.key_hash = %s AND l.product_id = %d', $args ), ARRAY_A );
		if ( ! is_array( $row ) ) {
			return null;
		}
		if ( null !== $site ) {
			$row['activation'] = null === $row['a_id'] ? null : array(
				'id'                 => (int) $row['a_id'],
				'license_id'         => (int) $row['id'],
				'site_url'           => (string) $row['a_site_url'],
				'server_fingerprint' => $row['a_server_fingerprint'],
				'activated_at'       => (string) $row['a_activated_at'],
				'last_checked'       => (string) $row['a_last_checked'],
				'is_staging'         => (int) $row['a_is_staging'],
				'channel'            => $row['a_channel'],
				'pinned_version'     => $row['a_pinned_version'],
			);
			foreach ( array( 'a_id', 'a_site_url', 'a_server_fingerprint', 'a_activated_at', 'a_last_checked', 'a_is_staging', 'a_channel', 'a_pinned_version' ) as $column ) {
				unset( $row[ $column ] );
			}
		}
		return self::cast( $row );
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
	 * The page is found on the licence table alone, as ids in the page's order (the primary key, or the status
	 * index for a status filter, both already in id order), and only those ids are joined to product and tier:
	 * joined first, MariaDB drives the join from the one-row products table and sorts every licence to keep 20.
	 * A search (substring LIKE on name and email) has to read every row anyway, so its total comes from the same
	 * pass (SQL_CALC_FOUND_ROWS) instead of a second scan; without a search, COUNT(*) reads an index.
	 *
	 * @param array{status?: string, product_id?: int, search?: string, expires_after?: string, expires_before?: string} $filters  Filters.
	 * @param int                                                                                                        $page     1-based page.
	 * @param int                                                                                                        $per_page Page size.
	 * @param string|null                                                                                                $key_hash Hash of a full key typed as the search, if it is one.
	 * @param array{0: string, 1: string}                                                                                $sort     A SORTABLE key and asc|desc.
	 * @return array{0: array<int, array<string, mixed>>, 1: int} Rows and total.
	 */
	public function page( array $filters, int $page, int $per_page, ?string $key_hash, array $sort = array( 'created_at', 'desc' ) ): array {
		$condition = $this->list_condition( $filters, $key_hash );
		$direction = 'asc' === $sort[1] ? 'ASC' : 'DESC';
		$column    = self::SORTABLE[ $sort[0] ] ?? 'l.id';
		$order     = 'l.id' === $column ? "l.id {$direction}" : "{$column} {$direction}, l.id {$direction}";
		$from      = "{$this->table()} l" . ( 'p.name' === $column ? ' JOIN ' . $this->table_name( Tables::PRODUCTS ) . ' p ON p.id = l.product_id' : '' );
		$search    = isset( $filters['search'] ) && '' !== $filters['search'];
		$ids_of    = 'SELECT ' . ( $search ? 'SQL_CALC_FOUND_ROWS ' : '' ) . "l.id FROM {$from} WHERE {$condition} ORDER BY {$order}";
		if ( $search ) {
			// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- table names from constants, conditions prepared.
			$ids   = $this->db->get_col( $ids_of . $this->db->prepare( ' LIMIT %d OFFSET %d', $per_page, PageNumber::offset( $page, $per_page ) ) );
			$total = (int) $this->db->get_var( 'SELECT FOUND_ROWS()' );
		} else {
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant, conditions prepared.
			$total = (int) $this->db->get_var( "SELECT COUNT(*) FROM {$this->table()} l WHERE {$condition}" );
			$ids   = array_column( $this->page_rows( $ids_of, $total, $page, $per_page ), 'id' );
		}
		if ( array() === $ids ) {
			return array( array(), $total );
		}
		$in = implode( ', ', array_map( 'intval', $ids ) );
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- select() from constants, ids cast to integers.
		$rows = (array) $this->db->get_results( $this->select() . " WHERE l.id IN ({$in}) ORDER BY {$order}", ARRAY_A );
		return array( array_map( array( self::class, 'cast' ), $rows ), $total );
	}

	/**
	 * The admin list's WHERE clause, prepared.
	 *
	 * @param array{status?: string, product_id?: int, search?: string, expires_after?: string, expires_before?: string} $filters  Filters (expiry bounds in storage format, inclusive).
	 * @param string|null                                                                                                $key_hash Hash of a full key typed as the search, if it is one.
	 */
	private function list_condition( array $filters, ?string $key_hash ): string {
		$where = array( '1 = 1' );
		if ( isset( $filters['status'] ) ) {
			$where[] = $this->db->prepare( 'l.status = %s', $filters['status'] );
		}
		if ( isset( $filters['product_id'] ) ) {
			$where[] = $this->db->prepare( 'l.product_id = %d', $filters['product_id'] );
		}
		if ( isset( $filters['expires_after'] ) ) {
			$where[] = $this->db->prepare( 'l.expires IS NOT NULL AND l.expires >= %s', $filters['expires_after'] );
		}
		if ( isset( $filters['expires_before'] ) ) {
			$where[] = $this->db->prepare( 'l.expires IS NOT NULL AND l.expires <= %s', $filters['expires_before'] );
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
		return implode( ' AND ', $where );
	}

	/**
	 * How many licences the admin list's filters find, per stored status (the list's status filter compares the
	 * same column). The status filter itself is ignored: the counts are those of the list's status views.
	 *
	 * @param array{status?: string, product_id?: int, search?: string, expires_after?: string, expires_before?: string} $filters  Filters.
	 * @param string|null                                                                                                $key_hash Hash of a full key typed as the search, if it is one.
	 * @return array<string, int> Status => count, only the statuses that occur.
	 */
	public function status_counts( array $filters, ?string $key_hash ): array {
		unset( $filters['status'] );
		$condition = $this->list_condition( $filters, $key_hash );
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant, conditions prepared.
		$rows   = (array) $this->db->get_results( "SELECT l.status AS status, COUNT(*) AS n FROM {$this->table()} l WHERE {$condition} GROUP BY l.status", ARRAY_A );
		$counts = array();
		foreach ( $rows as $row ) {
			$counts[ (string) $row['status'] ] = (int) $row['n'];
		}
		return $counts;
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
	 * Erases a customer's personal data from their licences: name, email and trial email cleared, the key hash
	 * replaced by a hash of itself so the key stops working while the record stays. Core\Erasure calls it inside
	 * its transaction, after ActivationRepository has deleted the licences' activations.
	 *
	 * @param string $email Normalised email.
	 * @return int Licences erased.
	 */
	public function erase_customer( string $email ): int {
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
		return count( $rows );
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
	 * Ends a licence: its status (a revoked one stays revoked when asked) and no sites in use. The caller removes
	 * the activations in the same transaction.
	 *
	 * @param int    $id           Licence.
	 * @param string $status       LicenseStatus::CANCELLED or REVOKED.
	 * @param bool   $keep_revoked Whether a revoked licence keeps that status.
	 */
	public function end( int $id, string $status, bool $keep_revoked ): void {
		$this->db->query(
			$this->db->prepare(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
				"UPDATE {$this->table()} SET status = CASE WHEN %d = 1 AND status = %s THEN status ELSE %s END, activation_count = 0, updated_at = %s WHERE id = %d",
				$keep_revoked ? 1 : 0,
				LicenseStatus::REVOKED,
				$status,
				gmdate( 'Y-m-d H:i:s' ),
				$id
			)
		);
	}

	/**
	 * Renews a paid licence: the later of its expiry and the new one (null: lifetime), and active again unless
	 * it was revoked or cancelled.
	 *
	 * @param int         $id      Licence.
	 * @param string|null $expires New expiry in storage format, or null for lifetime.
	 * @return bool Whether the expiry or the status changed (a late or repeated invoice changes nothing).
	 */
	public function renew( int $id, ?string $expires ): bool {
		$expiry  = null === $expires
			? 'NULL'
			: $this->db->prepare( 'CASE WHEN expires IS NULL OR expires >= %s THEN expires ELSE %s END', $expires, $expires );
		$extends = null === $expires ? 'expires IS NOT NULL' : $this->db->prepare( '(expires IS NOT NULL AND expires < %s)', $expires );
		return 1 === $this->db->query(
			$this->db->prepare(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant, expiry prepared above.
				"UPDATE {$this->table()} SET expires = {$expiry}, status = CASE WHEN status IN (%s, %s) THEN status ELSE %s END, updated_at = %s WHERE id = %d AND ({$extends} OR status NOT IN (%s, %s, %s))",
				LicenseStatus::REVOKED,
				LicenseStatus::CANCELLED,
				LicenseStatus::ACTIVE,
				gmdate( 'Y-m-d H:i:s' ),
				$id,
				LicenseStatus::REVOKED,
				LicenseStatus::CANCELLED,
				LicenseStatus::ACTIVE
			)
		);
	}

	/**
	 * The active or trial licences whose expiry has passed.
	 *
	 * @param string $at Now, storage format.
	 * @return int[]
	 */
	public function due_ids( string $at ): array {
		return array_map(
			'intval',
			(array) $this->db->get_col(
				$this->db->prepare(
					// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
					"SELECT id FROM {$this->table()} WHERE " . self::DUE . ' ORDER BY id',
					LicenseStatus::ACTIVE,
					LicenseStatus::TRIAL,
					$at
				)
			)
		);
	}

	/**
	 * Marks a licence expired if it still is active or trial and past its expiry (the database decides).
	 *
	 * @param int    $id Licence.
	 * @param string $at Now, storage format.
	 * @return bool Whether it was expired now.
	 */
	public function expire( int $id, string $at ): bool {
		return 1 === $this->db->query(
			$this->db->prepare(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
				"UPDATE {$this->table()} SET status = %s, updated_at = %s WHERE id = %d AND " . self::DUE,
				LicenseStatus::EXPIRED,
				$at,
				$id,
				LicenseStatus::ACTIVE,
				LicenseStatus::TRIAL,
				$at
			)
		);
	}

	/**
	 * Takes one of the licence's activation slots if one is free. The database decides, so two requests can
	 * never both take the last slot.
	 *
	 * @param int $id Licence.
	 * @return bool Whether a slot was taken.
	 */
	public function claim_slot( int $id ): bool {
		return 1 === $this->db->query(
			$this->db->prepare(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
				"UPDATE {$this->table()} SET activation_count = activation_count + 1 WHERE id = %d AND activation_count < activation_limit",
				$id
			)
		);
	}

	/**
	 * Takes the licence row's write lock until the surrounding transaction ends: an UPDATE that changes nothing
	 * still locks the row in InnoDB, and takes SQLite's write lock. So a check that counts first and writes after
	 * (the portal's monthly self-serve releases) runs one request at a time per licence, across web nodes too.
	 *
	 * @param int $id Licence id.
	 */
	public function lock( int $id ): void {
		$this->db->query(
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
			$this->db->prepare( "UPDATE {$this->table()} SET activation_count = activation_count WHERE id = %d", $id )
		);
	}

	/**
	 * Gives one activation slot back.
	 *
	 * @param int $id Licence.
	 */
	public function release_slot( int $id ): void {
		$this->db->query(
			$this->db->prepare(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
				"UPDATE {$this->table()} SET activation_count = activation_count - 1 WHERE id = %d AND activation_count > 0",
				$id
			)
		);
	}

	/**
	 * Deletes a licence row. The caller removes its activations in the same transaction.
	 *
	 * @param int $id Licence.
	 */
	public function delete( int $id ): void {
		$this->db->delete( $this->table(), array( 'id' => $id ) );
	}

	/**
	 * The licence a payment subscription bought at a price, if any.
	 *
	 * @param string $subscription Processor subscription id (or invoice:<id> for one-off payments).
	 * @param int    $price_id     Price.
	 * @return array{id: int, status: string}|null
	 */
	public function of_subscription_price( string $subscription, int $price_id ): ?array {
		$row = $this->db->get_row(
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
			$this->db->prepare( "SELECT id, status FROM {$this->table()} WHERE processor_subscription_id = %s AND price_id = %d", $subscription, $price_id ),
			ARRAY_A
		);
		return is_array( $row ) ? array(
			'id'     => (int) $row['id'],
			'status' => (string) $row['status'],
		) : null;
	}

	/**
	 * Ids of every licence of a subscription.
	 *
	 * @param string $subscription Processor subscription id.
	 * @return array<int, int>
	 */
	public function ids_of_subscription( string $subscription ): array {
		return array_map(
			'intval',
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
			(array) $this->db->get_col( $this->db->prepare( "SELECT id FROM {$this->table()} WHERE processor_subscription_id = %s", $subscription ) )
		);
	}

	/**
	 * Which of these key hashes a licence already holds (the import refuses those keys before it writes).
	 *
	 * @param string[] $hashes Keyed hashes.
	 * @return list<string> The ones in use.
	 */
	public function hashes_in_use( array $hashes ): array {
		$found = array();
		foreach ( array_chunk( $hashes, 500 ) as $chunk ) {
			$marks = implode( ', ', array_fill( 0, count( $chunk ), '%s' ) );
			// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared,WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant, values as placeholders.
			$found = array_merge( $found, array_map( 'strval', $this->db->get_col( $this->db->prepare( "SELECT key_hash FROM {$this->table()} WHERE key_hash IN ({$marks})", $chunk ) ) ) );
		}
		return $found;
	}

	/**
	 * Sets each licence's count of sites in use from its activations that are not staging (a move-in brings the
	 * old system's activations as they were, more than the limit included).
	 *
	 * @param int[] $ids Licences.
	 */
	public function recount_activations( array $ids ): void {
		$activations = $this->table_name( Tables::ACTIVATIONS );
		foreach ( array_chunk( array_values( array_unique( $ids ) ), 500 ) as $chunk ) {
			$marks = implode( ', ', array_fill( 0, count( $chunk ), '%d' ) );
			$this->db->query(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared,WordPress.DB.PreparedSQL.NotPrepared -- table names from constants, values as placeholders.
				$this->db->prepare( "UPDATE {$this->table()} SET activation_count = (SELECT COUNT(*) FROM {$activations} WHERE {$activations}.license_id = {$this->table()}.id AND {$activations}.is_staging = 0) WHERE id IN ({$marks})", $chunk )
			);
		}
	}

	/**
	 * Which licence holds each of these key hashes (a move-in tells its own earlier rows from another licence).
	 *
	 * @param string[] $hashes Keyed hashes.
	 * @return array<string, int> Licence id by hash, for the hashes in use.
	 */
	public function holders( array $hashes ): array {
		$found = array();
		foreach ( array_chunk( array_values( array_unique( $hashes ) ), 500 ) as $chunk ) {
			$marks = implode( ', ', array_fill( 0, count( $chunk ), '%s' ) );
			// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared,WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant, values as placeholders.
			$rows = (array) $this->db->get_results( $this->db->prepare( "SELECT id, key_hash FROM {$this->table()} WHERE key_hash IN ({$marks})", $chunk ), ARRAY_A );
			foreach ( $rows as $row ) {
				$found[ (string) $row['key_hash'] ] = (int) $row['id'];
			}
		}
		return $found;
	}

	/**
	 * The parent licence of each of these licences.
	 *
	 * @param int[] $ids Licences.
	 * @return array<int, int|null> Parent (or null) by licence.
	 */
	public function parents( array $ids ): array {
		$found = array();
		foreach ( array_chunk( array_values( array_unique( $ids ) ), 500 ) as $chunk ) {
			$marks = implode( ', ', array_fill( 0, count( $chunk ), '%d' ) );
			// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared,WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant, values as placeholders.
			$rows = (array) $this->db->get_results( $this->db->prepare( "SELECT id, parent_id FROM {$this->table()} WHERE id IN ({$marks})", $chunk ), ARRAY_A );
			foreach ( $rows as $row ) {
				$found[ (int) $row['id'] ] = null === $row['parent_id'] ? null : (int) $row['parent_id'];
			}
		}
		return $found;
	}

	/**
	 * Inserts a licence unless a UNIQUE key already holds one (a paid subscription's, a trial's email).
	 *
	 * @param array<string, mixed> $fields Column values.
	 * @return int|null New id, or null when the row existed.
	 */
	public function create_unless_exists( array $fields ): ?int {
		return $this->insert_ignore_timestamped( Tables::LICENSES, $fields );
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
		foreach ( array( 'tier_id', 'price_id', 'parent_id' ) as $column ) {
			$row[ $column ] = null === ( $row[ $column ] ?? null ) ? null : (int) $row[ $column ];
		}
		$row['is_trial'] = (bool) (int) $row['is_trial'];
		return $row;
	}
}
