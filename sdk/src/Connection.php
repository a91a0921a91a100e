<?php
/**
 * Calls to one licence server, through its back-off.
 *
 * @package SvcLicensingClient
 */

namespace Svc\LicensingClient;

/**
 * Every product on the site that uses the same server shares one Connection state (the back-off is stored
 * under the server's URL), so one 429 or one outage makes all of them wait. The transport does the HTTP; the
 * WordPress one wraps wp_remote_request with a short timeout, a test passes a function.
 */
final class Connection {

	/**
	 * The REST root, e.g. https://seller.example/wp-json/svc/v1.
	 *
	 * @var string
	 */
	private $root;

	/**
	 * Sends one request: (method, url, query or body fields) => array{status: int, headers: array<string,
	 * string>, body: string}; when nothing came back (unreachable, timeout, TLS or DNS failure) status 0 and
	 * `error` with the transport's code and message, or null when the cause is unknown. It never follows a
	 * redirect: a 3xx is handed back as it came (a POST carrying the key must not go to another address unseen).
	 *
	 * @var callable(string, string, array<string, mixed>): (array{status: int, headers: array<string, string>, body: string, error?: array{code: string, message: string}}|null)
	 */
	private $transport;

	/**
	 * Where the back-off is kept.
	 *
	 * @var StateStore
	 */
	private $store;

	/**
	 * Returns the Unix time.
	 *
	 * @var callable(): int
	 */
	private $clock;

	/**
	 * Constructor.
	 *
	 * @param string     $root      The server's REST root for /svc/v1.
	 * @param callable   $transport Sends one request (see the property).
	 * @param StateStore $store     Where the back-off is kept.
	 * @param callable   $clock     Returns the Unix time.
	 */
	public function __construct( string $root, callable $transport, StateStore $store, callable $clock ) {
		$this->root      = rtrim( $root, '/' );
		$this->transport = $transport;
		$this->store     = $store;
		$this->clock     = $clock;
	}

	/**
	 * The REST root this connection calls.
	 */
	public function root(): string {
		return $this->root;
	}

	/**
	 * The key the server's back-off is stored under: one per server, whatever product asks.
	 */
	public function backoff_key(): string {
		return $this->state_key( 'backoff' );
	}

	/**
	 * A store key of this server's, the same for every product that uses it, e.g. its back-off.
	 *
	 * @param string $what What is kept, e.g. backoff.
	 */
	public function state_key( string $what ): string {
		return $what . '_' . self::server_id( $this->root );
	}

	/**
	 * A server's short id (20 hex digits), the same for every product that uses its REST root: letter case and a
	 * trailing slash ignored. Its back-off, its update answers and its expiry notice are keyed by it.
	 *
	 * @param string $root The server's REST root.
	 */
	public static function server_id( string $root ): string {
		return substr( hash( 'sha256', strtolower( rtrim( $root, '/' ) ) ), 0, 20 );
	}

	/**
	 * The server's back-off as stored.
	 */
	public function backoff(): Backoff {
		return Backoff::from_array( $this->store->get( $this->backoff_key() ) );
	}

	/**
	 * One call, unless the back-off says wait.
	 *
	 * @param string               $method GET or POST.
	 * @param string               $route  Route under the root, e.g. /licenses/validate.
	 * @param array<string, mixed> $fields Query (GET) or JSON body (POST) fields.
	 */
	public function call( string $method, string $route, array $fields ): Reply {
		$now     = ( $this->clock )();
		$backoff = $this->backoff();
		if ( ! $backoff->allows( $now ) ) {
			return new Reply( Reply::WAITING, 0, array(), $backoff->until() );
		}
		$response = ( $this->transport )( $method, $this->root . $route, $fields );
		$reply    = self::sort( $response );
		if ( Reply::UNAVAILABLE === $reply->kind() ) {
			$retry_after = null;
			if ( null !== $response && in_array( $response['status'], array( 429, 503 ), true ) ) {
				$retry_after = Backoff::retry_after_seconds( Fault::header( $response['headers'], 'retry-after' ), $now );
			}
			$backoff = $backoff->after_failure( $now, $retry_after );
			$this->store->set( $this->backoff_key(), $backoff->to_array() );
			$fault = $reply->fault();
			$this->store->set( $this->fault_key(), null === $fault ? null : $fault->to_array() );
			return new Reply( Reply::UNAVAILABLE, $reply->status(), $reply->body(), $backoff->until(), $fault );
		}
		if ( $backoff->failures() > 0 ) {
			$this->store->set( $this->backoff_key(), $backoff->after_success()->to_array() );
		}
		if ( null !== $this->store->get( $this->fault_key() ) ) {
			$this->store->set( $this->fault_key(), null );
		}
		return $reply;
	}

	/**
	 * Why the last call to this server got no usable answer, until it answers again; null when it answered or the
	 * cause is unknown. Kept beside the back-off, per server, so the licence screen can say what happened.
	 */
	public function last_fault(): ?Fault {
		return Fault::from_array( $this->store->get( $this->fault_key() ) );
	}

	/**
	 * The key the last fault is stored under.
	 */
	private function fault_key(): string {
		return $this->state_key( 'fault' );
	}

	/**
	 * The kind of a transport result, with the fault when it is no usable answer.
	 *
	 * @param array{status: int, headers: array<string, string>, body: string, error?: array{code: string, message: string}}|null $response Transport result.
	 */
	private static function sort( ?array $response ): Reply {
		if ( null === $response ) {
			return new Reply( Reply::UNAVAILABLE );
		}
		if ( isset( $response['error'] ) || $response['status'] < 100 ) {
			$error = $response['error'] ?? array(
				'code'    => '',
				'message' => '',
			);
			return new Reply( Reply::UNAVAILABLE, 0, array(), 0, Fault::of_transport_error( $error['code'], $error['message'] ) );
		}
		$body  = json_decode( $response['body'], true );
		$reply = Reply::of( $response['status'], $body );
		if ( Reply::UNAVAILABLE !== $reply->kind() ) {
			return $reply->with_lease( Fault::header( $response['headers'], 'x-svc-lease' ) );
		}
		return new Reply( Reply::UNAVAILABLE, $reply->status(), $reply->body(), 0, Fault::of_response( $response['status'], $response['headers'], $body ) );
	}
}
