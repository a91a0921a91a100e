<?php
/**
 * The summaries of licences and sites that the admin list's totals and the stats read.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage;

use PDO;
use wpdb;

/**
 * The database keeps svc_license_counts and svc_daily_counts equal to the licence and activation rows itself, with
 * triggers on those two tables, so every writer (the use cases, an import, a restore, an erasure, the expiry job,
 * a statement typed by hand) moves the counts in the same transaction as the row. This class is the summaries'
 * one writer: it installs the triggers, fills the tables from the rows, and reads them.
 *
 * - MariaDB and MySQL: CREATE TRIGGER through wpdb. A host whose database user may not create triggers (no
 *   TRIGGER privilege, or binary logging without log_bin_trust_function_creators) gets no triggers: the counts
 *   are then recounted by the hourly job and Site Health says so (kept() is false).
 * - SQLite: the drop-in does not translate CREATE TRIGGER, so the triggers are created on its PDO connection in
 *   SQLite's own dialect. The drop-in rebuilds a table on some ALTERs, which drops its triggers: install() runs
 *   after every schema upgrade, so a later step can never leave the counts unkept.
 *
 * Statuses are the stored ones; what validation already sees as expired (active or trial past expires, before the
 * job marks it) is one short range of the status_expires index, which the readers take away from the summary.
 *
 * A bulk insert of new licences or activations (an import's or a restore's batch) holds the insert triggers' per-row
 * upkeep for its one statement and adds what the new rows count afterwards, a few grouped statements for the whole
 * batch, in the same transaction (insert_licenses(), insert_sites()). The hold is only ever visible to the connection that holds it: on MariaDB a
 * session variable; on SQLite a marker row in svc_license_counts written and removed inside the open transaction,
 * which no other connection can see and which a rollback takes away with the rest.
 */
final class LicenseCounts extends TableRepository {
	/**
	 * Option that says whether the triggers are in place ('1') or the hourly recount keeps the counts ('0').
	 */
	public const KEPT_OPTION = 'svc_licensing_counts_kept';

	/**
	 * Licences per batch when email_domain is filled on an existing table.
	 */
	private const FILL_BATCH = 5000;

	/**
	 * The MariaDB session variable that holds the insert triggers' per-row upkeep.
	 */
	private const HOLD_VARIABLE = '@svc_licensing_counts_held';

	/**
	 * The product id of SQLite's hold marker row (no product has id 0).
	 */
	private const HOLD_PRODUCT = 0;

	/**
	 * Licence ids per statement when a bulk insert's rows are added.
	 */
	private const ADD_CHUNK = 1000;

	/**
	 * Installs (or re-installs) the triggers, fills email_domain where it is missing and recounts both summaries.
	 * Safe to run again at any time.
	 *
	 * @return bool Whether the triggers are in place.
	 */
	public function install(): bool {
		$kept = $this->install_triggers();
		update_option( self::KEPT_OPTION, $kept ? '1' : '0', true );
		$this->fill_email_domains();
		$this->recount();
		return $kept;
	}

	/**
	 * Whether the database keeps the counts as the rows change (false: the hourly job recounts them).
	 */
	public function kept(): bool {
		return '1' === (string) get_option( self::KEPT_OPTION, '0' );
	}

	/**
	 * Runs a bulk insert of new licences with the insert trigger's per-row upkeep held, then adds the new rows to
	 * both summaries in a few grouped statements. Call it inside the caller's transaction: the hold, the insert and
	 * the additions commit or roll back together. Where the triggers are not kept, the insert runs as it is (the
	 * hourly recount keeps the counts).
	 *
	 * @param callable $insert Inserts the licences and returns the ids (int[]) of the rows it inserted.
	 * @return int[] Those ids.
	 */
	public function insert_licenses( callable $insert ): array {
		return $this->held(
			$insert,
			function ( array $ids ): void {
				$this->add_licenses( $ids );
			}
		);
	}

