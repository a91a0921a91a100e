<?php
/**
 * What one call to the licence server came back with, sorted the way the SDK acts on it.
 *
 * @package SvcLicensingClient
 */

namespace Svc\LicensingClient;

/**
 * ANSWER: a 2xx with a JSON object. REFUSED: the service said no to this licence (a 4xx with the API's error
 * envelope whose code is one of LICENCE_CODES): a real answer, it replaces the last one. UNAVAILABLE: no usable
 * answer (unreachable, timeout, a redirect, 5xx, 429, a body that is not the API's JSON, or an error envelope with
 * any other code, such as WordPress' rest_no_route when the service plugin is off): the last answer stays, and
 * fault() says why. WAITING: not sent, the server's back-off runs.
 */
final class Reply {

	public const ANSWER      = 'answer';
	public const REFUSED     = 'refused';
	public const UNAVAILABLE = 'unavailable';
	public const WAITING     = 'waiting';

	/**
	 * The service's error codes that are its word on a licence or on this site's activation: the spec's licence
	 * and activation codes. Only these are a refusal. Anything else in an error envelope (WordPress' rest_*, the
	 * service's invalid_params, not_found, unauthorized, forbidden, method_not_allowed, another plugin's code) says
	 * the request did not reach the service's licence rules, so it decides nothing (sdk/README.md, network contract).
	 */
	public const LICENSE_CODES = array(
		'invalid_license_key',
		'license_not_found',
		'product_not_found',
		'activation_limit_reached',
		'license_not_active',
		'site_not_activated',
	);

	/**
	 * The service's word on a site whose address changed (issue 44; sdk/README.md, "Moves and clones"): its
	 * question for a copy that activates without an answer, its "no" to a temporary copy off its staging hosts, and
	 * its monthly limit of moves. Refusals too (the owner reads why and may answer again); they come only from
	 * activate and move, and are about the site, not the licence, so they end no lease.
	 */
	public const SITE_CHANGE_CODES = array(
		'site_change_unanswered',
		'not_a_staging_site',
		'site_move_limit',
	);

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
	 * Why there was no usable answer (UNAVAILABLE, and WAITING when the back-off's cause is known), else null.
	 *
	 * @var Fault|null
	 */
	private $fault;

	/**
	 * The lease the answer carried (its `lease` field, else its X-Svc-Lease header), '' when none.
	 *
	 * @var string
	 */
	private $lease = '';

	/**
	 * Constructor.
	 *
	 * @param string               $kind     Kind.
	 * @param int                  $status   HTTP status.
	 * @param array<string, mixed> $body     Decoded body.
	 * @param int                  $retry_at Next allowed call.
	 * @param Fault|null           $fault    Why there was no usable answer.
	 */
	public function __construct( string $kind, int $status = 0, array $body = array(), int $retry_at = 0, ?Fault $fault = null ) {
		$this->kind     = $kind;
		$this->status   = $status;
		$this->body     = $body;
		$this->retry_at = $retry_at;
		$this->fault    = $fault;
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
		$is_license_code = is_array( $body ) && isset( $body['code'] ) && in_array( $body['code'], array_merge( self::LICENSE_CODES, self::SITE_CHANGE_CODES ), true );
		if ( $status >= 400 && $status < 500 && $is_license_code ) {
			return new self( self::REFUSED, $status, $body );
		}
		return new self( self::UNAVAILABLE, $status, is_array( $body ) ? $body : array() );
	}

	/**
	 * The same reply with the lease that came beside its body (the X-Svc-Lease header, or a batch item's `lease`).
	 *
	 * @param string $lease The lease, '' when none.
	 */
	public function with_lease( string $lease ): self {
		$reply        = clone $this;
		$reply->lease = $lease;
		return $reply;
	}

	/**
	 * The lease the answer carried: the body's `lease` field, else the one that came beside it; '' when none. Read
	 * only from a 2xx answer (a refusal's body is the server's error envelope, and a refusal ends the lease anyway).
	 */
	public function lease(): string {
		if ( self::ANSWER !== $this->kind ) {
			return '';
		}
		$lease = $this->body['lease'] ?? null;
		return is_string( $lease ) && '' !== $lease ? $lease : $this->lease;
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

	/**
	 * Why there was no usable answer, when known.
	 */
	public function fault(): ?Fault {
		return $this->fault;
	}
}
