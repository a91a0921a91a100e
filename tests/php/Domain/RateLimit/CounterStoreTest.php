<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\RateLimit;

use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\RateLimit\CounterStore;
use Svc\Licensing\Domain\RateLimit\RedisServer;

final class CounterStoreTest extends TestCase {

	public function test_auto_takes_redis_then_the_object_cache_then_apcu_then_the_database(): void {
		$this->assertSame( 'redis', CounterStore::choose( '', true, true, true ) );
		$this->assertSame( 'object-cache', CounterStore::choose( 'auto', false, true, true ) );
		$this->assertSame( 'apcu', CounterStore::choose( '', false, false, true ) );
		$this->assertSame( 'database', CounterStore::choose( '', false, false, false ) );
	}

	public function test_a_named_store_is_used_only_when_the_host_has_it(): void {
		$this->assertSame( 'database', CounterStore::choose( 'database', true, true, true ), 'several nodes: the database, whatever else is there' );
		$this->assertSame( 'apcu', CounterStore::choose( 'APCU ', true, true, true ) );
		$this->assertSame( 'database', CounterStore::choose( 'apcu', false, false, false ), 'no APCu: never a per-process count' );
		$this->assertSame( 'database', CounterStore::choose( 'redis', false, true, true ), 'no server named: the database' );
		$this->assertSame( 'database', CounterStore::choose( 'memcached', true, true, true ), 'an unknown name: the database' );
		$this->assertFalse( CounterStore::is_known( 'memcached' ) );
		$this->assertTrue( CounterStore::is_known( '' ) );
		$this->assertTrue( CounterStore::is_known( 'Object-Cache' ) );
	}

	public function test_the_redis_server_is_read_from_its_usual_forms(): void {
		$server = RedisServer::parse( 'tcp://127.0.0.1:6391' );
		$this->assertNotNull( $server );
		$this->assertSame( array( '127.0.0.1', 6391, null, 0 ), array( $server->host, $server->port, $server->password, $server->database ) );
		$server = RedisServer::parse( 'redis://:s%40cret@cache.internal/2' );
		$this->assertNotNull( $server );
		$this->assertSame( array( 'cache.internal', 6379, 's@cret', 2 ), array( $server->host, $server->port, $server->password, $server->database ) );
		$server = RedisServer::parse( 'localhost:6380' );
		$this->assertNotNull( $server );
		$this->assertSame( array( 'localhost', 6380 ), array( $server->host, $server->port ) );
		$server = RedisServer::parse( 'unix:///run/redis/redis.sock' );
		$this->assertNotNull( $server );
		$this->assertSame( array( '/run/redis/redis.sock', 0 ), array( $server->host, $server->port ) );
		$this->assertNull( RedisServer::parse( '' ) );
		$this->assertNull( RedisServer::parse( 'http://127.0.0.1:6379' ) );
	}
}
