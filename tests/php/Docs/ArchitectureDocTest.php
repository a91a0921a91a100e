<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Docs;

use PHPUnit\Framework\TestCase;
use Svc\Licensing\Storage\Schema;

/**
 * docs/architecture.md states how many migrations the schema has: the count of Schema::plan()'s steps, which is
 * the count of files in Storage/Migrations/.
 */
final class ArchitectureDocTest extends TestCase {

	public function test_the_documented_migration_count_is_the_schemas(): void {
		$root = dirname( __DIR__, 3 );
		$doc  = (string) file_get_contents( $root . '/docs/architecture.md' );
		$this->assertSame( 1, preg_match_all( '/\*\*(\d+) migrations\*\*/', $doc, $counts ) );
		$steps = Schema::plan()->pending( 0 );
		$this->assertSame( count( $steps ), (int) $counts[1][0] );
		$this->assertCount( count( $steps ), (array) glob( $root . '/plugin/src/Storage/Migrations/*.php' ) );
	}
}
