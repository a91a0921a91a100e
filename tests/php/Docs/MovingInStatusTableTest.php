<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Docs;

use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\MoveIn\Source;

/**
 * docs/moving-in.md's status table has one row per source status, and says what the code does.
 */
final class MovingInStatusTableTest extends TestCase {

	public function test_the_documented_statuses_are_the_codes(): void {
		$doc = (string) file_get_contents( dirname( __DIR__, 3 ) . '/docs/moving-in.md' );
		preg_match_all( '/^\| (edd-sl|slm) \| ([a-z]+) \| ([a-z]+) \|$/m', $doc, $rows, PREG_SET_ORDER );
		$documented = array();
		foreach ( $rows as $row ) {
			$documented[ $row[1] ][ $row[2] ] = $row[3];
		}
		$this->assertSame( Source::STATUSES, $documented );
	}
}
