<?php
/**
 * The whole licensing database of a site, written to an export file or restored from one.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage;

use RuntimeException;
use Svc\Licensing\Domain\Backup\ExportReader;
use Svc\Licensing\Domain\Backup\ExportWriter;
use Svc\Licensing\Domain\Backup\InvalidExport;
use Svc\Licensing\Domain\Backup\RestoreBatch;
use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\ServiceError;
use wpdb;

/**
 * Export streams every table (rate-limit counters aside), the settings, the key secret, the lease keys and the
 * schema version, and this site's release packages, a batch of rows at a time. Restore checks the whole file first (format,
 * version, checksum), refuses a site that already holds data, and makes a second pass that refuses another schema
 * version and anything a real export never holds (unknown tables or columns, file names that are not package
 * names), and hands every row it would write to the caller's check (Core\Backups: the settings' rules, the
 * changelog's sanitiser), which may refuse the file or change the row. Then, under a lock, it writes the rows in
 * batches, each one multi-row INSERT of at most BATCH rows (and about WRITE_BYTES) that commits on its own, so no
 * lock is held for longer than a batch and memory stays at one batch whatever the size; package files are written
 * under names of this request and take their own names at the end.
 *
 * A fault while writing: the rows written so far are removed again (every exported table emptied: the site was
 * empty under the lock, but for svc_meta's fingerprint row, which is put back), the options put back as they were,
 * this request's files removed, so the site is left as it was. A restore that dies midway (its PHP process killed)
 * cannot undo itself: it leaves its rows, the lock and the mark INCOMPLETE. The lock's time is renewed as the
 * restore goes; once it has not been for STALE seconds the next restore takes the lock over, finds the mark, empties
 * what the dead one wrote and starts again. Until then the site holds part of the export.
 *
 * This is the one writer besides the repositories that touches every table: a restore is a whole-database
 * operation on an empty service, not an ordinary change to its rows.
 */
final class DatabaseImage {
	private const BATCH = 500;
	private const LOCK  = 'svc_licensing_restore_lock';

	/**
	 * The option a restore sets before its first row and deletes when it has finished or undone itself: a restore
	 * that finds it finds the rows of one that died midway, and empties them first.
	 */
	public const INCOMPLETE = 'svc_licensing_restore_incomplete';

	/**
	 * Seconds after which a restore lock that was not renewed is taken over (its restore died).
	 */
	private const STALE = 300;

	/**
	 * Bytes of row data after which a batch is written before it has BATCH rows (events' payloads and changelogs
	 * are long; MariaDB's max_allowed_packet is 16 MiB by default, hosts' sometimes 1 MiB).
	 */
	private const WRITE_BYTES = 524288;

	/**
	 * The exported tables without an id column => their primary key's columns (rows_of()).
	 *
	 * @var array<string, string>
	 */
	private const KEYED_OTHERWISE = array(
		Tables::META              => 'name',
		Tables::PROTOCOL_REQUESTS => 'protocol, day',
	);

	/**
	 * Options that travel in the file, and only these are restored.
	 */
	private const OPTIONS = array( Settings::OPTION, KeySecret::OPTION, LeaseKeys::OPTION, SchemaMigrator::VERSION_OPTION );

	/**
	 * Database.
	 *
	 * @var wpdb
	 */
	private $db;

	/**
	 * Release packages.
	 *
	 * @var PackageDirectory
	 */
	private $packages;

	/**
	 * Row counts and this site's stored packages.
	 *
	 * @var DataInventory
	 */
	private $inventory;

	/**
	 * When this restore last renewed its lock (unix seconds).
	 *
	 * @var int
	 */
	private $renewed = 0;

	/**
	 * Columns of each table, once read.
	 *
	 * @var array<string, string[]>
	 */
	private $columns = array();

	/**
	 * Constructor.
	 *
	 * @param wpdb             $db        Database.
	 * @param PackageDirectory $packages  Release packages.
	 * @param DataInventory    $inventory Row counts and this site's stored packages.
	 */
	public function __construct( wpdb $db, PackageDirectory $packages, DataInventory $inventory ) {
		$this->db        = $db;
		$this->packages  = $packages;
		$this->inventory = $inventory;
	}

	/**
	 * The tables an export holds (rate-limit counters are a minute's state, portal sign-in links a quarter of an
	 * hour's and portal sessions a few hours', not data).
	 *
	 * @return string[]
	 */
	public static function tables(): array {
		return array_values( array_diff( Tables::all(), array( Tables::RATE_LIMITS, Tables::PORTAL_LINKS, Tables::PORTAL_SESSIONS ) ) );
	}

