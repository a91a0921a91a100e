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
use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\ServiceError;
use wpdb;

/**
 * Export streams every table (rate-limit counters aside), the settings, the key secret and the schema version,
 * and every stored release package, a batch of rows at a time. Restore checks the whole file first (format,
 * version, checksum), then refuses a site that already holds data or runs another schema version, then writes
 * everything in one database transaction; package files are written under temporary names and renamed at the
 * end, so a failure leaves the site as empty as it was.
 *
 * This is the one writer besides the repositories that touches every table: a restore is a whole-database
 * operation on an empty service, not an ordinary change to its rows.
 */
final class DatabaseImage {
	private const BATCH = 500;

	/**
	 * Options that travel in the file, and only these are restored.
	 */
	private const OPTIONS = array( Settings::OPTION, KeySecret::OPTION, SchemaMigrator::VERSION_OPTION );

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
	 * Constructor.
	 *
	 * @param wpdb             $db       Database.
	 * @param PackageDirectory $packages Release packages.
	 */
	public function __construct( wpdb $db, PackageDirectory $packages ) {
		$this->db       = $db;
		$this->packages = $packages;
	}

	/**
	 * The tables an export holds (rate-limit counters are a minute's state, not data).
	 *
	 * @return string[]
	 */
	public static function tables(): array {
		return array_values( array_diff( Tables::all(), array( Tables::RATE_LIMITS ) ) );
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
		$names = glob( $this->packages->path() . '/*.zip' );
		foreach ( false === $names ? array() : $names as $path ) {
			$writer->file( basename( $path ), $path );
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
			$suppressed = $this->db->suppress_errors( true );
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
			$count = (int) $this->db->get_var( "SELECT COUNT(*) FROM {$this->db->prefix}{$table}" );
			$this->db->suppress_errors( $suppressed );
			if ( $count > 0 ) {
				$occupied[ $table ] = $count;
			}
		}
		return $occupied + ( $this->packages->count() > 0 ? array( 'release_files' => $this->packages->count() ) : array() );
	}

	/**
	 * Restores an export into this empty site.
	 *
	 * @param resource $stream Readable, seekable stream of the file.
	 * @return array{rows: int, files: int, tables: array<string, int>, created_at: string, source: string}
	 * @throws ServiceError 400 invalid_export before anything is written; 409 when the site holds data or runs
	 *                      another schema version; 500 when writing failed (nothing kept).
	 */
	public function restore( $stream ): array {
		try {
			$summary = ExportReader::verify( $stream );
		} catch ( InvalidExport $invalid ) {
			throw new ServiceError( ErrorCode::INVALID_EXPORT, $invalid->getMessage(), null, array( 'reason' => $invalid->reason() ) );
		}
		$occupied = $this->occupied();
		if ( array() !== $occupied ) {
			throw new ServiceError(
				ErrorCode::RESTORE_TARGET_NOT_EMPTY,
				__( 'This site already holds licensing data, so the export was not restored: a restore never mixes two databases. Restore into a site where the plugin was just installed, or erase this one first.', 'svc-licensing' ),
				null,
				array( 'occupied' => $occupied )
			);
		}
		$this->assert_same_schema( $stream );
		rewind( $stream );
		$written = array();
		$this->db->query( 'START TRANSACTION' );
		try {
			$this->clear( Tables::META );
			ExportReader::each(
				$stream,
				function ( string $table, array $row ): void {
					$this->restore_row( $table, $row );
				},
				function ( string $name, string $bytes, bool $first, bool $last ) use ( &$written ): void {
					$written[ $name ] = true;
					$this->restore_chunk( $name, $bytes, $first, $last );
				}
			);
			$this->db->query( 'COMMIT' );
		} catch ( \Throwable $failed ) {
			$this->db->query( 'ROLLBACK' );
			foreach ( array_keys( $written ) as $name ) {
				wp_delete_file( $this->packages->path() . '/' . $name );
				wp_delete_file( $this->packages->path() . '/.restoring-' . $name );
			}
			if ( $failed instanceof InvalidExport ) {
				throw new ServiceError( ErrorCode::INVALID_EXPORT, $failed->getMessage(), null, array( 'reason' => $failed->reason() ) );
			}
			// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- the detail goes to the log.
			error_log( 'svc-licensing: restore failed: ' . $failed->getMessage() );
			throw new ServiceError( ErrorCode::INTERNAL_ERROR, __( 'The restore failed while writing and was undone; nothing was kept. The error has been logged.', 'svc-licensing' ), 500 );
		}
		wp_cache_flush();
		return array(
			'rows'       => $summary['rows'],
			'files'      => $summary['files'],
			'tables'     => $summary['tables'],
			'created_at' => (string) $summary['header']['created_at'],
			'source'     => (string) $summary['header']['source'],
		);
	}

