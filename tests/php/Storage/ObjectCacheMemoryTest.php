<?php
/**
 * ObjectCacheMemory against a stand-in of a persistent object cache's wp_cache_* functions (namespaced, so PHP
 * resolves the class's unqualified calls to them; WordPress is not loaded in the unit tests).
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage {

	/**
	 * The stand-in's values: group => key => [value, ttl].
	 *
	 * @var array<string, array<string, array{0: mixed, 1: int}>>
	 */
	$GLOBALS['svc_test_object_cache'] = array();

	function wp_cache_add( $key, $value, $group = '', $expire = 0 ) {
		if ( isset( $GLOBALS['svc_test_object_cache'][ $group ][ $key ] ) ) {
			return false;
		}
		$GLOBALS['svc_test_object_cache'][ $group ][ $key ] = array( $value, $expire );
		return true;
	}

	function wp_cache_incr( $key, $offset = 1, $group = '' ) {
		if ( ! empty( $GLOBALS['svc_test_object_cache_down'] ) || ! isset( $GLOBALS['svc_test_object_cache'][ $group ][ $key ] ) ) {
			return false;
		}
		$GLOBALS['svc_test_object_cache'][ $group ][ $key ][0] += $offset;
		return $GLOBALS['svc_test_object_cache'][ $group ][ $key ][0];
	}
}

namespace Svc\Licensing\Tests\Storage {

	use PHPUnit\Framework\TestCase;
	use Svc\Licensing\Storage\ObjectCacheMemory;

	final class ObjectCacheMemoryTest extends TestCase {

		protected function setUp(): void {
			$GLOBALS['svc_test_object_cache']      = array();
			$GLOBALS['svc_test_object_cache_down'] = false;
		}

		public function test_a_counter_is_created_with_its_lifetime_in_the_plugins_group_and_counts_by_cost(): void {
			$memory = new ObjectCacheMemory();
			$this->assertSame( 'object-cache', $memory->name() );
			$this->assertSame( 1, $memory->increment( 'rl:a:60', 1, 120 ) );
			$this->assertSame( 51, $memory->increment( 'rl:a:60', 50, 120 ) );
			$this->assertSame( 1, $memory->increment( 'rl:b:60', 0, 120 ), 'a cost below 1 counts as 1' );
			$this->assertSame( array( 51, 120 ), $GLOBALS['svc_test_object_cache'][ ObjectCacheMemory::GROUP ]['rl:a:60'] );
		}

		public function test_a_failing_cache_answers_null_so_the_database_counts(): void {
			$memory = new ObjectCacheMemory();
			$this->assertSame( 1, $memory->increment( 'rl:c:60', 1, 120 ) );
			// The cache server goes away: wp_cache_incr() answers false, as the drop-ins do.
			$GLOBALS['svc_test_object_cache_down'] = true;
			$this->assertNull( $memory->increment( 'rl:c:60', 1, 120 ) );
		}
	}
}
