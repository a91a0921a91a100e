<?php
/**
 * The Redis server SVC_LICENSING_REDIS names.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\RateLimit;

/**
 * Accepted forms: `tcp://host:port`, `redis://[:password@]host[:port][/db]`, `host:port`, `unix:///path/redis.sock`
 * or a bare socket path. The port defaults to 6379 and the database to 0.
 */
final class RedisServer {

	/**
	 * Host name or IP, or the socket's path.
	 *
	 * @var string
	 */
	public $host;

	/**
	 * Port (0 for a socket).
	 *
	 * @var int
	 */
	public $port;

	/**
	 * Password, or null.
	 *
	 * @var string|null
	 */
	public $password;

	/**
	 * Database number.
	 *
	 * @var int
	 */
	public $database;

	/**
	 * Constructor.
	 *
	 * @param string      $host     Host or socket path.
	 * @param int         $port     Port, 0 for a socket.
	 * @param string|null $password Password.
	 * @param int         $database Database number.
	 */
	private function __construct( string $host, int $port, ?string $password, int $database ) {
		$this->host     = $host;
		$this->port     = $port;
		$this->password = $password;
		$this->database = $database;
	}

	/**
	 * Reads the constant's value; null when it names no server.
	 *
	 * @param string $value SVC_LICENSING_REDIS.
	 */
	public static function parse( string $value ): ?self {
		$value = trim( $value );
		if ( '' === $value ) {
			return null;
		}
		if ( 0 === strpos( $value, 'unix://' ) ) {
			$value = substr( $value, strlen( 'unix://' ) );
		}
		if ( '/' === $value[0] ) {
			return new self( $value, 0, null, 0 );
		}
		if ( false === strpos( $value, '://' ) ) {
			$value = 'tcp://' . $value;
		}
		$parts = parse_url( $value ); // phpcs:ignore WordPress.WP.AlternativeFunctions.parse_url_parse_url -- pure domain code, no WordPress here.
		if ( ! is_array( $parts ) || ! isset( $parts['scheme'], $parts['host'] ) || ! in_array( strtolower( $parts['scheme'] ), array( 'tcp', 'redis' ), true ) ) {
			return null;
		}
		$path     = isset( $parts['path'] ) ? trim( $parts['path'], '/' ) : '';
		$database = ctype_digit( $path ) ? (int) $path : 0;
		$password = isset( $parts['pass'] ) && '' !== $parts['pass'] ? rawurldecode( $parts['pass'] ) : null;
		return new self( $parts['host'], isset( $parts['port'] ) ? (int) $parts['port'] : 6379, $password, $database );
	}
}
