<?php
/**
 * Which store keeps the rate-limit counters.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\RateLimit;

/**
 * The choice, from what wp-config.php says and what the host has (docs/api-decisions.md, "Where the counters live"):
 * SVC_LICENSING_COUNTERS names a store, or is `auto` (the default). Auto takes Redis when SVC_LICENSING_REDIS names a
 * server (several web nodes share it), else the host's persistent object cache (wp_using_ext_object_cache(): whatever
 * Redis or Memcached drop-in it runs), else APCu (shared by the workers of one web server), else the database. A
 * store named but not there (no APCu in this PHP, no server named for Redis) falls back to the database, which is
 * always exact across nodes: never a store that would count per process.
 */
final class CounterStore {
	public const DATABASE     = 'database';
	public const APCU         = 'apcu';
	public const REDIS        = 'redis';
	public const OBJECT_CACHE = 'object-cache';
	public const AUTO         = 'auto';

	/**
	 * Every value SVC_LICENSING_COUNTERS may take.
	 *
	 * @return list<string>
	 */
	public static function names(): array {
		return array( self::AUTO, self::DATABASE, self::APCU, self::REDIS, self::OBJECT_CACHE );
	}

	/**
	 * The store to use.
	 *
	 * @param string $configured   SVC_LICENSING_COUNTERS, or '' when undefined (auto).
	 * @param bool   $redis_named  Whether SVC_LICENSING_REDIS names a server.
	 * @param bool   $object_cache Whether WordPress runs a persistent object cache.
	 * @param bool   $apcu         Whether APCu is enabled in this PHP.
	 * @return string One of the constants, never AUTO.
	 */
	public static function choose( string $configured, bool $redis_named, bool $object_cache, bool $apcu ): string {
		$configured = strtolower( trim( $configured ) );
		$available  = array(
			self::REDIS        => $redis_named,
			self::OBJECT_CACHE => $object_cache,
			self::APCU         => $apcu,
			self::DATABASE     => true,
		);
		if ( '' === $configured || self::AUTO === $configured ) {
			foreach ( $available as $store => $there ) {
				if ( $there ) {
					return $store;
				}
			}
		}
		return ! empty( $available[ $configured ] ) ? $configured : self::DATABASE;
	}

	/**
	 * Whether a configured value is one SVC_LICENSING_COUNTERS understands ('' is auto).
	 *
	 * @param string $configured The constant's value.
	 */
	public static function is_known( string $configured ): bool {
		$configured = strtolower( trim( $configured ) );
		return '' === $configured || in_array( $configured, self::names(), true );
	}
}
