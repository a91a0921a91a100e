<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\Backup;

use InvalidArgumentException;
use LogicException;
use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\Backup\ExportReader;
use Svc\Licensing\Domain\Backup\ExportWriter;
use Svc\Licensing\Domain\Backup\InvalidExport;

final class ExportFormatTest extends TestCase {
	private const CREATED_AT = '2026-03-01T12:00:00Z';
	private const SOURCE     = 'https://shop.example.com';

	/**
	 * Temporary files to delete after each test.
	 *
	 * @var string[]
	 */
	private $temp_files = array();

	protected function tearDown(): void {
		foreach ( $this->temp_files as $path ) {
			if ( file_exists( $path ) ) {
				unlink( $path );
			}
		}
		$this->temp_files = array();
	}

	private function temp_file( string $contents = '' ): string {
		$path               = (string) tempnam( sys_get_temp_dir(), 'svc-export-test-' );
		$this->temp_files[] = $path;
		file_put_contents( $path, $contents );
		return $path;
	}

	/**
	 * @return array<string, array<int, array<string, mixed>>>
	 */
	private static function rows(): array {
		return array(
			'products' => array(
				array(
					'id'         => 1,
					'slug'       => 'my-plugin',
					'name'       => 'Mon extension « pro » / 日本語',
					'price'      => 1900,
					'rate'       => 1.0,
					'notes'      => "two\nlines \"quoted\" \\ back",
					'deleted_at' => null,
				),
				array(
					'id'    => 2,
					'slug'  => 'other',
					'name'  => 'Other',
					'price' => 4900,
					'rate'  => 0.25,
				),
			),
			'licenses' => array(
				array(
					'id'          => 7,
					'product_id'  => 1,
					'license_key' => 'SVC-ABCD-EFGH-IJKL',
					'status'      => 'active',
				),
			),
			'options'  => array(
				array(
					'name'  => 'stripe_webhook_secret',
					'value' => 'whsec_abc/def+ghi=',
				),
				array(
					'name'  => 'rollout',
					'value' => array(
						'percent' => 25,
						'enabled' => true,
						'list'    => array( 'a', 'b' ),
					),
				),
			),
		);
	}

	/**
	 * An export of self::rows() and the given files, rewound.
	 *
	 * @param array<string, string> $files Name => path.
	 * @return resource
	 */
	private function export( array $files = array() ) {
		$stream = fopen( 'php://temp', 'w+b' );
		$writer = new ExportWriter( $stream, self::CREATED_AT, self::SOURCE );
		foreach ( self::rows() as $table => $rows ) {
			foreach ( $rows as $row ) {
				$writer->row( $table, $row );
			}
		}
		foreach ( $files as $name => $path ) {
			$writer->file( $name, $path );
		}
		$writer->finish();
		rewind( $stream );
		return $stream;
	}

	private function export_text( array $files = array() ): string {
		return (string) stream_get_contents( $this->export( $files ) );
	}

	/**
	 * @return resource
	 */
	private static function stream_of( string $text ) {
		$stream = fopen( 'php://temp', 'w+b' );
		fwrite( $stream, $text );
		rewind( $stream );
		return $stream;
	}

	private function assert_refused( string $reason, string $text ): InvalidExport {
		try {
			ExportReader::verify( self::stream_of( $text ) );
		} catch ( InvalidExport $e ) {
			$this->assertSame( $reason, $e->reason(), $e->getMessage() );
			$this->assertNotSame( '', $e->getMessage() );
			return $e;
		}
		$this->fail( 'The export was accepted.' );
	}

