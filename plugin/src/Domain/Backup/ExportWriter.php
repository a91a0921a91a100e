<?php
/**
 * Writes the streaming, self-verifying export file (moving hosts, backups).
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Backup;

use InvalidArgumentException;
use JsonException;
use LogicException;
use RuntimeException;

/**
 * One JSON object per line, "\n" after each:
 *
 * 1. {"format":"svc-licensing-export","version":1,"created_at":"…","source":"…"}
 * 2. {"t":"row","table":"products","row":{…}} for every row of every table (settings are rows of a pseudo-table);
 * 3. {"t":"file","name":"…","size":N,"sha256":"…"} then {"t":"chunk","data":"<base64>"} lines of up to 768 KiB
 *    each (none for an empty file);
 * 4. {"t":"end","rows":N,"files":N,"sha256":"<SHA-256 of every byte before this line>"}.
 *
 * Every line is written to the caller's stream as soon as it is made and hashed incrementally, so memory stays
 * constant whatever the size of the database and of the package files. The checksum detects damage, not forgery.
 */
final class ExportWriter {
	public const FORMAT  = 'svc-licensing-export';
	public const VERSION = 1;

	/**
	 * Bytes of file data per chunk line; base64 makes that exactly 1 MiB of text.
	 */
	public const CHUNK_BYTES = 786432;

	/**
	 * Longest line a reader accepts, "\n" included.
	 */
	public const MAX_LINE_BYTES = 2097152;

	/**
	 * Table names: a pseudo-table for settings is fine, a path or SQL is not.
	 */
	public const TABLE_PATTERN = '/^[a-z_]{1,64}\z/';

	/**
	 * File names; they must not start with a dot either, because the restore writes them into a folder.
	 */
	public const FILE_NAME_PATTERN = '/^[A-Za-z0-9._-]{1,128}\z/';

	/**
	 * JSON flags of every line.
	 */
	private const JSON_FLAGS = JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION | JSON_THROW_ON_ERROR;

	/**
	 * Where the export goes.
	 *
	 * @var resource
	 */
	private $stream;

	/**
	 * Running SHA-256 of every byte written so far; null once the end line is made.
	 *
	 * @var \HashContext|null
	 */
	private $hash;

	/**
	 * Row lines written.
	 *
	 * @var int
	 */
	private $rows = 0;

	/**
	 * File entries written.
	 *
	 * @var int
	 */
	private $files = 0;

	/**
	 * Why nothing more may be written: empty while the export is open.
	 *
	 * @var string
	 */
	private $closed = '';

	/**
	 * Writes the header line.
	 *
	 * @param resource $stream     Writable stream, e.g. fopen( 'php://output', 'wb' ) or php://temp.
	 * @param string   $created_at ISO 8601 UTC time of the export.
	 * @param string   $source     URL of the site it comes from.
	 * @throws InvalidArgumentException When $stream is not an open stream (and RuntimeException when the stream
	 *                                  refuses the bytes).
	 */
	public function __construct( $stream, string $created_at, string $source ) {
		if ( ! is_resource( $stream ) ) {
			throw new InvalidArgumentException( 'The export needs an open stream to write to.' );
		}
		$this->stream = $stream;
		$this->hash   = hash_init( 'sha256' );
		$this->write(
			$this->line(
				array(
					'format'     => self::FORMAT,
					'version'    => self::VERSION,
					'created_at' => $created_at,
					'source'     => $source,
				)
			)
		);
	}

	/**
	 * Adds one row of a table.
	 *
	 * @param string               $table Table short name, e.g. "products".
	 * @param array<string, mixed> $row   Column => value; values must be JSON-encodable (strings valid UTF-8).
	 * @return void
	 * @throws InvalidArgumentException When the table name is not allowed, or the row cannot be encoded or is too
	 *                                  large (and LogicException when the export is already finished,
	 *                                  RuntimeException when the stream refuses the bytes).
	 */
	public function row( string $table, array $row ): void {
		$this->assert_open();
		if ( ! preg_match( self::TABLE_PATTERN, $table ) ) {
			throw new InvalidArgumentException( 'Table names are 1 to 64 lowercase letters and underscores.' );
		}
		$line = $this->line(
			array(
				't'     => 'row',
				'table' => $table,
				'row'   => $row,
			)
		);
		if ( strlen( $line ) > self::MAX_LINE_BYTES ) {
			throw new InvalidArgumentException( 'A row of table ' . $table . ' is larger than an export line may be (2 MiB).' );
		}
		$this->write( $line );
		++$this->rows;
	}

