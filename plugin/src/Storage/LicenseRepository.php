<?php
/**
 * Licences table (with their tier, for the public answers).
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage;

use Svc\Licensing\Domain\Http\ListCursor;
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
	 * A search stops at this many matches (per way it searches); the total then says this many, not exact.
	 */
	public const SEARCH_CAP = 10000;

	/**
	 * A search looks inside names and emails (a scan) only on a table of at most this many licences.
	 */
	public const SCAN_MAX = 100000;

	/**
	 * The summaries, made when first needed.
	 *
	 * @var LicenseCounts|null
	 */
	private $counts;
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
	 * One page of licences, in the list's order (newest first by default), and how many the filters find.
	 *
	 * Nothing here reads every row (docs/scale.md):
	 * - The page is found on the licence table alone, as ids in the page's order, and only those ids are joined to
	 *   product and tier. After a cursor it starts right after the cursor's row (a keyset page: page 5,000 costs
	 *   what page 1 costs). A page number past the middle is read from the other end, so the last page is as cheap
	 *   as the first; only the middle of a huge list pays for its offset.
	 * - The total without a search or an expiry filter is the summary's (LicenseCounts: per product and status,
	 *   kept by the database as rows change).
	 * - A search first finds at most SEARCH_CAP + 1 matching ids through indexes (search_ids()); the page, the
	 *   total and the status counts are then taken among those ids by primary key. More matches than the cap:
	 *   the total says SEARCH_CAP and is not exact, so the panel says "10,000+" and asks for a longer search.
	 * - An expiry filter counts its matches up to the cap the same way.
	 *
	 * @param array{status?: string, product_id?: int, search?: string, expires_after?: string, expires_before?: string} $filters  Filters.
	 * @param int                                                                                                        $page     1-based page (ignored after a cursor).
	 * @param int                                                                                                        $per_page Page size.
	 * @param string|null                                                                                                $key_hash Hash of a full key typed as the search, if it is one.
	 * @param array{0: string, 1: string}                                                                                $sort     A SORTABLE key and asc|desc.
	 * @param ListCursor|null                                                                                            $after    Start after this row (a cursor of the same order).
	 * @return array{rows: array<int, array<string, mixed>>, total: int, exact: bool, next: ListCursor|null}
	 */
	public function page( array $filters, int $page, int $per_page, ?string $key_hash, array $sort = array( 'created_at', 'desc' ), ?ListCursor $after = null ): array {
		$direction                                 = 'asc' === $sort[1] ? 'ASC' : 'DESC';
		$column                                    = self::SORTABLE[ $sort[0] ] ?? 'l.id';
		$from                                      = "{$this->table()} l" . ( 'p.name' === $column ? ' JOIN ' . $this->table_name( Tables::PRODUCTS ) . ' p ON p.id = l.product_id' : '' );
		list( $condition, $total, $exact, $found ) = $this->matching( $filters, $key_hash );
		// One id more than the page tells whether a page follows (the next cursor is null on the last page).
		if ( null !== $found && 'l.id' === $column ) {
			// A search alone, in the order of ids: its page is taken from the ids it found, with no query.
			'ASC' === $direction ? sort( $found ) : rsort( $found );
			if ( null !== $after ) {
				$beyond = static function ( int $id ) use ( $after, $direction ): bool {
					return 'ASC' === $direction ? $id > $after->id : $id < $after->id;
				};
				$ids    = array_slice( array_values( array_filter( $found, $beyond ) ), 0, $per_page + 1 );
			} else {
				$ids = array_slice( $found, PageNumber::offset( $page, $per_page ), $per_page + 1 );
			}
		} elseif ( null !== $after ) {
			$ids = $this->ids( $from, $condition . ' AND ' . $this->after( $column, $direction, $after ), $column, $direction, $per_page + 1, 0 );
		} else {
			$offset = PageNumber::offset( $page, $per_page );
			if ( $exact && $offset >= $total ) {
				$ids = array();
			} elseif ( $exact && $offset > intdiv( $total, 2 ) ) {
				// From the other end: the rows before this page's last one, read backwards.
				$limit = min( $per_page, $total - $offset );
				$ids   = array_reverse( $this->ids( $from, $condition, $column, 'ASC' === $direction ? 'DESC' : 'ASC', $limit, $total - $offset - $limit ) );
				if ( $offset + $limit < $total ) {
					$ids[] = 0;
				}
			} else {
				$ids = $this->ids( $from, $condition, $column, $direction, $per_page + 1, $offset );
			}
		}
		$more = count( $ids ) > $per_page;
		$ids  = array_slice( $ids, 0, $per_page );
		$rows = array();
		if ( array() !== $ids ) {
			$in    = implode( ', ', array_map( 'intval', $ids ) );
			$order = self::order( $column, $direction );
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- select() from constants, ids cast to integers.
			$rows = array_map( array( self::class, 'cast' ), (array) $this->db->get_results( $this->select() . " WHERE l.id IN ({$in}) ORDER BY {$order}", ARRAY_A ) );
		}
		$next = null;
		if ( $more && array() !== $rows ) {
			$last = $rows[ count( $rows ) - 1 ];
			$next = new ListCursor( $sort[0], strtolower( $direction ), self::sort_value( $column, $last ), (int) $last['id'] );
		}
		return array(
			'rows'  => $rows,
			'total' => $total,
			'exact' => $exact,
			'next'  => $next,
		);
	}

	/**
	 * Ids of one page of rows that meet a condition.
	 *
	 * @param string $from      FROM clause.
	 * @param string $condition Prepared WHERE.
	 * @param string $column    Sort column.
	 * @param string $direction ASC or DESC.
	 * @param int    $limit     Rows.
	 * @param int    $offset    Rows skipped.
	 * @return int[]
	 */
	private function ids( string $from, string $condition, string $column, string $direction, int $limit, int $offset ): array {
		$order = self::order( $column, $direction );
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared,WordPress.DB.PreparedSQL.NotPrepared -- table names from constants, conditions prepared.
		return array_map( 'intval', (array) $this->db->get_col( "SELECT l.id FROM {$from} WHERE {$condition} ORDER BY {$order}" . $this->db->prepare( ' LIMIT %d OFFSET %d', $limit, $offset ) ) );
	}

	/**
	 * ORDER BY of a sort column, the id breaking ties.
	 *
	 * @param string $column    Sort column.
	 * @param string $direction ASC or DESC.
	 */
	private static function order( string $column, string $direction ): string {
		return 'l.id' === $column ? "l.id {$direction}" : "{$column} {$direction}, l.id {$direction}";
	}

	/**
	 * The rows after a cursor's row in this order. NULL sorts first in ascending order and last in descending
	 * order, in MariaDB and in SQLite alike.
	 *
	 * @param string     $column    Sort column.
	 * @param string     $direction ASC or DESC.
	 * @param ListCursor $after     Cursor.
	 */
	private function after( string $column, string $direction, ListCursor $after ): string {
		$beyond = 'ASC' === $direction ? '>' : '<';
		if ( 'l.id' === $column ) {
			return $this->db->prepare( "l.id {$beyond} %d", $after->id );
		}
		if ( null === $after->value ) {
			return 'ASC' === $direction
				? $this->db->prepare( "(({$column} IS NULL AND l.id > %d) OR {$column} IS NOT NULL)", $after->id )
				: $this->db->prepare( "({$column} IS NULL AND l.id < %d)", $after->id );
		}
		$value = is_int( $after->value ) ? '%d' : '%s';
		$then  = 'ASC' === $direction ? '' : " OR {$column} IS NULL";
		return $this->db->prepare( "({$column} {$beyond} {$value} OR ({$column} = {$value} AND l.id {$beyond} %d){$then})", $after->value, $after->value, $after->id );
	}

	/**
	 * A row's value of the sort column, as a cursor keeps it.
	 *
	 * @param string               $column Sort column.
	 * @param array<string, mixed> $row    Row as page() returns it.
	 * @return string|int|null
	 */
	private static function sort_value( string $column, array $row ) {
		$field = array(
			'l.id'               => 'id',
			'p.name'             => 'product_name',
			'l.activation_count' => 'activation_count',
		)[ $column ] ?? substr( $column, 2 );
		$value = $row[ $field ] ?? null;
		return is_int( $value ) || null === $value ? $value : (string) $value;
	}

	/**
	 * The list's WHERE clause, how many rows it finds and whether that count is exact.
	 *
	 * @param array{status?: string, product_id?: int, search?: string, expires_after?: string, expires_before?: string} $filters  Filters.
	 * @param string|null                                                                                                $key_hash Hash of a full key typed as the search, if it is one.
	 * @param bool                                                                                                       $count    Whether the total is wanted (status counts need the condition alone).
	 * @return array{0: string, 1: int, 2: bool, 3: int[]|null} The condition, the total, whether it is exact, and the
	 *                                                          search's ids when the search is the only filter.
	 */
	private function matching( array $filters, ?string $key_hash, bool $count = true ): array {
		$condition = $this->list_condition( $filters );
		$searched  = isset( $filters['search'] ) && '' !== trim( $filters['search'] );
		if ( $searched ) {
			list( $ids, $capped ) = $this->search_ids( trim( (string) $filters['search'] ), $key_hash );
			$alone                = '1 = 1' === $condition;
			$condition           .= array() === $ids ? ' AND 1 = 0' : ' AND l.id IN (' . implode( ', ', $ids ) . ')';
			if ( array() === $ids || ! $count || $alone ) {
				// Every id a search finds is a licence's: with no other filter they are the total.
				$total = count( $ids );
			} else {
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant, conditions prepared, ids integers.
				$total = (int) $this->db->get_var( "SELECT COUNT(*) FROM {$this->table()} l WHERE {$condition}" );
			}
			return array( $condition, min( $total, self::SEARCH_CAP ), ! $capped && $total <= self::SEARCH_CAP, $alone ? $ids : null );
		}
		if ( ! isset( $filters['expires_after'] ) && ! isset( $filters['expires_before'] ) && $this->counts()->kept() ) {
			$total = 0;
			foreach ( $this->counts()->by_status( $filters['product_id'] ?? null ) as $status => $counts ) {
				if ( ! isset( $filters['status'] ) || $filters['status'] === $status ) {
					$total += $counts['licenses'];
				}
			}
			return array( $condition, $total, true, null );
		}
		if ( ! $count ) {
			return array( $condition, 0, false, null );
		}
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant, conditions prepared.
		$found = (int) $this->db->get_var( "SELECT COUNT(*) FROM (SELECT 1 FROM {$this->table()} l WHERE {$condition} LIMIT " . ( self::SEARCH_CAP + 1 ) . ') x' );
		return array( $condition, min( $found, self::SEARCH_CAP ), $found <= self::SEARCH_CAP, null );
	}

	/**
	 * The list's WHERE clause without its search, prepared.
	 *
	 * @param array{status?: string, product_id?: int, search?: string, expires_after?: string, expires_before?: string} $filters  Filters (expiry bounds in storage format, inclusive).
	 */
	private function list_condition( array $filters ): string {
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
		return implode( ' AND ', $where );
	}

	/**
	 * The ids a search finds, each way through an index, at most SEARCH_CAP + 1 per way (docs/scale.md):
	 * - a whole key: that licence alone, by its hash (a term shaped like a key that no licence holds is searched
	 *   the other ways, as a carried-over key may look like anything);
	 * - "@domain": the email's domain from its start;
	 * - otherwise the email and the name from their start; a term with a dot and no @ also an email's domain and a
	 *   site in use (scheme and www. aside, as sites are stored); 1 to 4 letters and digits (dashes aside) also the
	 *   key's first or last group from its start;
	 * - only when none of those finds anything, and the table holds at most SCAN_MAX licences: any part of a name
	 *   or an email (a scan, stopped at the cap). On a larger table a search matches from the start only, so a
	 *   typo costs what a hit costs.
	 *
	 * @param string      $term     Search, trimmed.
	 * @param string|null $key_hash Hash of the term when it is a whole key.
	 * @return array{0: int[], 1: bool} Ids, and whether the cap cut them short.
	 */
	private function search_ids( string $term, ?string $key_hash ): array {
		$limit = ' LIMIT ' . ( self::SEARCH_CAP + 1 );
		$table = $this->table();
		if ( null !== $key_hash ) {
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
			$held = array_map( 'intval', (array) $this->db->get_col( $this->db->prepare( "SELECT id FROM {$table} WHERE key_hash = %s", $key_hash ) ) );
			if ( array() !== $held ) {
				return array( $held, false );
			}
			// A term that could be a carried-over key but is none is searched like any other.
		}
		$starts  = function ( string $value ): string {
			return $this->db->esc_like( $value ) . '%';
		};
		$queries = array();
		$lower   = strtolower( $term );
		if ( '@' === $term[0] ) {
			$domain = ltrim( $lower, '@' );
			if ( '' !== $domain ) {
				$queries[] = $this->db->prepare( "SELECT id FROM {$table} WHERE email_domain LIKE %s{$limit}", $starts( $domain ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
			}
		} else {
			$queries[] = $this->db->prepare( "SELECT id FROM {$table} WHERE customer_email LIKE %s{$limit}", $starts( $lower ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
			$queries[] = $this->db->prepare( "SELECT id FROM {$table} WHERE customer_name LIKE %s{$limit}", $starts( $term ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
			if ( false === strpos( $term, '@' ) && false !== strpos( $term, '.' ) ) {
				$queries[] = $this->db->prepare( "SELECT id FROM {$table} WHERE email_domain LIKE %s{$limit}", $starts( $lower ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
				$site      = (string) preg_replace( '#^(?:[a-z][a-z0-9+.-]*://)?(?:www\.)?#', '', $lower );
				if ( '' !== $site ) {
					$activations = $this->table_name( Tables::ACTIVATIONS );
					$queries[]   = $this->db->prepare( "SELECT DISTINCT license_id FROM {$activations} WHERE site_url LIKE %s{$limit}", $starts( $site ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
				}
			}
			$fragment = strtoupper( str_replace( '-', '', $term ) );
			if ( 1 === preg_match( '/^[A-Z0-9]{1,4}$/', $fragment ) ) {
				$key_group = 4 === strlen( $fragment ) ? '= %s' : 'LIKE %s';
				$value     = 4 === strlen( $fragment ) ? $fragment : $starts( $fragment );
				$queries[] = $this->db->prepare( "SELECT id FROM {$table} WHERE key_first {$key_group}{$limit}", $value ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant, operator from code.
				$queries[] = $this->db->prepare( "SELECT id FROM {$table} WHERE key_last {$key_group}{$limit}", $value ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant, operator from code.
			}
		}
		$ids    = array();
		$capped = false;
		foreach ( $queries as $sql ) {
			$found  = (array) $this->db->get_col( $sql ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- prepared above.
			$capped = $capped || count( $found ) > self::SEARCH_CAP;
			foreach ( $found as $id ) {
				$ids[ (int) $id ] = true;
			}
		}
		if ( array() === $ids && '@' !== $term[0] && $this->licenses_at_most( self::SCAN_MAX ) ) {
			// Nothing starts with the term: any part of a name or an email, the one way that reads rows until it
			// has found the cap (every row when it finds few), so only on a table small enough to read at once.
			$inside = '%' . $this->db->esc_like( $term ) . '%';
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
			$found  = (array) $this->db->get_col( $this->db->prepare( "SELECT id FROM {$table} WHERE customer_email LIKE %s OR customer_name LIKE %s{$limit}", $inside, $inside ) );
			$capped = count( $found ) > self::SEARCH_CAP;
			foreach ( $found as $id ) {
				$ids[ (int) $id ] = true;
			}
		}
		if ( count( $ids ) > self::SEARCH_CAP ) {
			$capped = true;
		}
		return array( array_slice( array_keys( $ids ), 0, self::SEARCH_CAP ), $capped );
	}

	/**
	 * How many licences the admin list's filters find, per stored status (the list's status filter compares the
	 * same column). The status filter itself is ignored: the counts are those of the list's status views. Without
	 * a search or an expiry filter they are the summary's; with one, they are counted among its (capped) matches.
	 *
	 * @param array{status?: string, product_id?: int, search?: string, expires_after?: string, expires_before?: string} $filters  Filters.
	 * @param string|null                                                                                                $key_hash Hash of a full key typed as the search, if it is one.
	 * @return array<string, int> Status => count, only the statuses that occur.
	 */
	public function status_counts( array $filters, ?string $key_hash ): array {
		unset( $filters['status'] );
		$counts = array();
		$plain  = ( ! isset( $filters['search'] ) || '' === trim( $filters['search'] ) ) && ! isset( $filters['expires_after'] ) && ! isset( $filters['expires_before'] );
		if ( $plain && $this->counts()->kept() ) {
			foreach ( $this->counts()->by_status( $filters['product_id'] ?? null ) as $status => $found ) {
				$counts[ $status ] = $found['licenses'];
			}
			return $counts;
		}
		$condition = $plain ? $this->list_condition( $filters ) : $this->matching( $filters, $key_hash, false )[0];
		$limit     = $plain ? '' : ' LIMIT ' . ( self::SEARCH_CAP + 1 );
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant, conditions prepared.
		$rows = (array) $this->db->get_results( "SELECT status, COUNT(*) AS n FROM (SELECT l.status AS status FROM {$this->table()} l WHERE {$condition}{$limit}) x GROUP BY status", ARRAY_A );
		foreach ( $rows as $row ) {
			$counts[ (string) $row['status'] ] = (int) $row['n'];
		}
		return $counts;
	}

	/**
	 * Whether the table holds at most this many licences (the summary's sum, or a count that stops past it).
	 *
	 * @param int $most Licences.
	 */
	private function licenses_at_most( int $most ): bool {
		if ( $this->counts()->kept() ) {
			return array_sum( array_column( $this->counts()->by_status( null ), 'licenses' ) ) <= $most;
		}
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
		return (int) $this->db->get_var( "SELECT COUNT(*) FROM (SELECT 1 FROM {$this->table()} LIMIT " . ( $most + 1 ) . ') x' ) <= $most;
	}

	/**
	 * The summaries of licences per product and status.
	 */
	private function counts(): LicenseCounts {
		if ( null === $this->counts ) {
			$this->counts = new LicenseCounts( $this->db );
		}
		return $this->counts;
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
	 * Some of the active or trial licences whose expiry has passed, oldest id first: one short range of the
	 * status_expires index per status, so the job reads a batch at a time however many are due.
	 *
	 * @param string $at    Now, storage format.
	 * @param int    $limit At most this many.
	 * @return int[]
	 */
	public function due_ids( string $at, int $limit = 500 ): array {
		return array_map(
			'intval',
			(array) $this->db->get_col(
				$this->db->prepare(
					// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
					"SELECT id FROM {$this->table()} WHERE " . self::DUE . ' ORDER BY id LIMIT %d',
					LicenseStatus::ACTIVE,
					LicenseStatus::TRIAL,
					$at,
					$limit
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
	 * Inserts new licences in multi-row INSERTs (an import's batch), with the summaries' upkeep added once for the
	 * batch (LicenseCounts::insert_licenses()). Run it inside a transaction: the rows and their counts commit
	 * together.
	 *
	 * @param list<array<string, mixed>> $rows Column values, each with its key_hash.
	 * @return array<string, int> New id by key hash.
	 * @throws \RuntimeException When the database refuses the rows.
	 */
	public function create_many( array $rows ): array {
		if ( array() === $rows ) {
			return array();
		}
		$ids = array();
		$this->counts()->insert_licenses(
			function () use ( $rows, &$ids ): array {
				$shapes = array();
				foreach ( $rows as $row ) {
					$row = self::with_timestamps( $row );
					ksort( $row );
					$shapes[ implode( ',', array_keys( $row ) ) ][] = $row;
				}
				foreach ( $shapes as $columns => $same ) {
					if ( 1 !== preg_match( '/^[a-z_]+(,[a-z_]+)*$/', $columns ) ) {
						throw new \RuntimeException( 'A new licence names a column that is not one: ' . $columns );
					}
					foreach ( array_chunk( $same, 500 ) as $chunk ) {
						$tuples = array();
						foreach ( $chunk as $row ) {
							$tuples[] = '(' . implode( ', ', array_map( array( $this, 'literal' ), array_values( $row ) ) ) . ')';
						}
						// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared,WordPress.DB.PreparedSQL.NotPrepared -- table and column names from constants and the caller's keys, values escaped by literal().
						if ( false === $this->db->query( "INSERT INTO {$this->table()} ({$columns}) VALUES " . implode( ', ', $tuples ) ) ) {
							throw new \RuntimeException( 'The database refused a batch of new licences: ' . $this->db->last_error );
						}
					}
				}
				$ids = $this->holders( array_column( $rows, 'key_hash' ) );
				return array_values( $ids );
			}
		);
		return $ids;
	}

	/**
	 * A value as an SQL literal: NULL, a number, or a quoted string.
	 *
	 * @param mixed $value Value.
	 */
	private function literal( $value ): string {
		if ( null === $value ) {
			return 'NULL';
		}
		if ( is_bool( $value ) || is_int( $value ) ) {
			return (string) (int) $value;
		}
		return $this->db->prepare( '%s', (string) $value );
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