	public function test_rows_and_files_round_trip(): void {
		$random = random_bytes( 2 * 1024 * 1024 + 123 );
		$files  = array(
			'empty.txt'           => $this->temp_file(),
			'my-plugin-2.0.0.zip' => $this->temp_file( $random ),
		);
		$stream = $this->export( $files );

		$summary = ExportReader::verify( $stream );
		$this->assertSame(
			array(
				'header' => array(
					'format'     => 'svc-licensing-export',
					'version'    => 1,
					'created_at' => self::CREATED_AT,
					'source'     => self::SOURCE,
				),
				'rows'   => 5,
				'files'  => 2,
				'tables' => array(
					'products' => 2,
					'licenses' => 1,
					'options'  => 2,
				),
			),
			$summary
		);

		rewind( $stream );
		$rows  = array();
		$bytes = array();
		$calls = array();
		ExportReader::each(
			$stream,
			static function ( string $table, array $row ) use ( &$rows ): void {
				$rows[ $table ][] = $row;
			},
			static function ( string $name, string $data, bool $first, bool $last ) use ( &$bytes, &$calls ): void {
				$bytes[ $name ]   = ( $first ? '' : $bytes[ $name ] ) . $data;
				$calls[ $name ][] = array( strlen( $data ), $first, $last );
			}
		);
		$this->assertSame( self::rows(), $rows );
		$this->assertSame(
			array(
				'empty.txt'           => '',
				'my-plugin-2.0.0.zip' => $random,
			),
			$bytes
		);
		$this->assertSame( array( array( 0, true, true ) ), $calls['empty.txt'] );
		$this->assertSame(
			array(
				array( ExportWriter::CHUNK_BYTES, true, false ),
				array( ExportWriter::CHUNK_BYTES, false, false ),
				array( strlen( $random ) - 2 * ExportWriter::CHUNK_BYTES, false, true ),
			),
			$calls['my-plugin-2.0.0.zip']
		);
	}

	public function test_the_lines_are_as_documented(): void {
		$text  = $this->export_text( array( 'a.zip' => $this->temp_file( 'hello' ) ) );
		$lines = explode( "\n", $text );
		$this->assertSame( '', array_pop( $lines ), 'ends with a newline' );
		$this->assertSame( '{"format":"svc-licensing-export","version":1,"created_at":"2026-03-01T12:00:00Z","source":"https://shop.example.com"}', $lines[0] );
		$this->assertSame( '{"t":"row","table":"licenses","row":{"id":7,"product_id":1,"license_key":"SVC-ABCD-EFGH-IJKL","status":"active"}}', $lines[3] );
		$this->assertSame( '{"t":"file","name":"a.zip","size":5,"sha256":"' . hash( 'sha256', 'hello' ) . '"}', $lines[6] );
		$this->assertSame( '{"t":"chunk","data":"' . base64_encode( 'hello' ) . '"}', $lines[7] );
		$end    = array_pop( $lines );
		$before = substr( $text, 0, strlen( $text ) - strlen( $end ) - 1 );
		$this->assertSame( '{"t":"end","rows":5,"files":1,"sha256":"' . hash( 'sha256', $before ) . '"}', $end );
	}

	public function test_a_changed_digit_is_a_checksum_mismatch(): void {
		$text = $this->export_text();
		$this->assertSame( 1, substr_count( $text, '"price":1900' ) );
		$e = $this->assert_refused( InvalidExport::CHECKSUM_MISMATCH, str_replace( '"price":1900', '"price":1990', $text ) );
		$this->assertStringContainsString( 'changed or damaged after it was exported', $e->getMessage() );
	}

	public function test_a_change_to_the_end_line_is_a_checksum_mismatch(): void {
		$text = $this->export_text();
		$this->assert_refused( InvalidExport::CHECKSUM_MISMATCH, str_replace( '"rows":5', '"rows":4', $text ) );
		$sha     = substr( $text, -67, 64 );
		$changed = substr( $text, 0, -67 ) . ( '0' === $sha[0] ? '1' : '0' ) . substr( $sha, 1 ) . "\"}\n";
		$this->assert_refused( InvalidExport::CHECKSUM_MISMATCH, $changed );
	}