	/**
	 * Writes everything to an export.
	 *
	 * @param ExportWriter $writer Open writer; finished here.
	 */
	public function export( ExportWriter $writer ): void {
		foreach ( self::tables() as $table ) {
			foreach ( $this->rows_of( $table ) as $row ) {
				$writer->row( $table, $row );
			}
		}
		foreach ( self::OPTIONS as $option ) {
			$value = get_option( $option, null );
			if ( null !== $value ) {
				$writer->row(
					'options',
					array(
						'name'  => $option,
						'value' => wp_json_encode( $value ),
					)
				);
			}
		}
		foreach ( $this->inventory->stored_packages() as $name ) {
			$writer->file( $name, (string) $this->packages->file( $name ) );
		}
		$writer->finish();
	}

	/**
	 * Whether the site holds no licensing data (rate-limit counters and the key secret's fingerprint aside).
	 *
	 * @return array<string, int> Rows per table that is not empty.
	 */
	public function occupied(): array {
		$occupied = array();
		foreach ( array_diff( self::tables(), array( Tables::META ) ) as $table ) {
			$count = $this->inventory->rows( $table );
			if ( $count > 0 ) {
				$occupied[ $table ] = $count;
			}
		}
		return $occupied;
	}

	/**
	 * Restores an export into this empty site.
	 *
	 * $admit is called with ( string $table, array $row ) for every row that would be written (an option as
	 * `options` with `name` and its `value` decoded), once in the pass before anything is written and again as
	 * it is written; it answers the row to write, or throws ServiceError to refuse the whole file. It must answer
	 * the same for the same row.
	 *
	 * @param resource $stream Readable, seekable stream of the file.
	 * @param callable $admit  The caller's check of each row: ( string $table, array $row ): array.
	 * @return array{rows: int, files: int, tables: array<string, int>, created_at: string, source: string}
	 * @throws ServiceError 400 invalid_export before anything is written (also for a line found malformed while
	 *                      writing, which is rolled back); 409 when the site holds data, another restore runs,
	 *                      or the schema version differs; what $admit throws, before anything is written; 500
	 *                      when writing failed (nothing kept).
	 */
	public function restore( $stream, callable $admit ): array {
		try {
			$summary = ExportReader::verify( $stream );
			// The lock comes before the emptiness check, so two restores cannot both find the site empty.
			if ( ! $this->lock() ) {
				throw new ServiceError( ErrorCode::RESTORE_TARGET_NOT_EMPTY, __( 'Another restore into this site is running. Wait for it to finish.', 'svc-licensing' ) );
			}
			try {
				$occupied = null === get_option( self::INCOMPLETE, null ) ? $this->occupied() : array();
				if ( array() !== $occupied ) {
					throw new ServiceError(
						ErrorCode::RESTORE_TARGET_NOT_EMPTY,
						__( 'This site already holds licensing data, so the export was not restored: a restore never mixes two databases. Restore into a site where the plugin was just installed, or erase this one first.', 'svc-licensing' ),
						null,
						array( 'occupied' => $occupied )
					);
				}
				$this->preflight( $stream, $admit );
				$this->write( $stream, $admit );
			} finally {
				$this->unlock();
			}
		} catch ( InvalidExport $invalid ) {
			throw new ServiceError( ErrorCode::INVALID_EXPORT, $invalid->getMessage(), null, array( 'reason' => $invalid->reason() ) );
		}
		return array(
			'rows'       => $summary['rows'],
			'files'      => $summary['files'],
			'tables'     => $summary['tables'],
			'created_at' => (string) $summary['header']['created_at'],
			'source'     => (string) $summary['header']['source'],
		);
	}