	/**
	 * The same for a bulk insert of activations whose ids the caller knows (a restore's batch): the sites in use
	 * among them are added under their licences' product and status, and under their days.
	 *
	 * @param callable $insert Inserts the activations and returns the ids (int[]) of the rows it inserted.
	 * @return int[] Those ids.
	 */
	public function insert_sites( callable $insert ): array {
		return $this->held(
			$insert,
			function ( array $ids ): void {
				$this->add_sites( $ids );
			}
		);
	}

	/**
	 * Runs an insert with the insert triggers' upkeep held on this connection, then adds its rows.
	 *
	 * @param callable $insert Inserts rows and returns their ids.
	 * @param callable $add    Adds those ids' rows to the summaries.
	 * @return int[] The ids.
	 */
	private function held( callable $insert, callable $add ): array {
		if ( ! $this->kept() ) {
			return $insert();
		}
		$this->hold( true );
		try {
			$ids = $insert();
		} finally {
			$this->hold( false );
		}
		$add( $ids );
		return $ids;
	}

	/**
	 * Holds (true) or releases (false) the insert triggers' upkeep on this connection.
	 *
	 * @param bool $held Whether to hold it.
	 */
	private function hold( bool $held ): void {
		if ( ! self::is_sqlite() ) {
			$this->native( 'SET ' . self::HOLD_VARIABLE . ' = ' . ( $held ? '1' : 'NULL' ) );
			return;
		}
		$counts = $this->table_name( Tables::LICENSE_COUNTS );
		$this->native(
			$held
				? "INSERT INTO {$counts} (product_id, status, licenses, sites) VALUES (" . self::HOLD_PRODUCT . ", '', 0, 0)"
				: "DELETE FROM {$counts} WHERE product_id = " . self::HOLD_PRODUCT
		);
	}

	/**
	 * What the held trigger would have added for each of these new licences: the licence under its product and
	 * status, its day of creation, and its sites (none for a licence just made, counted all the same).
	 *
	 * @param int[] $ids New licences.
	 */
	private function add_licenses( array $ids ): void {
		$counts      = $this->table_name( Tables::LICENSE_COUNTS );
		$daily       = $this->table_name( Tables::DAILY_COUNTS );
		$licenses    = $this->table_name( Tables::LICENSES );
		$activations = $this->table_name( Tables::ACTIVATIONS );
		foreach ( array_chunk( array_map( 'intval', $ids ), self::ADD_CHUNK ) as $chunk ) {
			$in   = implode( ', ', $chunk );
			$used = "(SELECT COUNT(*) FROM {$activations} a WHERE a.license_id = l.id AND a.is_staging = 0)";
			$this->native( $this->upsert( $counts, "SELECT l.product_id, l.status, COUNT(*), SUM({$used}) FROM {$licenses} l WHERE l.id IN ({$in}) GROUP BY l.product_id, l.status", 'product_id, status', array( 'licenses', 'sites' ) ) );
			$this->native( $this->upsert( $daily, "SELECT SUBSTR(l.created_at, 1, 10), l.product_id, COUNT(*), 0 FROM {$licenses} l WHERE l.id IN ({$in}) GROUP BY SUBSTR(l.created_at, 1, 10), l.product_id", 'day, product_id', array( 'licenses' ) ) );
			$this->native( $this->upsert( $daily, "SELECT SUBSTR(a.activated_at, 1, 10), l.product_id, 0, COUNT(*) FROM {$activations} a JOIN {$licenses} l ON l.id = a.license_id WHERE a.license_id IN ({$in}) AND a.is_staging = 0 GROUP BY SUBSTR(a.activated_at, 1, 10), l.product_id", 'day, product_id', array( 'sites' ) ) );
		}
	}

