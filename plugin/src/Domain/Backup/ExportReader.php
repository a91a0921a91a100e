<?php
/**
 * Reads and checks an export file written by ExportWriter.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Backup;

use InvalidArgumentException;
use JsonException;

/**
 * Streams the file one line at a time (a line is at most 2 MiB; a chunk line is about 1 MiB), so checking or
 * restoring a 1 GB export needs no more memory than one line and one decoded chunk. verify() checks everything
 * before anything is restored; each() then hands the rows and the file data to the restore, and still refuses
 * anything malformed.
 */
final class ExportReader {

	/**
	 * Bytes asked of the stream at a time; long lines are read in several pieces.
	 */
	private const READ_BYTES = 65536;

	/**
	 * SHA-256 as the writer spells it.
	 */
	private const SHA256_PATTERN = '/^[0-9a-f]{64}\z/';

	/**
	 * Stream being read.
	 *
	 * @var resource
	 */
	private $stream;

	/**
	 * Called with ( string $table, array $row ), or null.
	 *
	 * @var callable|null
	 */
	private $on_row;

	/**
	 * Called with ( string $name, string $bytes, bool $first, bool $last ), or null.
	 *
	 * @var callable|null
	 */
	private $on_file_chunk;

	/**
	 * Running SHA-256 of every line before the end line.
	 *
	 * @var \HashContext
	 */
	private $hash;

	/**
	 * Number of the line being checked, from 1 (the header).
	 *
	 * @var int
	 */
	private $line_number = 0;

	/**
	 * Row lines seen.
	 *
	 * @var int
	 */
	private $rows = 0;

	/**
	 * File entries seen.
	 *
	 * @var int
	 */
	private $files = 0;

	/**
	 * Row lines per table.
	 *
	 * @var array<string, int>
	 */
	private $tables = array();

	/**
	 * The file whose chunks are expected: name, size, sha256, received, hash (context), first; null between files.
	 *
	 * @var array<string, mixed>|null
	 */
	private $file;

	/**
	 * The end record, once read.
	 *
	 * @var array<string, mixed>|null
	 */
	private $end;

	/**
	 * Checks a whole export, from the stream's current position to its end.
	 *
	 * @param resource $stream Readable stream.
	 * @return array{header: array{format: string, version: int, created_at: string, source: string}, rows: int, files: int, tables: array<string, int>}
	 * @throws InvalidExport When it is not a complete, undamaged export this version can read.
	 * @throws InvalidArgumentException When $stream is not an open stream.
	 */
	public static function verify( $stream ): array {
		$reader = new self( $stream, null, null );
		return $reader->read();
	}

	/**
	 * Hands the rows and file data of an export to the restore. Call verify() first and rewind the stream: this
	 * refuses malformed lines as it goes, but by then earlier rows have already been handed over.
	 *
	 * A file's data comes in order; $first is true on its first call, $last on its final one, which is made only
	 * after its SHA-256 has been checked. An empty file gets a single call with '' and both true.
	 *
	 * @param resource $stream        Readable stream, positioned at the header line.
	 * @param callable $on_row        Called with ( string $table, array $row ).
	 * @param callable $on_file_chunk Called with ( string $name, string $bytes, bool $first, bool $last ).
	 * @return void
	 * @throws InvalidExport When the export is malformed.
	 * @throws InvalidArgumentException When $stream is not an open stream.
	 */
	public static function each( $stream, callable $on_row, callable $on_file_chunk ): void {
		$reader = new self( $stream, $on_row, $on_file_chunk );
		$reader->read();
	}

	/**
	 * Constructor.
	 *
	 * @param resource      $stream        Readable stream.
	 * @param callable|null $on_row        Row callback.
	 * @param callable|null $on_file_chunk File data callback.
	 * @throws InvalidArgumentException When $stream is not an open stream.
	 */
	private function __construct( $stream, ?callable $on_row, ?callable $on_file_chunk ) {
		if ( ! is_resource( $stream ) ) {
			throw new InvalidArgumentException( 'The export needs an open stream to read from.' );
		}
		$this->stream        = $stream;
		$this->on_row        = $on_row;
		$this->on_file_chunk = $on_file_chunk;
		$this->hash          = hash_init( 'sha256' );
	}

