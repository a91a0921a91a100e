<?php
/**
 * What one call to the licence server came back with, sorted the way the SDK acts on it.
 *
 * @package SvcLicensingClient
 */

namespace Svc\LicensingClient;

/**
 * ANSWER: a 2xx with a JSON object. REFUSED: the server said no (a 4xx other than 429, with the API's error
 * envelope): a real answer, it replaces the last one. UNAVAILABLE: no usable answer (unreachable, timeout, 5xx,
 * 429, a body that is not the API's JSON): the last answer stays. WAITING: not sent, the server's back-off runs.
 */
final class Reply {

	public const ANSWER      = 'answer';
	public const REFUSED     = 'refused';
	public const UNAVAILABLE = 'unavailable';
	public const WAITING     = 'waiting';

	/**
	 * One of the kinds above.
	 *
	 * @var string
	 */
	private $kind;

	/**
	 * HTTP status, 0 when there was none.
	 *
	 * @var int
	 */
	private $status;

	/**
	 * The decoded body.
	 *
	 * @var array<string, mixed>
	 */
	private $body;

	/**
	 * Unix time until which the server is not called again (WAITING and UNAVAILABLE), else 0.
	 *
	 * @var int
	 */
	private $retry_at;

	/**
	 * Constructor.
	 *
	 * @param string               $kind     Kind.
	 * @param int                  $status   HTTP status.
	 * @param array<string, mixed> $body     Decoded body.
	 * @param int                  $retry_at Next allowed call.
	 */
	public function __construct( string $kind, int $status = 0, array $body = array(), int $retry_at = 0 ) {
		$this->kind     = $kind;
		$this->status   = $status;
		$this->body     = $body;
		$this->retry_at = $retry_at;
	}

	/**
	 * The reply for a status and a decoded JSON body: of a whole response, or of one item of a batch answer.
	 *
	 * @param int   $status HTTP status.
	 * @param mixed $body   The decoded body (null when it was not JSON).
	 */
	public static function of( int $status, $body ): self {
		if ( $status >= 200 && $status < 300 && is_array( $body ) ) {
			return new self( self::ANSWER, $status, $body );
		}
		$is_error_envelope = is_array( $body ) && isset( $body['code'] ) && is_string( $body['code'] );
		if ( $status >= 400 && $status < 500 && 429 !== $status && $is_error_envelope ) {
			return new self( self::REFUSED, $status, $body );
		}
		return new self( self::UNAVAILABLE, $status, is_array( $body ) ? $body : array() );
	}

	/**
	 * Kind.
	 */
	public function kind(): string {
		return $this->kind;
	}

	/**
	 * Whether the server answered (yes or no): the answer replaces the last one.
	 */
	public function is_answer(): bool {
		return self::ANSWER === $this->kind || self::REFUSED === $this->kind;
	}

	/**
	 * HTTP status, 0 when none.
	 */
	public function status(): int {
		return $this->status;
	}

	/**
	 * The decoded body.
	 *
	 * @return array<string, mixed>
	 */
	public function body(): array {
		return $this->body;
	}

	/**
	 * The API's error code (REFUSED), or ''.
	 */
	public function error_code(): string {
		return self::REFUSED === $this->kind && isset( $this->body['code'] ) && is_string( $this->body['code'] ) ? $this->body['code'] : '';
	}

	/**
	 * Unix time of the next allowed call, 0 when there is no wait.
	 */
	public function retry_at(): int {
		return $this->retry_at;
	}
}