	public function test_a_change_that_breaks_the_json_is_corrupt(): void {
		$text = $this->export_text();
		$e    = $this->assert_refused( InvalidExport::CORRUPT, str_replace( '"table":"licenses"', '"table"X"licenses"', $text ) );
		$this->assertStringContainsString( 'line 4', $e->getMessage() );
		$this->assert_refused( InvalidExport::CORRUPT, str_replace( '"table":"licenses"', '"table":"Licenses"', $text ) );
		$this->assert_refused( InvalidExport::CORRUPT, str_replace( '"t":"row","table":"licenses"', '"t":"raw","table":"licenses"', $text ) );
		$this->assert_refused( InvalidExport::CORRUPT, str_replace( '"t":"row","table":"licenses"', '"table":"licenses"', $text ) );
	}

	public function test_a_cut_file_is_truncated(): void {
		$text  = $this->export_text( array( 'big.zip' => $this->temp_file( random_bytes( 1024 * 1024 ) ) ) );
		$lines = explode( "\n", rtrim( $text, "\n" ) );
		$count = count( $lines );

		$without_end = implode( "\n", array_slice( $lines, 0, -1 ) ) . "\n";
		$e           = $this->assert_refused( InvalidExport::TRUNCATED, $without_end );
		$this->assertStringContainsString( 'Download it again', $e->getMessage() );

		$mid_row = implode( "\n", array_slice( $lines, 0, 3 ) ) . "\n" . substr( $lines[3], 0, 20 );
		$this->assert_refused( InvalidExport::TRUNCATED, $mid_row );

		$mid_chunk = implode( "\n", array_slice( $lines, 0, $count - 2 ) ) . "\n" . substr( $lines[ $count - 2 ], 0, 5000 );
		$this->assert_refused( InvalidExport::TRUNCATED, $mid_chunk );

		$between_chunks = implode( "\n", array_slice( $lines, 0, $count - 2 ) ) . "\n";
		$this->assert_refused( InvalidExport::TRUNCATED, $between_chunks );

		$mid_end = substr( $text, 0, -30 );
		$this->assert_refused( InvalidExport::TRUNCATED, $mid_end );

		$this->assert_refused( InvalidExport::TRUNCATED, $lines[0] . "\n" );
		$this->assert_refused( InvalidExport::TRUNCATED, $lines[0] );
	}

	public function test_only_the_final_newline_may_be_missing(): void {
		$summary = ExportReader::verify( self::stream_of( rtrim( $this->export_text(), "\n" ) ) );
		$this->assertSame( 5, $summary['rows'] );
	}

	public function test_a_newer_version_is_unsupported(): void {
		$text = $this->export_text();
		$e    = $this->assert_refused( InvalidExport::UNSUPPORTED_VERSION, str_replace( '"version":1,', '"version":2,', $text ) );
		$this->assertStringContainsString( 'version 2', $e->getMessage() );
		$this->assertStringContainsString( 'version 1', $e->getMessage() );
		$this->assert_refused( InvalidExport::UNSUPPORTED_VERSION, str_replace( '"version":1,', '"version":"1",', $text ) );
	}

	/**
	 * @return array<string, array{string}>
	 */
	public static function not_exports(): array {
		return array(
			'empty'             => array( '' ),
			'random bytes'      => array( random_bytes( 100000 ) ),
			'a newline'         => array( "\n" ),
			'other JSON'        => array( "{\"format\":\"something-else\",\"version\":1}\n" ),
			'a JSON list'       => array( "[1,2,3]\n" ),
			'a CSV'             => array( "id,name\n1,foo\n" ),
			'long without line' => array( str_repeat( 'x', 3 * 1024 * 1024 ) ),
		);
	}

	#[DataProvider( 'not_exports' )]
	public function test_other_files_are_not_exports( string $text ): void {
		$e = $this->assert_refused( InvalidExport::NOT_AN_EXPORT, $text );
		$this->assertStringContainsString( 'not a licensing export', $e->getMessage() );
	}

