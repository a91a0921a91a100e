<?php
/**
 * Memory that every request of the site shares: APCu, Redis, or the host's persistent object cache.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage;

/**
 * The hot path's short-lived counters (the rate limits) that need no table. A failure is answered as null, never
 * an exception: the caller then counts in the database, so a store that goes away lifts no limit and refuses no
 * client.
 */
interface SharedMemory {

	/**
	 * The store's name (Domain\RateLimit\CounterStore): apcu, redis or object-cache.
	 */
	public function name(): string;

	/**
	 * Adds to a counter, creating it with a lifetime when absent, in one atomic step.
	 *
	 * @param string $key Key (the store's prefix is added).
	 * @param int    $by  Amount, at least 1.
	 * @param int    $ttl Seconds the counter lives from its creation.
	 * @return int|null The new value, or null when the store failed.
	 */
	public function increment( string $key, int $by, int $ttl ): ?int;
}