	/**
	 * Writes a checked file in batches that each commit (see the class). A fault empties what was written, puts
	 * the options back and removes this request's files; a malformed line or a refused row is answered as such
	 * after that, anything else as a 500.
	 *
	 * @param resource $stream The checked file.
	 * @param callable $admit  The caller's check of each row (see restore()).
	 * @throws InvalidExport For a malformed line (after the undo).
	 * @throws ServiceError What $admit throws, or 500 when writing failed (nothing kept; both after the undo).
	 */
	private function write( $stream, callable $admit ): void {
		if ( function_exists( 'set_time_limit' ) ) {
			set_time_limit( 0 );
		}
		$stage   = $this->packages->path() . '/.restoring-' . wp_generate_password( 12, false ) . '-';
		$staged  = array();
		$options = array();
		foreach ( self::OPTIONS as $option ) {
			$options[ $option ] = get_option( $option, null );
		}
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
		$meta = (array) $this->db->get_results( "SELECT * FROM {$this->db->prefix}" . Tables::META, ARRAY_A );
		rewind( $stream );
		try {
			if ( null !== get_option( self::INCOMPLETE, null ) ) {
				// A restore that died midway left its rows: they go first.
				$this->empty_tables();
			}
			update_option( self::INCOMPLETE, (string) time(), false );
			$this->clear( Tables::META );
			$batch = new RestoreBatch( self::BATCH, self::WRITE_BYTES );
			ExportReader::each(
				$stream,
				function ( string $table, array $row ) use ( $admit, $batch ): void {
					$row = $this->admitted( $admit, $table, $row );
					if ( null === $row ) {
						return;
					}
					if ( 'options' === $table ) {
						$this->flush( $batch );
						update_option( (string) $row['name'], $row['value'], true );
						return;
					}
					if ( ! in_array( $table, self::tables(), true ) || array() !== array_diff( array_keys( $row ), $this->columns_of( $table ) ) ) {
						throw new RuntimeException( "unknown table or column in {$table}" );
					}
					if ( ! $batch->fits( $table, $row ) ) {
						$this->flush( $batch );
					}
					$batch->add( $table, $row );
					if ( $batch->full() ) {
						$this->flush( $batch );
					}
				},
				function ( string $name, string $bytes, bool $first ) use ( &$staged, $stage, $batch ): void {
					$this->flush( $batch );
					if ( $first && ! $this->packages->ensure_writable() ) {
						throw new RuntimeException( 'package folder not writable' );
					}
					$staged[ $name ] = true;
					// phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_file_put_contents,WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents -- streamed restore into our own folder.
					if ( false === file_put_contents( $stage . $name, $bytes, $first ? 0 : FILE_APPEND ) ) {
						throw new RuntimeException( 'package not written' );
					}
				}
			);
			$this->flush( $batch );
		} catch ( InvalidExport | ServiceError $refused ) {
			$this->undo( $stage, $staged, $options, $meta );
			throw $refused;
		} catch ( \Throwable $failed ) {
			$this->undo( $stage, $staged, $options, $meta );
			// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- the detail goes to the log.
			error_log( 'svc-licensing: restore failed: ' . $failed->getMessage() );
			throw new ServiceError( ErrorCode::INTERNAL_ERROR, __( 'The restore failed while writing and was undone; nothing was kept. The error has been logged.', 'svc-licensing' ), 500 );
		}
		foreach ( array_keys( $staged ) as $name ) {
			// phpcs:ignore WordPress.WP.AlternativeFunctions.rename_rename -- our own folder.
			rename( $stage . $name, $this->packages->path() . '/' . $name );
		}
		delete_option( self::INCOMPLETE );
		wp_cache_flush();
	}

	/**
	 * Writes the batch's rows, if it holds any, in one multi-row INSERT, and renews the lock's time.
	 *
	 * @param RestoreBatch $batch The batch; emptied.
	 * @throws RuntimeException When the rows cannot be written.
	 */
	private function flush( RestoreBatch $batch ): void {
		$taken = $batch->take();
		if ( null === $taken ) {
			return;
		}
		list( $table, $columns, $rows ) = $taken;
		$tuples                         = array();
		foreach ( $rows as $row ) {
			$values = array();
			foreach ( $columns as $column ) {
				$value    = $row[ $column ] ?? null;
				$values[] = null === $value ? 'NULL' : "'" . $this->db->_real_escape( is_bool( $value ) ? (string) (int) $value : (string) $value ) . "'";
			}
			$tuples[] = '(' . implode( ', ', $values ) . ')';
		}
		$names  = implode(
			', ',
			array_map(
				static function ( string $column ): string {
					return '`' . $column . '`';
				},
				$columns
			)
		);
		$insert = function () use ( $table, $names, $tuples, $rows ): array {
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared,WordPress.DB.PreparedSQL.NotPrepared -- table and columns checked against the schema (preflight, and the callback above), values escaped above.
			if ( false === $this->db->query( "INSERT INTO {$this->db->prefix}{$table} ({$names}) VALUES " . implode( ', ', $tuples ) ) ) {
				throw new RuntimeException( "rows of {$table} refused: " . $this->db->last_error );
			}
			return array_map( 'intval', array_column( $rows, 'id' ) );
		};
		if ( in_array( $table, array( Tables::LICENSES, Tables::ACTIVATIONS ), true ) && in_array( 'id', $columns, true ) ) {
			// The summary counts of a batch of licences or activations are added once for the batch, in its own
			// transaction, instead of by the triggers row by row.
			( new Transaction( $this->db ) )->run(
				function () use ( $insert, $table ): void {
					$counts = new LicenseCounts( $this->db );
					if ( Tables::LICENSES === $table ) {
						$counts->insert_licenses( $insert );
					} else {
						$counts->insert_sites( $insert );
					}
				}
			);
		} else {
			$insert();
		}
		$this->renew();
	}