	/**
	 * Reads every line and checks the whole.
	 *
	 * @return array{header: array{format: string, version: int, created_at: string, source: string}, rows: int, files: int, tables: array<string, int>}
	 * @throws InvalidExport When anything is wrong.
	 */
	private function read(): array {
		$header = $this->header();
		while ( true ) {
			$line = $this->next_line();
			if ( null === $line ) {
				break;
			}
			if ( null !== $this->end ) {
				throw $this->corrupt( 'something follows the closing record' );
			}
			$record = self::decode( $line );
			$type   = is_array( $record ) && isset( $record['t'] ) && is_string( $record['t'] ) ? $record['t'] : '';
			if ( "\n" !== substr( $line, -1 ) && 'end' !== $type ) {
				throw new InvalidExport( InvalidExport::TRUNCATED );
			}
			if ( '' === $type ) {
				throw $this->corrupt( 'it is not an export record' );
			}
			if ( null !== $this->file && 'chunk' !== $type ) {
				throw $this->corrupt( 'the data of file ' . $this->file['name'] . ' stops before its end' );
			}
			if ( 'end' === $type ) {
				$this->end( $record );
				continue;
			}
			hash_update( $this->hash, $line );
			unset( $line );
			if ( 'row' === $type ) {
				$this->row( $record );
			} elseif ( 'file' === $type ) {
				$this->file( $record );
			} elseif ( 'chunk' === $type ) {
				$this->chunk( $record );
			} else {
				throw $this->corrupt( 'it is of an unknown kind' );
			}
		}
		if ( null === $this->end ) {
			throw new InvalidExport( InvalidExport::TRUNCATED );
		}
		if ( $this->end['rows'] !== $this->rows || $this->end['files'] !== $this->files || ! hash_equals( $this->end['sha256'], hash_final( $this->hash ) ) ) {
			throw new InvalidExport( InvalidExport::CHECKSUM_MISMATCH );
		}
		return array(
			'header' => $header,
			'rows'   => $this->rows,
			'files'  => $this->files,
			'tables' => $this->tables,
		);
	}

	/**
	 * Reads and checks the first line.
	 *
	 * @return array{format: string, version: int, created_at: string, source: string}
	 * @throws InvalidExport When it is not an export header, or one of another version.
	 */
	private function header(): array {
		try {
			$line = $this->next_line();
		} catch ( InvalidExport $e ) {
			throw new InvalidExport( InvalidExport::NOT_AN_EXPORT );
		}
		$record = null === $line ? null : self::decode( $line );
		if ( ! is_array( $record ) || ExportWriter::FORMAT !== ( $record['format'] ?? null ) ) {
			throw new InvalidExport( InvalidExport::NOT_AN_EXPORT );
		}
		$version = $record['version'] ?? null;
		if ( ExportWriter::VERSION !== $version ) {
			throw new InvalidExport(
				InvalidExport::UNSUPPORTED_VERSION,
				sprintf(
					'This export uses format version %1$s, and this version of the plugin reads only format version %2$d. Update the plugin on this site, then import the file again.',
					is_int( $version ) ? (string) $version : 'unknown',
					ExportWriter::VERSION
				)
			);
		}
		if ( ! is_string( $record['created_at'] ?? null ) || ! is_string( $record['source'] ?? null ) ) {
			throw $this->corrupt( 'the header lacks the export time or the source site' );
		}
		if ( "\n" !== substr( $line, -1 ) ) {
			throw new InvalidExport( InvalidExport::TRUNCATED );
		}
		hash_update( $this->hash, $line );
		return array(
			'format'     => ExportWriter::FORMAT,
			'version'    => ExportWriter::VERSION,
			'created_at' => $record['created_at'],
			'source'     => $record['source'],
		);
	}

	/**
	 * A row line.
	 *
	 * @param array<string, mixed> $record Decoded line.
	 * @return void
	 * @throws InvalidExport When it is malformed.
	 */
	private function row( array $record ): void {
		$table = $record['table'] ?? null;
		if ( ! is_string( $table ) || ! preg_match( ExportWriter::TABLE_PATTERN, $table ) || ! is_array( $record['row'] ?? null ) ) {
			throw $this->corrupt( 'it is not a valid table row' );
		}
		++$this->rows;
		$this->tables[ $table ] = ( $this->tables[ $table ] ?? 0 ) + 1;
		if ( null !== $this->on_row ) {
			call_user_func( $this->on_row, $table, $record['row'] );
		}
	}

	/**
	 * A file entry line.
	 *
	 * @param array<string, mixed> $record Decoded line.
	 * @return void
	 * @throws InvalidExport When it is malformed.
	 */
	private function file( array $record ): void {
		$name   = $record['name'] ?? null;
		$size   = $record['size'] ?? null;
		$sha256 = $record['sha256'] ?? null;
		if ( ! is_string( $name ) || ! preg_match( ExportWriter::FILE_NAME_PATTERN, $name ) || '.' === $name[0] ) {
			throw $this->corrupt( 'a file has a name that is not allowed' );
		}
		if ( ! is_int( $size ) || $size < 0 || ! is_string( $sha256 ) || ! preg_match( self::SHA256_PATTERN, $sha256 ) ) {
			throw $this->corrupt( 'file ' . $name . ' has no valid size or checksum' );
		}
		++$this->files;
		if ( 0 === $size ) {
			if ( ! hash_equals( $sha256, hash( 'sha256', '' ) ) ) {
				throw $this->corrupt( 'the contents of file ' . $name . ' do not match its checksum' );
			}
			if ( null !== $this->on_file_chunk ) {
				call_user_func( $this->on_file_chunk, $name, '', true, true );
			}
			return;
		}
		$this->file = array(
			'name'     => $name,
			'size'     => $size,
			'sha256'   => $sha256,
			'received' => 0,
			'hash'     => hash_init( 'sha256' ),
			'first'    => true,
		);
	}