	/**
	 * What the held trigger would have added for each of these new activations that is not staging: a site under
	 * its licence's product and status, and under its day of activation. An activation whose licence is not there
	 * yet adds nothing: that licence counts its sites when it arrives.
	 *
	 * @param int[] $ids New activations.
	 */
	private function add_sites( array $ids ): void {
		$counts      = $this->table_name( Tables::LICENSE_COUNTS );
		$daily       = $this->table_name( Tables::DAILY_COUNTS );
		$licenses    = $this->table_name( Tables::LICENSES );
		$activations = $this->table_name( Tables::ACTIVATIONS );
		foreach ( array_chunk( array_map( 'intval', $ids ), self::ADD_CHUNK ) as $chunk ) {
			$in   = implode( ', ', $chunk );
			$from = "FROM {$activations} a JOIN {$licenses} l ON l.id = a.license_id WHERE a.id IN ({$in}) AND a.is_staging = 0";
			$this->native( $this->upsert( $counts, "SELECT l.product_id, l.status, 0, COUNT(*) {$from} GROUP BY l.product_id, l.status", 'product_id, status', array( 'sites' ) ) );
			$this->native( $this->upsert( $daily, "SELECT SUBSTR(a.activated_at, 1, 10), l.product_id, 0, COUNT(*) {$from} GROUP BY SUBSTR(a.activated_at, 1, 10), l.product_id", 'day, product_id', array( 'sites' ) ) );
		}
	}

	/**
	 * Rebuilds both summaries from the rows, in one transaction. On InnoDB the INSERT … SELECT reads the rows with
	 * shared locks and a write that raced it waits for the commit, so its trigger counts it on top of a sum that
	 * did not; on SQLite the transaction holds the only write lock.
	 */
	public function recount(): void {
		$counts      = $this->table_name( Tables::LICENSE_COUNTS );
		$daily       = $this->table_name( Tables::DAILY_COUNTS );
		$licenses    = $this->table_name( Tables::LICENSES );
		$activations = $this->table_name( Tables::ACTIVATIONS );
		$statements  = array(
			"DELETE FROM {$counts}",
			"DELETE FROM {$daily}",
			"INSERT INTO {$counts} (product_id, status, licenses, sites) SELECT product_id, status, COUNT(*), 0 FROM {$licenses} GROUP BY product_id, status",
			"UPDATE {$counts} SET sites = (SELECT COUNT(*) FROM {$activations} a JOIN {$licenses} l ON l.id = a.license_id WHERE l.product_id = {$counts}.product_id AND l.status = {$counts}.status AND a.is_staging = 0)",
			"INSERT INTO {$daily} (day, product_id, licenses, sites) SELECT SUBSTR(created_at, 1, 10), product_id, COUNT(*), 0 FROM {$licenses} GROUP BY SUBSTR(created_at, 1, 10), product_id",
			$this->upsert(
				$daily,
				"SELECT SUBSTR(a.activated_at, 1, 10), l.product_id, 0, COUNT(*) FROM {$activations} a JOIN {$licenses} l ON l.id = a.license_id WHERE a.is_staging = 0 GROUP BY SUBSTR(a.activated_at, 1, 10), l.product_id",
				'day, product_id',
				array( 'sites' )
			),
		);
		( new Transaction( $this->db ) )->run(
			function () use ( $statements ): void {
				foreach ( $statements as $sql ) {
					$this->native( $sql );
				}
			}
		);
	}

	/**
	 * Licences and sites in use per stored status, for every product or one.
	 *
	 * @param int|null $product_id Only this product.
	 * @return array<string, array{licenses: int, sites: int}> Status => counts, only statuses that occur.
	 */
	public function by_status( ?int $product_id ): array {
		$only = null === $product_id ? '' : $this->db->prepare( ' WHERE product_id = %d', $product_id );
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant, condition prepared.
		$rows  = (array) $this->db->get_results( 'SELECT status, SUM(licenses) AS licenses, SUM(sites) AS sites FROM ' . $this->table_name( Tables::LICENSE_COUNTS ) . "{$only} GROUP BY status", ARRAY_A );
		$found = array();
		foreach ( $rows as $row ) {
			if ( (int) $row['licenses'] > 0 ) {
				$found[ (string) $row['status'] ] = array(
					'licenses' => (int) $row['licenses'],
					'sites'    => (int) $row['sites'],
				);
			}
		}
		return $found;
	}

