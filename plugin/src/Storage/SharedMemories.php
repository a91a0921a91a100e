<?php
/**
 * Which shared memory this site has, from wp-config.php and the host (Domain\RateLimit\CounterStore).
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage;

use Svc\Licensing\Domain\RateLimit\CounterStore;
use Svc\Licensing\Domain\RateLimit\RedisServer;

/**
 * Reads SVC_LICENSING_COUNTERS and SVC_LICENSING_REDIS, asks the host for APCu and a persistent object cache, and
 * builds the store the choice names, with keys prefixed per site (its address and table prefix), so that sites
 * sharing one Redis or one APCu never count together.
 */
final class SharedMemories {

	/**
	 * The store chosen for this request: its SharedMemory, or null for the database.
	 *
	 * @param string $site Something that tells this site from another on the same server (its URL and table prefix).
	 */
	public static function from_environment( string $site ): ?SharedMemory {
		$prefix = 'svc-licensing:' . substr( hash( 'sha256', $site ), 0, 12 ) . ':';
		$server = self::redis_server();
		switch ( self::choice( $server ) ) {
			case CounterStore::REDIS:
				return null === $server ? null : new RedisMemory( $server, $prefix );
			case CounterStore::OBJECT_CACHE:
				return new ObjectCacheMemory();
			case CounterStore::APCU:
				return new ApcuMemory( $prefix );
			default:
				return null;
		}
	}

	/**
	 * The name of the store chosen for this request.
	 */
	public static function chosen(): string {
		return self::choice( self::redis_server() );
	}

	/**
	 * The store's name, given the server SVC_LICENSING_REDIS names (read once by the caller).
	 *
	 * @param RedisServer|null $server The named server, or null.
	 */
	private static function choice( ?RedisServer $server ): string {
		return CounterStore::choose(
			self::configured(),
			null !== $server && RedisMemory::client_available(),
			function_exists( 'wp_using_ext_object_cache' ) && wp_using_ext_object_cache(),
			ApcuMemory::available()
		);
	}

	/**
	 * SVC_LICENSING_COUNTERS as written, '' when undefined.
	 */
	public static function configured(): string {
		return defined( 'SVC_LICENSING_COUNTERS' ) && is_string( SVC_LICENSING_COUNTERS ) ? SVC_LICENSING_COUNTERS : '';
	}

	/**
	 * The server SVC_LICENSING_REDIS names, or null.
	 */
	public static function redis_server(): ?RedisServer {
		return defined( 'SVC_LICENSING_REDIS' ) && is_string( SVC_LICENSING_REDIS ) ? RedisServer::parse( SVC_LICENSING_REDIS ) : null;
	}
}