	/**
	 * A chunk line of the current file.
	 *
	 * @param array<string, mixed> $record Decoded line.
	 * @return void
	 * @throws InvalidExport When it is malformed, belongs to no file, or completes a file that does not match its checksum.
	 */
	private function chunk( array $record ): void {
		if ( null === $this->file ) {
			throw $this->corrupt( 'it holds file data that belongs to no file' );
		}
		$data  = $record['data'] ?? null;
		$bytes = false;
		if ( is_string( $data ) && '' !== $data && strlen( $data ) <= 4 * ( ExportWriter::CHUNK_BYTES / 3 ) ) {
			// phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_decode -- binary data in a JSON line, not obfuscation.
			$bytes = base64_decode( $data, true );
			// phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- only canonical base64 is accepted.
			if ( false !== $bytes && base64_encode( $bytes ) !== $data ) {
				$bytes = false;
			}
		}
		$name = $this->file['name'];
		if ( false === $bytes ) {
			throw $this->corrupt( 'the data of file ' . $name . ' is not valid' );
		}
		$this->file['received'] += strlen( $bytes );
		if ( $this->file['received'] > $this->file['size'] ) {
			throw $this->corrupt( 'file ' . $name . ' has more data than its size' );
		}
		hash_update( $this->file['hash'], $bytes );
		$first = $this->file['first'];
		$last  = $this->file['received'] === $this->file['size'];
		if ( $last && ! hash_equals( $this->file['sha256'], hash_final( $this->file['hash'] ) ) ) {
			throw $this->corrupt( 'the contents of file ' . $name . ' do not match its checksum' );
		}
		$this->file['first'] = false;
		if ( $last ) {
			$this->file = null;
		}
		if ( null !== $this->on_file_chunk ) {
			call_user_func( $this->on_file_chunk, $name, $bytes, $first, $last );
		}
	}

	/**
	 * The end line; what it says is compared once nothing follows it.
	 *
	 * @param array<string, mixed> $record Decoded line.
	 * @return void
	 * @throws InvalidExport When it is malformed.
	 */
	private function end( array $record ): void {
		$rows   = $record['rows'] ?? null;
		$files  = $record['files'] ?? null;
		$sha256 = $record['sha256'] ?? null;
		if ( ! is_int( $rows ) || $rows < 0 || ! is_int( $files ) || $files < 0 || ! is_string( $sha256 ) || ! preg_match( self::SHA256_PATTERN, $sha256 ) ) {
			throw $this->corrupt( 'the closing record is not valid' );
		}
		$this->end = array(
			'rows'   => $rows,
			'files'  => $files,
			'sha256' => $sha256,
		);
	}

	/**
	 * The next line, "\n" included (absent only on a last line the file cuts short).
	 *
	 * @return string|null Null at the end of the stream.
	 * @throws InvalidExport When the line is longer than any export line.
	 */
	private function next_line(): ?string {
		$line = '';
		while ( true ) {
			$part = fgets( $this->stream, self::READ_BYTES + 1 );
			if ( false === $part ) {
				break;
			}
			$line .= $part;
			if ( strlen( $line ) > ExportWriter::MAX_LINE_BYTES || ( strlen( $line ) === ExportWriter::MAX_LINE_BYTES && "\n" !== substr( $part, -1 ) ) ) {
				++$this->line_number;
				throw $this->corrupt( 'it is longer than any export line' );
			}
			if ( "\n" === substr( $part, -1 ) ) {
				break;
			}
		}
		if ( '' === $line ) {
			return null;
		}
		++$this->line_number;
		return $line;
	}

	/**
	 * The record on a line.
	 *
	 * @param string $line Line.
	 * @return mixed Null when it is not JSON.
	 */
	private static function decode( string $line ) {
		try {
			return json_decode( $line, true, 512, JSON_THROW_ON_ERROR );
		} catch ( JsonException $e ) {
			return null;
		}
	}

	/**
	 * A corrupt-file error naming the line.
	 *
	 * @param string $why What is wrong with it.
	 * @return InvalidExport
	 */
	private function corrupt( string $why ): InvalidExport {
		return new InvalidExport(
			InvalidExport::CORRUPT,
			sprintf( 'The file is damaged at line %1$d (%2$s) and cannot be imported. Export it again from the original site.', $this->line_number, $why )
		);
	}
}