	/**
	 * Undoes a failed write: every exported table emptied (the site was empty), svc_meta's rows and the options
	 * put back as they were, this request's staged files removed, the mark and cached options dropped.
	 *
	 * @param string                                       $stage   Prefix of the staged files.
	 * @param array<string, true>                          $staged  Staged file names.
	 * @param array<string, mixed>                         $options The restored options' values before (null: absent).
	 * @param list<array<string, mixed>>|array<int, mixed> $meta svc_meta's rows before.
	 */
	private function undo( string $stage, array $staged, array $options, array $meta ): void {
		foreach ( array_keys( $staged ) as $name ) {
			wp_delete_file( $stage . $name );
		}
		$this->empty_tables();
		foreach ( $meta as $row ) {
			$this->db->insert( $this->db->prefix . Tables::META, (array) $row );
		}
		foreach ( $options as $option => $value ) {
			if ( null === $value ) {
				delete_option( $option );
			} else {
				update_option( $option, $value );
			}
		}
		delete_option( self::INCOMPLETE );
		wp_cache_flush();
	}

	/**
	 * Empties every exported table (a restore's undo, or the rows of one that died midway), and the summaries the
	 * database keeps of licences and activations (LicenseCounts' triggers do not see a TRUNCATE; on an empty
	 * service they are empty).
	 */
	private function empty_tables(): void {
		foreach ( array_merge( self::tables(), Tables::summaries() ) as $table ) {
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared,WordPress.DB.DirectDatabaseQuery.SchemaChange -- table name from a constant; the site was empty before the restore.
			$this->db->query( "TRUNCATE TABLE {$this->db->prefix}{$table}" );
		}
	}

	/**
	 * Every row of a table, a batch at a time by id, or at once for the small tables keyed by something else (their
	 * primary key's columns): the key secret's and lease keys' fingerprints, and old clients' answered calls, one row
	 * per protocol and day. A table missing here would be read `WHERE id > 0`, fail, and be left out of exports.
	 *
	 * @param string $table A Tables constant.
	 * @return \Generator<int, array<string, mixed>>
	 */
	private function rows_of( string $table ): \Generator {
		$name = $this->db->prefix . $table;
		if ( isset( self::KEYED_OTHERWISE[ $table ] ) ) {
			$order = self::KEYED_OTHERWISE[ $table ];
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name and columns from constants.
			yield from (array) $this->db->get_results( "SELECT * FROM {$name} ORDER BY {$order}", ARRAY_A );
			return;
		}
		$after = 0;
		do {
			$rows = (array) $this->db->get_results(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
				$this->db->prepare( "SELECT * FROM {$name} WHERE id > %d ORDER BY id LIMIT %d", $after, self::BATCH ),
				ARRAY_A
			);
			$full = self::BATCH === count( $rows );
			foreach ( $rows as $row ) {
				$after = (int) $row['id'];
				yield $row;
			}
		} while ( $full );
	}