	/**
	 * New licences and new sites in use per UTC day from a day on, for every product or one.
	 *
	 * @param int|null $product_id Only this product.
	 * @param string   $since      First day, Y-m-d.
	 * @return array{licenses: array<string, int>, activations: array<string, int>} Day => count.
	 */
	public function daily( ?int $product_id, string $since ): array {
		$only = null === $product_id ? '' : $this->db->prepare( ' AND product_id = %d', $product_id );
		$rows = (array) $this->db->get_results(
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant, condition prepared.
			$this->db->prepare( 'SELECT day, SUM(licenses) AS licenses, SUM(sites) AS sites FROM ' . $this->table_name( Tables::DAILY_COUNTS ) . " WHERE day >= %s{$only} GROUP BY day", $since ),
			ARRAY_A
		);
		$days = array(
			'licenses'    => array(),
			'activations' => array(),
		);
		foreach ( $rows as $row ) {
			if ( (int) $row['licenses'] > 0 ) {
				$days['licenses'][ (string) $row['day'] ] = (int) $row['licenses'];
			}
			if ( (int) $row['sites'] > 0 ) {
				$days['activations'][ (string) $row['day'] ] = (int) $row['sites'];
			}
		}
		return $days;
	}

	/**
	 * The triggers, dropped and created again; false when the database refuses them.
	 */
	private function install_triggers(): bool {
		$sqlite = self::is_sqlite();
		if ( $sqlite && null === $this->pdo() ) {
			return false;
		}
		try {
			foreach ( $this->trigger_names() as $name ) {
				$this->native( "DROP TRIGGER IF EXISTS {$name}" );
			}
			foreach ( $sqlite ? $this->sqlite_triggers() : $this->mysql_triggers() as $sql ) {
				$this->native( $sql );
			}
		} catch ( \RuntimeException $refused ) {
			// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- an operator must see why the counts are recounted hourly.
			error_log( 'svc-licensing: the database refused the triggers that keep the licence counts, so they are recounted every hour: ' . $refused->getMessage() );
			foreach ( $this->trigger_names() as $name ) {
				try {
					$this->native( "DROP TRIGGER IF EXISTS {$name}" );
				} catch ( \RuntimeException $ignored ) {
					unset( $ignored );
				}
			}
			return false;
		}
		return true;
	}

	/**
	 * Fills email_domain on rows written before the triggers, in batches by id so no lock is held for long.
	 */
	private function fill_email_domains(): void {
		$licenses = $this->table_name( Tables::LICENSES );
		$last     = 0;
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
		$max = (int) $this->db->get_var( "SELECT MAX(id) FROM {$licenses}" );
		while ( $last < $max ) {
			$next = $last + self::FILL_BATCH;
			$this->db->query(
				$this->db->prepare(
					// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
					"UPDATE {$licenses} SET email_domain = " . self::domain_of( 'customer_email' ) . " WHERE id > %d AND id <= %d AND email_domain = '' AND customer_email <> ''",
					$last,
					$next
				)
			);
			$last = $next;
		}
	}

	/**
	 * The SQL that takes the domain of an email column or value (the same in both dialects).
	 *
	 * @param string $email Column or expression.
	 */
	private static function domain_of( string $email ): string {
		return "LOWER(SUBSTR({$email}, INSTR({$email}, '@') + 1))";
	}

	/**
	 * Names of the triggers.
	 *
	 * @return string[]
	 */
	private function trigger_names(): array {
		$prefix = $this->db->prefix . 'svc_counts_';
		return array_map(
			static function ( string $name ) use ( $prefix ): string {
				return $prefix . $name;
			},
			array( 'license_domain_insert', 'license_domain_update', 'license_insert', 'license_delete', 'license_status', 'license_product', 'license_update', 'site_insert', 'site_delete', 'site_update' )
		);
	}

