<?php
/**
 * Shared memory in a Redis server that every web node of the site reaches.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage;

use Svc\Licensing\Domain\RateLimit\CounterStore;
use Svc\Licensing\Domain\RateLimit\RedisServer;
use Throwable;

/**
 * Talks to the server SVC_LICENSING_REDIS names through the phpredis extension (a persistent connection, so a PHP
 * worker connects once), or through Predis when the site loads it. The counter is one round trip: a script that
 * adds and, for a new key, sets its lifetime, so a counter never lives for ever. A server that does not answer
 * (connect timeout 0.25 s) is given up for the rest of the request: each answer is then null and the callers fall
 * back to the database.
 */
final class RedisMemory implements SharedMemory {

	private const INCREMENT = "local v = redis.call('INCRBY', KEYS[1], ARGV[1]) if v == tonumber(ARGV[1]) then redis.call('EXPIRE', KEYS[1], ARGV[2]) end return v";

	/**
	 * The server.
	 *
	 * @var RedisServer
	 */
	private $server;

	/**
	 * Prefix of this site's keys.
	 *
	 * @var string
	 */
	private $prefix;

	/**
	 * The connection (\Redis or \Predis\Client), false once it failed, null before the first use.
	 *
	 * @var object|false|null
	 */
	private $client;

	/**
	 * Constructor.
	 *
	 * @param RedisServer $server The server.
	 * @param string      $prefix Prefix of this site's keys.
	 */
	public function __construct( RedisServer $server, string $prefix ) {
		$this->server = $server;
		$this->prefix = $prefix;
	}

	/**
	 * Whether PHP can talk to Redis here: the phpredis extension, or Predis loaded by the site.
	 */
	public static function client_available(): bool {
		return class_exists( 'Redis', false ) || class_exists( 'Predis\Client' );
	}

	/**
	 * Name.
	 */
	public function name(): string {
		return CounterStore::REDIS;
	}

	/**
	 * Whether the server answers (Site Health).
	 */
	public function reachable(): bool {
		return null !== $this->call(
			static function ( $client ) {
				return $client->ping();
			}
		);
	}

	/**
	 * Adds to a counter.
	 *
	 * @param string $key Key.
	 * @param int    $by  Amount.
	 * @param int    $ttl Lifetime in seconds.
	 */
	public function increment( string $key, int $by, int $ttl ): ?int {
		$key   = $this->prefix . $key;
		$by    = max( 1, $by );
		$value = $this->call(
			static function ( $client ) use ( $key, $by, $ttl ) {
				if ( $client instanceof \Redis ) {
					return $client->eval( self::INCREMENT, array( $key, (string) $by, (string) $ttl ), 1 );
				}
				return $client->eval( self::INCREMENT, 1, $key, (string) $by, (string) $ttl );
			}
		);
		return is_int( $value ) || ( is_string( $value ) && ctype_digit( $value ) ) ? (int) $value : null;
	}

	/**
	 * Runs one command; null on any failure, after which the server is not asked again in this request.
	 *
	 * @param callable $command Takes the client.
	 * @return mixed
	 */
	private function call( callable $command ) {
		$client = $this->client();
		if ( null === $client ) {
			return null;
		}
		try {
			$value = $command( $client );
			return false === $value ? null : $value;
		} catch ( Throwable $failure ) {
			$this->client = false;
			return null;
		}
	}

	/**
	 * The connection, opened on first use.
	 *
	 * @return object|null
	 */
	private function client() {
		if ( null !== $this->client ) {
			return false === $this->client ? null : $this->client;
		}
		$this->client = false;
		try {
			if ( class_exists( 'Redis', false ) ) {
				$redis = new \Redis();
				if ( ! $redis->pconnect( $this->server->host, $this->server->port, 0.25, 'svc-licensing-' . $this->server->database ) ) {
					return null;
				}
				if ( null !== $this->server->password && ! $redis->auth( $this->server->password ) ) {
					return null;
				}
				if ( 0 !== $this->server->database && ! $redis->select( $this->server->database ) ) {
					return null;
				}
				$this->client = $redis;
			} elseif ( class_exists( 'Predis\Client' ) ) {
				$parameters   = 0 === $this->server->port
					? array(
						'scheme' => 'unix',
						'path'   => $this->server->host,
					)
					: array(
						'scheme' => 'tcp',
						'host'   => $this->server->host,
						'port'   => $this->server->port,
					);
				$this->client = new \Predis\Client(
					$parameters + array(
						'timeout'  => 0.25,
						'database' => $this->server->database,
						'password' => $this->server->password,
					)
				);
			}
		} catch ( Throwable $failure ) {
			$this->client = false;
		}
		return false === $this->client ? null : $this->client;
	}
}