	/**
	 * A pass over the verified file before anything is written: the schema version must be this site's, rows
	 * may only name this plugin's tables and their real columns, and files only package names this folder
	 * gives (and none that exists already). The checksum proves a file undamaged, not honest: anyone can write
	 * one, so nothing in it reaches SQL or the disk unchecked. Every row that would be written goes through the
	 * caller's $admit here first, so a row it refuses stops the restore before anything is written.
	 *
	 * @param resource $stream The verified file.
	 * @param callable $admit  The caller's check of each row (see restore()).
	 * @throws ServiceError 409 export_schema_mismatch, 400 invalid_export with reason forged, or what $admit throws.
	 */
	private function preflight( $stream, callable $admit ): void {
		rewind( $stream );
		$found  = null;
		$forged = null;
		ExportReader::each(
			$stream,
			function ( string $table, array $row ) use ( &$found, &$forged, $admit ): void {
				$this->renew();
				$this->admitted( $admit, $table, $row );
				if ( 'options' === $table ) {
					if ( SchemaMigrator::VERSION_OPTION === ( $row['name'] ?? null ) ) {
						$found = (int) json_decode( (string) ( $row['value'] ?? '' ), true );
					}
					return;
				}
				$unknown = in_array( $table, self::tables(), true ) ? array_diff( array_keys( $row ), $this->columns_of( $table ) ) : array( $table );
				if ( null === $forged && array() !== $unknown ) {
					$forged = sprintf( '%s: %s', $table, implode( ', ', array_map( 'strval', $unknown ) ) );
				}
			},
			function ( string $name, string $bytes, bool $first ) use ( &$forged ): void {
				unset( $bytes );
				if ( $first && null === $forged && ( ! PackageDirectory::is_stored_name( $name ) || file_exists( $this->packages->path() . '/' . $name ) ) ) {
					$forged = $name;
				}
			}
		);
		if ( null !== $forged ) {
			throw new ServiceError(
				ErrorCode::INVALID_EXPORT,
				__( 'The file names tables, columns or files that this plugin never exports, or a package that already exists here. It was not made by this plugin and was not restored.', 'svc-licensing' ),
				null,
				array(
					'reason' => 'forged',
					'found'  => substr( $forged, 0, 200 ),
				)
			);
		}
		$here = (int) get_option( SchemaMigrator::VERSION_OPTION, 0 );
		if ( $found !== $here ) {
			throw new ServiceError(
				ErrorCode::EXPORT_SCHEMA_MISMATCH,
				/* translators: 1: schema version of the file, 2: schema version of this site. */
				sprintf( __( 'The export holds data of schema version %1$s and this site runs version %2$s. Install the same version of the plugin as the exporting site, then restore.', 'svc-licensing' ), null === $found ? '?' : (string) $found, (string) $here )
			);
		}
	}

	/**
	 * The columns of one of the plugin's tables.
	 *
	 * @param string $table A Tables constant.
	 * @return string[]
	 */
	private function columns_of( string $table ): array {
		if ( ! isset( $this->columns[ $table ] ) ) {
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
			$this->columns[ $table ] = array_map( 'strval', (array) $this->db->get_col( "DESCRIBE {$this->db->prefix}{$table}", 0 ) );
		}
		return $this->columns[ $table ];
	}

	/**
	 * Takes the restore lock (one restore at a time; a lock whose time was not renewed for STALE seconds is taken
	 * over: its restore died).
	 */
	private function lock(): bool {
		$claimed = $this->db->query(
			$this->db->prepare( "INSERT IGNORE INTO {$this->db->options} (option_name, option_value, autoload) VALUES (%s, %s, 'no')", self::LOCK, (string) time() )
		);
		if ( 1 === $claimed ) {
			$this->renewed = time();
			return true;
		}
		$since = (int) $this->db->get_var( $this->db->prepare( "SELECT option_value FROM {$this->db->options} WHERE option_name = %s", self::LOCK ) );
		if ( $since < time() - self::STALE && 1 === $this->db->query( $this->db->prepare( "UPDATE {$this->db->options} SET option_value = %s WHERE option_name = %s AND option_value = %s", (string) time(), self::LOCK, (string) $since ) ) ) {
			$this->renewed = time();
			return true;
		}
		return false;
	}

	/**
	 * Renews the lock's time, at most every ten seconds, so a restore that runs for long is not taken for dead.
	 */
	private function renew(): void {
		if ( time() - $this->renewed < 10 ) {
			return;
		}
		$this->renewed = time();
		$this->db->query( $this->db->prepare( "UPDATE {$this->db->options} SET option_value = %s WHERE option_name = %s", (string) $this->renewed, self::LOCK ) );
	}

	/**
	 * Releases the restore lock.
	 */
	private function unlock(): void {
		$this->db->delete( $this->db->options, array( 'option_name' => self::LOCK ) );
	}

	/**
	 * A row as the caller's check admits it: null for an option that is not restored (not handed to $admit), an
	 * option with its value decoded.
	 *
	 * @param callable             $admit The caller's check (see restore()).
	 * @param string               $table Table or 'options'.
	 * @param array<string, mixed> $row   Row as the file holds it.
	 * @return array<string, mixed>|null
	 */
	private function admitted( callable $admit, string $table, array $row ): ?array {
		if ( 'options' === $table ) {
			$name = (string) ( $row['name'] ?? '' );
			if ( ! in_array( $name, self::OPTIONS, true ) ) {
				return null;
			}
			$row = array(
				'name'  => $name,
				'value' => json_decode( (string) ( $row['value'] ?? '' ), true ),
			);
		}
		return (array) call_user_func( $admit, $table, $row );
	}

	/**
	 * Empties one table (the restore replaces the key secret's fingerprint with the file's).
	 *
	 * @param string $table A Tables constant.
	 */
	private function clear( string $table ): void {
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
		$this->db->query( "DELETE FROM {$this->db->prefix}{$table}" );
	}
}