	public function test_nothing_may_follow_the_end_line(): void {
		$text = $this->export_text();
		$this->assert_refused( InvalidExport::CORRUPT, $text . "{\"t\":\"row\",\"table\":\"licenses\",\"row\":{}}\n" );
		$this->assert_refused( InvalidExport::CORRUPT, $text . "\n" );
		$this->assert_refused( InvalidExport::CORRUPT, $text . $text );
	}

	public function test_a_file_name_that_leaves_the_folder_is_corrupt(): void {
		$text = $this->export_text( array( 'x.zip' => $this->temp_file( 'data' ) ) );
		foreach ( array( '../x', '.htaccess', 'a/b', '', str_repeat( 'a', 129 ), "x.zip\n" ) as $name ) {
			$bad = str_replace( '"name":"x.zip"', '"name":' . json_encode( $name ), $text );
			$this->assertNotSame( $text, $bad );
			$this->assert_refused( InvalidExport::CORRUPT, $bad );
			try {
				ExportReader::each( self::stream_of( $bad ), static function (): void {}, static function (): void {} );
				$this->fail( 'each() accepted ' . $name );
			} catch ( InvalidExport $e ) {
				$this->assertSame( InvalidExport::CORRUPT, $e->reason() );
			}
		}
	}

	public function test_file_data_that_does_not_match_its_checksum_is_corrupt(): void {
		$contents = random_bytes( 5000 );
		$text     = $this->export_text( array( 'x.zip' => $this->temp_file( $contents ) ) );
		$data     = base64_encode( $contents );
		$index    = 2000;
		$changed  = substr( $data, 0, $index ) . ( 'A' === $data[ $index ] ? 'B' : 'A' ) . substr( $data, $index + 1 );
		$e        = $this->assert_refused( InvalidExport::CORRUPT, str_replace( $data, $changed, $text ) );
		$this->assertStringContainsString( 'x.zip', $e->getMessage() );

		$other = hash( 'sha256', 'other' );
		$this->assert_refused( InvalidExport::CORRUPT, str_replace( hash( 'sha256', $contents ), $other, $text ) );
		$this->assert_refused( InvalidExport::CORRUPT, str_replace( '"size":5000', '"size":4999', $text ) );
		$this->assert_refused( InvalidExport::CORRUPT, str_replace( '"size":5000', '"size":5001', $text ) );
		$this->assert_refused( InvalidExport::CORRUPT, str_replace( $data, substr( $data, 0, 100 ) . ' ' . substr( $data, 100 ), $text ) );
	}

	public function test_chunks_outside_a_file_are_corrupt(): void {
		$text  = $this->export_text();
		$lines = explode( "\n", $text );
		array_splice( $lines, 2, 0, array( '{"t":"chunk","data":"aGVsbG8="}' ) );
		$this->assert_refused( InvalidExport::CORRUPT, implode( "\n", $lines ) );
	}

	public function test_an_empty_file_must_have_the_empty_checksum(): void {
		$text = $this->export_text( array( 'e.txt' => $this->temp_file() ) );
		$this->assert_refused( InvalidExport::CORRUPT, str_replace( hash( 'sha256', '' ), hash( 'sha256', 'x' ), $text ) );
	}

	public function test_the_writer_refuses_what_the_reader_would(): void {
		$writer  = new ExportWriter( fopen( 'php://temp', 'w+b' ), self::CREATED_AT, self::SOURCE );
		$refused = array(
			static function () use ( $writer ): void {
				$writer->row( 'Products', array() );
			},
			static function () use ( $writer ): void {
				$writer->row( 'wp_products;', array() );
			},
			static function () use ( $writer ): void {
				$writer->row( 'products', array( 'name' => "\xff\xfe" ) );
			},
			static function () use ( $writer ): void {
				$writer->row( 'options', array( 'value' => str_repeat( 'x', ExportWriter::MAX_LINE_BYTES ) ) );
			},
		);
		foreach ( array( '../x', '.htaccess', 'a/b', '' ) as $name ) {
			$refused[] = function () use ( $writer, $name ): void {
				$writer->file( $name, $this->temp_file( 'x' ) );
			};
		}
		$refused[] = static function () use ( $writer ): void {
			$writer->file( 'missing.zip', '/nonexistent/missing.zip' );
		};
		foreach ( $refused as $index => $call ) {
			try {
				$call();
				$this->fail( "Call {$index} was accepted." );
			} catch ( InvalidArgumentException $e ) {
				$this->assertNotSame( '', $e->getMessage() );
			}
		}
		$this->assertSame( 0, $writer->rows() );
		$this->assertSame( 0, $writer->files() );
	}

