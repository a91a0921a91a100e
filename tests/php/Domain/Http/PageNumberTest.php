<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\Http;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\Http\PageNumber;

final class PageNumberTest extends TestCase {

	/**
	 * @return array<string, array{mixed, int|null}>
	 */
	public static function values(): array {
		return array(
			'one'                    => array( '1', 1 ),
			'JSON integer'           => array( 7, 7 ),
			'leading zeros'          => array( '007', 7 ),
			'largest integer'        => array( '9223372036854775807', PHP_INT_MAX ),
			'one past the largest'   => array( '9223372036854775808', null ),
			'twenty nines'           => array( '99999999999999999999', null ),
			'exponent'               => array( '1e20', null ),
			'exponent past a double' => array( '1e400', null ),
			'small exponent'         => array( '1e3', null ),
			'fraction'               => array( '1.5', null ),
			'zero'                   => array( '0', null ),
			'zeros'                  => array( '000', null ),
			'negative'               => array( '-1', null ),
			'JSON zero'              => array( 0, null ),
			'JSON float'             => array( 2.0, null ),
			'words'                  => array( 'two', null ),
			'empty'                  => array( '', null ),
			'space'                  => array( ' 2', null ),
			'array'                  => array( array( 1 ), null ),
			'boolean'                => array( true, null ),
		);
	}

	#[DataProvider( 'values' )]
	public function test_parse( $raw, ?int $expected ): void {
		$this->assertSame( $expected, PageNumber::parse( $raw ) );
	}

	public function test_offset_of_ordinary_pages(): void {
		$this->assertSame( 0, PageNumber::offset( 1, 20 ) );
		$this->assertSame( 20, PageNumber::offset( 2, 20 ) );
		$this->assertSame( 9900, PageNumber::offset( 100, 100 ) );
	}

	public function test_offset_never_overflows(): void {
		foreach ( array( 1, 20, 100 ) as $per_page ) {
			foreach ( array( PHP_INT_MAX, PHP_INT_MAX - 1, intdiv( PHP_INT_MAX, $per_page ) ) as $page ) {
				$offset = PageNumber::offset( $page, $per_page );
				$this->assertIsInt( $offset );
				$this->assertGreaterThanOrEqual( PHP_INT_MAX - 2 * $per_page, $offset, "page {$page} of {$per_page}" );
			}
		}
	}
}