	/**
	 * Every row of a table, a batch at a time (by id where the table has one).
	 *
	 * @param string $table A Tables constant.
	 * @return \Generator<int, array<string, mixed>>
	 */
	private function rows_of( string $table ): \Generator {
		$name = $this->db->prefix . $table;
		if ( Tables::META === $table ) {
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
			yield from (array) $this->db->get_results( "SELECT * FROM {$name} ORDER BY name", ARRAY_A );
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
	 * Refuses a file of another schema version than this site's, before anything is written.
	 *
	 * @param resource $stream The verified file.
	 * @throws ServiceError 409 export_schema_mismatch.
	 */
	private function assert_same_schema( $stream ): void {
		rewind( $stream );
		$found = null;
		ExportReader::each(
			$stream,
			static function ( string $table, array $row ) use ( &$found ): void {
				if ( 'options' === $table && SchemaMigrator::VERSION_OPTION === ( $row['name'] ?? null ) ) {
					$found = (int) json_decode( (string) $row['value'], true );
				}
			},
			static function (): void {}
		);
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
	 * Writes one row (of a known table, or one of the known options).
	 *
	 * @param string               $table Table or 'options'.
	 * @param array<string, mixed> $row   Row.
	 * @throws RuntimeException When the row cannot be written.
	 */
	private function restore_row( string $table, array $row ): void {
		if ( 'options' === $table ) {
			$name = (string) ( $row['name'] ?? '' );
			if ( in_array( $name, self::OPTIONS, true ) ) {
				update_option( $name, json_decode( (string) $row['value'], true ), true );
			}
			return;
		}
		if ( ! in_array( $table, self::tables(), true ) ) {
			throw new RuntimeException( "unknown table {$table}" );
		}
		if ( false === $this->db->insert( $this->db->prefix . $table, $row ) ) {
			throw new RuntimeException( "row of {$table} refused: " . $this->db->last_error );
		}
	}

	/**
	 * Writes a piece of a package file; the file gets its name once complete and checked.
	 *
	 * @param string $name  File name (checked by the reader).
	 * @param string $bytes Data.
	 * @param bool   $first First piece.
	 * @param bool   $last  Last piece, after the reader checked the file's SHA-256.
	 * @throws RuntimeException When the folder cannot be written.
	 */
	private function restore_chunk( string $name, string $bytes, bool $first, bool $last ): void {
		if ( $first && ! $this->packages->ensure_writable() ) {
			throw new RuntimeException( 'package folder not writable' );
		}
		$partial = $this->packages->path() . '/.restoring-' . $name;
		// phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_file_put_contents,WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents -- streamed restore into our own folder.
		if ( false === file_put_contents( $partial, $bytes, $first ? 0 : FILE_APPEND ) ) {
			throw new RuntimeException( 'package not written' );
		}
		// phpcs:ignore WordPress.WP.AlternativeFunctions.rename_rename -- our own folder.
		if ( $last && ! rename( $partial, $this->packages->path() . '/' . $name ) ) {
			throw new RuntimeException( 'package not renamed' );
		}
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