	/**
	 * Adds a file: its entry line (size and SHA-256, computed first), then its contents in chunk lines.
	 *
	 * @param string $name File name in the export, e.g. "my-plugin-2.0.0.zip".
	 * @param string $path Readable file to copy.
	 * @return void
	 * @throws InvalidArgumentException When the name is not allowed or the file cannot be read (and LogicException
	 *                                  when the export is already finished).
	 * @throws RuntimeException When the file changes while it is copied or the stream refuses the bytes; the export
	 *                          is then unusable and no further call is accepted.
	 */
	public function file( string $name, string $path ): void {
		$this->assert_open();
		if ( ! preg_match( self::FILE_NAME_PATTERN, $name ) || '.' === $name[0] ) {
			throw new InvalidArgumentException( 'File names are 1 to 128 letters, digits, dots, dashes and underscores, not starting with a dot.' );
		}
		clearstatcache( true, $path );
		$size   = is_file( $path ) && is_readable( $path ) ? filesize( $path ) : false;
		$sha256 = false === $size ? false : hash_file( 'sha256', $path );
		// phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fopen -- pure domain code, streams a local file.
		$source = false === $sha256 ? false : fopen( $path, 'rb' );
		if ( false === $source ) {
			throw new InvalidArgumentException( 'The file for ' . $name . ' cannot be read.' );
		}
		try {
			$this->write(
				$this->line(
					array(
						't'      => 'file',
						'name'   => $name,
						'size'   => $size,
						'sha256' => $sha256,
					)
				)
			);
			++$this->files;
			$copied  = 0;
			$content = hash_init( 'sha256' );
			while ( true ) {
				$bytes = self::read_chunk( $source );
				if ( '' === $bytes ) {
					break;
				}
				$copied += strlen( $bytes );
				hash_update( $content, $bytes );
				$this->write(
					$this->line(
						array(
							't'    => 'chunk',
							// phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- binary data in a JSON line, not obfuscation.
							'data' => base64_encode( $bytes ),
						)
					)
				);
			}
			if ( $copied !== $size || ! hash_equals( $sha256, hash_final( $content ) ) ) {
				throw new RuntimeException( 'The file for ' . $name . ' changed while it was being exported. Export again.' );
			}
		} catch ( RuntimeException $e ) {
			$this->closed = 'it failed while copying ' . $name;
			throw $e;
		} finally {
			// phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fclose -- pure domain code.
			fclose( $source );
		}
	}

	/**
	 * Writes the closing line with the counts and the checksum.
	 *
	 * @return void
	 * @throws LogicException When the export is already finished.
	 * @throws RuntimeException When the stream refuses the bytes.
	 */
	public function finish(): void {
		$this->assert_open();
		$this->closed = 'it is finished';
		$line         = $this->line(
			array(
				't'      => 'end',
				'rows'   => $this->rows,
				'files'  => $this->files,
				'sha256' => hash_final( $this->hash ),
			)
		);
		$this->hash   = null;
		$this->write( $line );
	}

	/**
	 * Row lines written so far.
	 *
	 * @return int
	 */
	public function rows(): int {
		return $this->rows;
	}

	/**
	 * File entries written so far.
	 *
	 * @return int
	 */
	public function files(): int {
		return $this->files;
	}

	/**
	 * Refuses to write after finish() or after a failure.
	 *
	 * @return void
	 * @throws LogicException When nothing more may be written.
	 */
	private function assert_open(): void {
		if ( '' !== $this->closed ) {
			throw new LogicException( 'Nothing more can be added to this export: ' . $this->closed . '.' );
		}
	}

	/**
	 * One record as a line.
	 *
	 * @param array<string, mixed> $record Record.
	 * @return string JSON and "\n".
	 * @throws InvalidArgumentException When it cannot be encoded (e.g. a string that is not UTF-8).
	 */
	private function line( array $record ): string {
		try {
			// phpcs:ignore WordPress.WP.AlternativeFunctions.json_encode_json_encode -- pure domain code, no WordPress needed.
			return json_encode( $record, self::JSON_FLAGS ) . "\n";
		} catch ( JsonException $e ) {
			throw new InvalidArgumentException( 'A value cannot be exported: ' . $e->getMessage() . '.', 0, $e );
		}
	}

	/**
	 * Writes and hashes a line, all of it.
	 *
	 * @param string $line Line.
	 * @return void
	 * @throws RuntimeException When the stream refuses the bytes; the export is then unusable.
	 */
	private function write( string $line ): void {
		if ( null !== $this->hash ) {
			hash_update( $this->hash, $line );
		}
		$length  = strlen( $line );
		$written = 0;
		while ( $written < $length ) {
			// phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fwrite -- pure domain code, writes the caller's stream.
			$count = fwrite( $this->stream, 0 === $written ? $line : substr( $line, $written ) );
			if ( false === $count || 0 === $count ) {
				$this->closed = 'writing it failed';
				throw new RuntimeException( 'The export could not be written (disk full or connection closed?).' );
			}
			$written += $count;
		}
	}

	/**
	 * Up to CHUNK_BYTES from a file, fewer only at its end.
	 *
	 * @param resource $source Open file.
	 * @return string Bytes; empty at the end of the file.
	 * @throws RuntimeException When reading fails.
	 */
	private static function read_chunk( $source ): string {
		$bytes   = '';
		$missing = self::CHUNK_BYTES;
		while ( $missing > 0 && ! feof( $source ) ) {
			// phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fread -- pure domain code, streams a local file.
			$more = fread( $source, $missing );
			if ( false === $more ) {
				throw new RuntimeException( 'A file could not be read while it was being exported.' );
			}
			if ( '' === $more ) {
				break;
			}
			$bytes   .= $more;
			$missing -= strlen( $more );
		}
		return $bytes;
	}
}