	/**
	 * What one licence row adds to the summaries (sign 1) or takes away (-1): itself under its product and status,
	 * its sites in use, its day of creation, and its sites under their days of activation.
	 *
	 * @param string $row  NEW or OLD.
	 * @param int    $sign 1 or -1.
	 * @return string[] Statements for a trigger body.
	 */
	private function license_part( string $row, int $sign ): array {
		$counts      = $this->table_name( Tables::LICENSE_COUNTS );
		$daily       = $this->table_name( Tables::DAILY_COUNTS );
		$activations = $this->table_name( Tables::ACTIVATIONS );
		$sites       = "(SELECT COUNT(*) FROM {$activations} WHERE license_id = {$row}.id AND is_staging = 0)";
		return array(
			$this->upsert( $counts, "SELECT {$row}.product_id, {$row}.status, {$sign}, {$sign} * {$sites}", 'product_id, status', array( 'licenses', 'sites' ), true ),
			$this->upsert( $daily, "SELECT SUBSTR({$row}.created_at, 1, 10), {$row}.product_id, {$sign}, 0", 'day, product_id', array( 'licenses' ), true ),
			$this->upsert( $daily, "SELECT SUBSTR(activated_at, 1, 10), {$row}.product_id, 0, {$sign} * COUNT(*) FROM {$activations} WHERE license_id = {$row}.id AND is_staging = 0 GROUP BY SUBSTR(activated_at, 1, 10)", 'day, product_id', array( 'sites' ) ),
		);
	}

	/**
	 * What a licence's status alone moves: the licence and its sites from the old status to the new one.
	 *
	 * @return string[] Statements for a trigger body.
	 */
	private function status_part(): array {
		$counts      = $this->table_name( Tables::LICENSE_COUNTS );
		$activations = $this->table_name( Tables::ACTIVATIONS );
		$sites       = "(SELECT COUNT(*) FROM {$activations} WHERE license_id = NEW.id AND is_staging = 0)";
		return array(
			"UPDATE {$counts} SET licenses = licenses - 1, sites = sites - {$sites} WHERE product_id = OLD.product_id AND status = OLD.status",
			$this->upsert( $counts, "SELECT NEW.product_id, NEW.status, 1, {$sites}", 'product_id, status', array( 'licenses', 'sites' ), true ),
		);
	}

	/**
	 * What one activation row adds (1) or takes away (-1) when it is not staging: a site under its licence's product
	 * and status, and under its day of activation. A licence that is not there (yet) counts its sites itself.
	 *
	 * @param string $row  NEW or OLD.
	 * @param int    $sign 1 or -1.
	 * @return string[] Statements for a trigger body.
	 */
	private function site_part( string $row, int $sign ): array {
		$counts   = $this->table_name( Tables::LICENSE_COUNTS );
		$daily    = $this->table_name( Tables::DAILY_COUNTS );
		$licenses = $this->table_name( Tables::LICENSES );
		return array(
			"UPDATE {$counts} SET sites = sites + ({$sign}) WHERE {$row}.is_staging = 0 AND product_id = (SELECT product_id FROM {$licenses} WHERE id = {$row}.license_id) AND status = (SELECT status FROM {$licenses} WHERE id = {$row}.license_id)",
			$this->upsert( $daily, "SELECT SUBSTR({$row}.activated_at, 1, 10), product_id, 0, {$sign} FROM {$licenses} WHERE id = {$row}.license_id AND {$row}.is_staging = 0", 'day, product_id', array( 'sites' ) ),
		);
	}

