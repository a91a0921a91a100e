<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\Release;

use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\Release\ZipSignature;

final class ZipSignatureTest extends TestCase {

	/**
	 * A one-file stored ZIP built by hand.
	 */
	private static function zip( string $name = 'plugin/readme.txt', string $data = 'hello' ): string {
		$crc   = crc32( $data );
		$local = pack( 'VvvvvvVVVvv', 0x04034b50, 20, 0, 0, 0, 0, $crc, strlen( $data ), strlen( $data ), strlen( $name ), 0 ) . $name . $data;
		$dir   = pack( 'VvvvvvvVVVvvvvvVV', 0x02014b50, 20, 20, 0, 0, 0, 0, $crc, strlen( $data ), strlen( $data ), strlen( $name ), 0, 0, 0, 0, 0, 0 ) . $name;
		$end   = pack( 'VvvvvVVv', 0x06054b50, 0, 0, 1, 1, strlen( $dir ), strlen( $local ), 0 );
		return $local . $dir . $end;
	}

	private static function check( string $bytes ): bool {
		return ZipSignature::matches( substr( $bytes, 0, 4 ), substr( $bytes, -ZipSignature::TAIL_BYTES ), strlen( $bytes ) );
	}

	public function test_a_real_zip_matches(): void {
		$this->assertTrue( self::check( self::zip() ) );
		$this->assertTrue( self::check( self::zip( 'a.bin', random_bytes( 100000 ) ) ), 'central directory beyond the first 64 KiB' );
	}

	public function test_other_files_do_not(): void {
		$zip = self::zip();
		$this->assertFalse( self::check( '' ) );
		$this->assertFalse( self::check( "%PDF-1.7\n" . str_repeat( 'x', 200 ) ) );
		$this->assertFalse( self::check( 'PK' . "\x03\x04" . str_repeat( 'x', 200 ) ), 'a ZIP header without an end record' );
		$this->assertFalse( self::check( substr( $zip, 0, -10 ) ), 'truncated' );
		$this->assertFalse( self::check( "\x89PNG" . substr( $zip, 4 ) ), 'wrong magic' );
		$this->assertFalse( self::check( pack( 'VvvvvVVv', 0x06054b50, 0, 0, 0, 0, 0, 0, 0 ) ), 'empty archive' );
	}
}
