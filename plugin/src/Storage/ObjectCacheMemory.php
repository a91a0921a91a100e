<?php
/**
 * Shared memory in the host's persistent object cache, through WordPress' wp_cache_* functions.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage;

use Svc\Licensing\Domain\RateLimit\CounterStore;

/**
 * Used only when wp_using_ext_object_cache() says a drop-in (Redis, Memcached, ...) keeps values between requests;
 * its wp_cache_add() and wp_cache_incr() are atomic in those servers.
 */
final class ObjectCacheMemory implements SharedMemory {
	public const GROUP = 'svc_licensing';

	/**
	 * Name.
	 */
	public function name(): string {
		return CounterStore::OBJECT_CACHE;
	}

	/**
	 * Adds to a counter.
	 *
	 * @param string $key Key.
	 * @param int    $by  Amount.
	 * @param int    $ttl Lifetime in seconds.
	 */
	public function increment( string $key, int $by, int $ttl ): ?int {
		wp_cache_add( $key, 0, self::GROUP, $ttl );
		$value = wp_cache_incr( $key, max( 1, $by ), self::GROUP );
		return is_int( $value ) ? $value : null;
	}
}
