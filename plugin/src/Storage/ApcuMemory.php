<?php
/**
 * Shared memory in APCu: the workers of one web server.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage;

use Svc\Licensing\Domain\RateLimit\CounterStore;

/**
 * APCu is per web server (per PHP-FPM master, per Apache): a site on several web nodes names Redis or the database
 * in SVC_LICENSING_COUNTERS instead, or its counts would be one per node (Site Health says so).
 */
final class ApcuMemory implements SharedMemory {

	/**
	 * Prefix of this site's keys.
	 *
	 * @var string
	 */
	private $prefix;

	/**
	 * Constructor.
	 *
	 * @param string $prefix Prefix of this site's keys.
	 */
	public function __construct( string $prefix ) {
		$this->prefix = $prefix;
	}

	/**
	 * Whether this PHP has APCu enabled (the CLI has it off unless apc.enable_cli is set).
	 */
	public static function available(): bool {
		return function_exists( 'apcu_enabled' ) && apcu_enabled();
	}

	/**
	 * Name.
	 */
	public function name(): string {
		return CounterStore::APCU;
	}

	/**
	 * Adds to a counter (apcu_add creates it with its lifetime; apcu_inc is atomic).
	 *
	 * @param string $key Key.
	 * @param int    $by  Amount.
	 * @param int    $ttl Lifetime in seconds.
	 */
	public function increment( string $key, int $by, int $ttl ): ?int {
		$key = $this->prefix . $key;
		apcu_add( $key, 0, $ttl );
		$success = false;
		$value   = apcu_inc( $key, max( 1, $by ), $success, $ttl );
		return $success && is_int( $value ) ? $value : null;
	}
}
