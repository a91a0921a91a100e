<?php
/**
 * The rate-limit counters, in shared memory where the host has it, else in the database.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage;

use Svc\Licensing\Domain\RateLimit\CounterStore;
use Svc\Licensing\Domain\RateLimit\Window;

/**
 * One counter per bucket (limit + client) and window. In APCu, Redis or the object cache a count is one atomic
 * increment that writes no table; when that store fails, the database counts (RateLimitRepository), so a store
 * that goes away never lifts a limit.
 */
final class RateLimitCounters {

	/**
	 * Shared memory, or null for the database.
	 *
	 * @var SharedMemory|null
	 */
	private $memory;

	/**
	 * The database's counters.
	 *
	 * @var RateLimitRepository
	 */
	private $database;

	/**
	 * The store the last count went to.
	 *
	 * @var string|null
	 */
	private $used;

	/**
	 * Constructor.
	 *
	 * @param SharedMemory|null   $memory   Shared memory, or null.
	 * @param RateLimitRepository $database The database's counters.
	 */
	public function __construct( ?SharedMemory $memory, RateLimitRepository $database ) {
		$this->memory   = $memory;
		$this->database = $database;
	}

	/**
	 * Counts a request as $cost hits and answers how many the bucket has in this window, this one included.
	 *
	 * @param string $bucket       Hex hash of limit and client.
	 * @param int    $window_start Unix seconds.
	 * @param int    $cost         Hits this request counts for.
	 */
	public function hit( string $bucket, int $window_start, int $cost = 1 ): int {
		if ( null !== $this->memory ) {
			// The counter outlives its window by one, for clocks of several nodes that differ a little.
			$hits = $this->memory->increment( 'rl:' . $bucket . ':' . $window_start, $cost, 2 * Window::SECONDS );
			if ( null !== $hits ) {
				$this->used = $this->memory->name();
				return $hits;
			}
		}
		$this->used = CounterStore::DATABASE;
		return $this->database->hit( $bucket, $window_start, $cost );
	}

	/**
	 * The store the counters go to: the last count's, else the configured one.
	 */
	public function store(): string {
		if ( null !== $this->used ) {
			return $this->used;
		}
		return null === $this->memory ? CounterStore::DATABASE : $this->memory->name();
	}
}