	public function test_nothing_can_be_added_after_finish(): void {
		$stream = fopen( 'php://temp', 'w+b' );
		$writer = new ExportWriter( $stream, self::CREATED_AT, self::SOURCE );
		$writer->row( 'products', array( 'id' => 1 ) );
		$writer->finish();
		foreach ( array( 'row', 'file', 'finish' ) as $method ) {
			try {
				if ( 'row' === $method ) {
					$writer->row( 'products', array( 'id' => 2 ) );
				} elseif ( 'file' === $method ) {
					$writer->file( 'a.zip', $this->temp_file( 'a' ) );
				} else {
					$writer->finish();
				}
				$this->fail( "{$method}() was accepted after finish()." );
			} catch ( LogicException $e ) {
				$this->assertStringContainsString( 'finished', $e->getMessage() );
			}
		}
		rewind( $stream );
		$this->assertSame( 1, ExportReader::verify( $stream )['rows'] );
	}

	public function test_it_is_read_from_the_current_position(): void {
		$stream = fopen( 'php://temp', 'w+b' );
		fwrite( $stream, 'preamble' );
		$writer = new ExportWriter( $stream, self::CREATED_AT, self::SOURCE );
		$writer->row( 'products', array( 'id' => 1 ) );
		$writer->finish();
		fseek( $stream, strlen( 'preamble' ) );
		$this->assertSame( array( 'products' => 1 ), ExportReader::verify( $stream )['tables'] );
	}

	public function test_a_large_export_is_written_and_verified_in_constant_memory(): void {
		$package = $this->temp_file();
		$handle  = fopen( $package, 'wb' );
		$piece   = random_bytes( 1024 * 1024 );
		for ( $i = 0; $i < 64; $i++ ) {
			fwrite( $handle, $piece );
			$piece[0] = chr( $i );
		}
		fclose( $handle );
		unset( $piece );
		$export = $this->temp_file();

		if ( function_exists( 'memory_reset_peak_usage' ) ) {
			memory_reset_peak_usage();
		}
		$before = memory_get_peak_usage();

		$stream = fopen( $export, 'w+b' );
		$writer = new ExportWriter( $stream, self::CREATED_AT, self::SOURCE );
		for ( $i = 1; $i <= 100000; $i++ ) {
			$writer->row(
				'licenses',
				array(
					'id'          => $i,
					'product_id'  => $i % 17,
					'license_key' => sprintf( 'SVC-%08d-ABCD-EFGH', $i ),
					'status'      => 0 === $i % 3 ? 'expired' : 'active',
					'expires_at'  => '2027-01-01T00:00:00Z',
				)
			);
		}
		$writer->file( 'big-1.0.0.zip', $package );
		$writer->finish();
		rewind( $stream );
		$summary = ExportReader::verify( $stream );
		fclose( $stream );

		$growth = memory_get_peak_usage() - $before;
		$this->assertSame( 100000, $summary['rows'] );
		$this->assertSame( 1, $summary['files'] );
		$this->assertGreaterThan( 64 * 1024 * 1024, filesize( $export ) );
		$this->assertLessThan( 16 * 1024 * 1024, $growth, 'Peak memory grew by ' . $growth . ' bytes.' );
	}
}