	/**
	 * MariaDB / MySQL triggers.
	 *
	 * @return string[]
	 */
	private function mysql_triggers(): array {
		list( $domain_insert, $domain_update, $insert, $delete, , , $update, $site_insert, $site_delete, $site_update ) = $this->trigger_names();
		$licenses    = $this->table_name( Tables::LICENSES );
		$activations = $this->table_name( Tables::ACTIVATIONS );
		$body        = static function ( array $statements ): string {
			return sprintf( 'FOR EACH ROW BEGIN %s; END', implode( '; ', $statements ) );
		};
		$domain      = 'SET NEW.email_domain = ' . self::domain_of( 'NEW.customer_email' );
		return array(
			"CREATE TRIGGER {$domain_insert} BEFORE INSERT ON {$licenses} FOR EACH ROW {$domain}",
			"CREATE TRIGGER {$domain_update} BEFORE UPDATE ON {$licenses} FOR EACH ROW {$domain}",
			"CREATE TRIGGER {$insert} AFTER INSERT ON {$licenses} FOR EACH ROW BEGIN IF " . self::HOLD_VARIABLE . ' IS NULL THEN ' . implode( '; ', $this->license_part( 'NEW', 1 ) ) . '; END IF; END',
			"CREATE TRIGGER {$delete} AFTER DELETE ON {$licenses} " . $body( $this->license_part( 'OLD', -1 ) ),
			"CREATE TRIGGER {$update} AFTER UPDATE ON {$licenses} FOR EACH ROW BEGIN "
				. 'IF NEW.product_id <> OLD.product_id OR SUBSTR(NEW.created_at, 1, 10) <> SUBSTR(OLD.created_at, 1, 10) THEN ' . implode( '; ', array_merge( $this->license_part( 'OLD', -1 ), $this->license_part( 'NEW', 1 ) ) ) . '; '
				. 'ELSEIF NEW.status <> OLD.status THEN ' . implode( '; ', $this->status_part() ) . '; '
				. 'END IF; END',
			"CREATE TRIGGER {$site_insert} AFTER INSERT ON {$activations} FOR EACH ROW BEGIN IF " . self::HOLD_VARIABLE . ' IS NULL THEN ' . implode( '; ', $this->site_part( 'NEW', 1 ) ) . '; END IF; END',
			"CREATE TRIGGER {$site_delete} AFTER DELETE ON {$activations} " . $body( $this->site_part( 'OLD', -1 ) ),
			"CREATE TRIGGER {$site_update} AFTER UPDATE ON {$activations} FOR EACH ROW BEGIN "
				. 'IF NEW.is_staging <> OLD.is_staging OR NEW.license_id <> OLD.license_id OR SUBSTR(NEW.activated_at, 1, 10) <> SUBSTR(OLD.activated_at, 1, 10) THEN '
				. implode( '; ', array_merge( $this->site_part( 'OLD', -1 ), $this->site_part( 'NEW', 1 ) ) ) . '; END IF; END',
		);
	}

	/**
	 * SQLite triggers (each UPDATE OF a column list with a WHEN, as SQLite has no IF).
	 *
	 * @return string[]
	 */
	private function sqlite_triggers(): array {
		list( $domain_insert, $domain_update, $insert, $delete, $status, $product, , $site_insert, $site_delete, $site_update ) = $this->trigger_names();
		$counts      = $this->table_name( Tables::LICENSE_COUNTS );
		$licenses    = $this->table_name( Tables::LICENSES );
		$activations = $this->table_name( Tables::ACTIVATIONS );
		$body        = static function ( array $statements, string $when = '' ): string {
			return sprintf( 'FOR EACH ROW %sBEGIN %s; END', '' === $when ? '' : "WHEN {$when} ", implode( '; ', $statements ) );
		};
		$domain      = "UPDATE {$licenses} SET email_domain = " . self::domain_of( 'NEW.customer_email' ) . ' WHERE id = NEW.id';
		$moved       = 'NEW.product_id <> OLD.product_id OR SUBSTR(NEW.created_at, 1, 10) <> SUBSTR(OLD.created_at, 1, 10)';
		$unheld      = "NOT EXISTS (SELECT 1 FROM {$counts} WHERE product_id = " . self::HOLD_PRODUCT . ')';
		return array(
			"CREATE TRIGGER {$domain_insert} AFTER INSERT ON {$licenses} " . $body( array( $domain ) ),
			"CREATE TRIGGER {$domain_update} AFTER UPDATE OF customer_email ON {$licenses} " . $body( array( $domain ) ),
			"CREATE TRIGGER {$insert} AFTER INSERT ON {$licenses} " . $body( $this->license_part( 'NEW', 1 ), $unheld ),
			"CREATE TRIGGER {$delete} AFTER DELETE ON {$licenses} " . $body( $this->license_part( 'OLD', -1 ) ),
			"CREATE TRIGGER {$status} AFTER UPDATE OF status ON {$licenses} " . $body( $this->status_part(), "NEW.status <> OLD.status AND NOT ({$moved})" ),
			"CREATE TRIGGER {$product} AFTER UPDATE OF product_id, created_at ON {$licenses} " . $body( array_merge( $this->license_part( 'OLD', -1 ), $this->license_part( 'NEW', 1 ) ), $moved ),
			"CREATE TRIGGER {$site_insert} AFTER INSERT ON {$activations} " . $body( $this->site_part( 'NEW', 1 ), $unheld ),
			"CREATE TRIGGER {$site_delete} AFTER DELETE ON {$activations} " . $body( $this->site_part( 'OLD', -1 ) ),
			"CREATE TRIGGER {$site_update} AFTER UPDATE OF is_staging, license_id, activated_at ON {$activations} "
				. $body( array_merge( $this->site_part( 'OLD', -1 ), $this->site_part( 'NEW', 1 ) ), 'NEW.is_staging <> OLD.is_staging OR NEW.license_id <> OLD.license_id OR SUBSTR(NEW.activated_at, 1, 10) <> SUBSTR(OLD.activated_at, 1, 10)' ),
		);
	}

