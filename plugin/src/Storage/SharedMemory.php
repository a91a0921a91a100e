<?php
/**
 * Memory that every request of the site shares: APCu, Redis, or the host's persistent object cache.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage;

/**
 * Short-lived values of the hot path (rate-limit counters, reusable leases) that need no table. Every method
 * answers a failure as "nothing there" (null), never an exception: the callers then fall back to the database
 * (a counter) or do the work again (a lease), so a store that goes away loses no data and refuses no client.
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

	/**
	 * A stored value.
	 *
	 * @param string $key Key.
	 * @return string|null The value, or null when absent or on failure.
	 */
	public function get( string $key ): ?string;

	/**
	 * Stores a value for a while (a failure is ignored).
	 *
	 * @param string $key   Key.
	 * @param string $value Value.
	 * @param int    $ttl   Seconds, at least 1.
	 */
	public function set( string $key, string $value, int $ttl ): void;
}
