<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\Http;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\Base64Url;
use Svc\Licensing\Domain\Http\ListCursor;

final class ListCursorTest extends TestCase {

	/**
	 * @return array<string, array{string|int|null}>
	 */
	public static function values(): array {
		return array(
			'a date'       => array( '2031-01-01 00:00:00' ),
			'an email'     => array( 'a-b@example.com' ),
			'a count'      => array( 3 ),
			'no value'     => array( null ),
			'unicode name' => array( 'Zoë Ångström' ),
			'empty string' => array( '' ),
		);
	}

	/**
	 * @param string|int|null $value Sort value.
	 */
	#[DataProvider( 'values' )]
	public function test_a_cursor_comes_back_as_it_was_made( $value ): void {
		$cursor = ListCursor::decode( ( new ListCursor( 'expires', 'desc', $value, 42 ) )->encode() );
		$this->assertNotNull( $cursor );
		$this->assertSame( array( 'expires', 'desc', $value, 42 ), array( $cursor->sort, $cursor->order, $cursor->value, $cursor->id ) );
	}

	/**
	 * @return array<string, array{string}>
	 */
	public static function forged(): array {
		$made = static function ( $parts ): string {
			return Base64Url::encode( (string) json_encode( $parts ) );
		};
		return array(
			'not base64url'  => array( 'not a cursor!' ),
			'not JSON'       => array( Base64Url::encode( 'abc' ) ),
			'three parts'    => array( $made( array( 'id', 'desc', 1 ) ) ),
			'bad order'      => array( $made( array( 'id', 'sideways', 1, 2 ) ) ),
			'id zero'        => array( $made( array( 'id', 'desc', 1, 0 ) ) ),
			'id as string'   => array( $made( array( 'id', 'desc', 1, '2' ) ) ),
			'value an array' => array( $made( array( 'id', 'desc', array( 1 ), 2 ) ) ),
			'value a float'  => array( $made( array( 'id', 'desc', 1.5, 2 ) ) ),
			'too long'       => array( str_repeat( 'A', 2049 ) ),
		);
	}

	#[DataProvider( 'forged' )]
	public function test_anything_the_list_did_not_make_is_refused( string $raw ): void {
		$this->assertNull( ListCursor::decode( $raw ) );
	}
}