	/**
	 * INSERT … SELECT that adds to the named columns of an existing row instead (both dialects).
	 *
	 * @param string   $table    Summary table.
	 * @param string   $select   SELECT of (key columns…, licenses, sites).
	 * @param string   $key      Key columns.
	 * @param string[] $add      Columns whose value is added to the row's.
	 * @param bool     $no_where Whether the SELECT has no WHERE (SQLite needs one before ON CONFLICT).
	 */
	private function upsert( string $table, string $select, string $key, array $add, bool $no_where = false ): string {
		$insert = "INSERT INTO {$table} ({$key}, licenses, sites) {$select}";
		if ( self::is_sqlite() ) {
			$set = array_map(
				static function ( string $column ): string {
					return "{$column} = {$column} + excluded.{$column}";
				},
				$add
			);
			return $insert . ( $no_where ? ' WHERE 1' : '' ) . " ON CONFLICT ({$key}) DO UPDATE SET " . implode( ', ', $set );
		}
		$set = array_map(
			static function ( string $column ): string {
				return "{$column} = {$column} + VALUES({$column})";
			},
			$add
		);
		return $insert . ' ON DUPLICATE KEY UPDATE ' . implode( ', ', $set );
	}

	/**
	 * Runs a statement in the database's own dialect: on SQLite on the drop-in's PDO connection (which the drop-in
	 * would not translate), on MariaDB through wpdb.
	 *
	 * @param string $sql Statement.
	 * @throws \RuntimeException When the database refuses it.
	 */
	private function native( string $sql ): void {
		$pdo = self::is_sqlite() ? $this->pdo() : null;
		if ( null !== $pdo ) {
			try {
				$pdo->exec( $sql );
			} catch ( \PDOException $error ) {
				throw new \RuntimeException( $error->getMessage(), 0, $error );
			}
			return;
		}
		// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- built from table names and constants.
		if ( false === $this->db->query( $sql ) ) {
			throw new \RuntimeException( (string) $this->db->last_error );
		}
	}

	/**
	 * The SQLite drop-in's PDO connection, or null when this drop-in does not give it out.
	 */
	private function pdo(): ?PDO {
		$driver = $this->db->dbh ?? null;
		if ( is_object( $driver ) && method_exists( $driver, 'get_connection' ) ) {
			$connection = $driver->get_connection();
			if ( is_object( $connection ) && method_exists( $connection, 'get_pdo' ) ) {
				$pdo = $connection->get_pdo();
				return $pdo instanceof PDO ? $pdo : null;
			}
		}
		if ( is_object( $driver ) && method_exists( $driver, 'get_pdo' ) ) {
			$pdo = $driver->get_pdo();
			return $pdo instanceof PDO ? $pdo : null;
		}
		return null;
	}

}
