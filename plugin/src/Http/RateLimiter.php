<?php
/**
 * Per-IP rate limits of the public routes, with the spec's headers.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\RateLimit\ClientIp;
use Svc\Licensing\Domain\RateLimit\Window;
use Svc\Licensing\Storage\RateLimitCounters;
use Svc\Licensing\Storage\Settings;
use WP_Error;
use WP_HTTP_Response;
use WP_REST_Request;

/**
 * Counts before WordPress validates the parameters (rest_pre_dispatch), so malformed requests count too, and
 * answers 429 with X-RateLimit-Limit, X-RateLimit-Remaining and Retry-After; every answer of a limited route
 * carries the first two.
 */
final class RateLimiter {

	/**
	 * Counters (shared memory or the database).
	 *
	 * @var RateLimitCounters
	 */
	private $counters;

	/**
	 * Settings.
	 *
	 * @var Settings
	 */
	private $settings;

	/**
	 * API keys: a valid one lifts the per-IP limit (server-to-server callers).
	 *
	 * @var ApiKeyAuthenticator
	 */
	private $keys;

	/**
	 * Registered route (as Api::route_of() names it, whatever the case or encoding sent) => limit name.
	 *
	 * @var array<string, string>
	 */
	private $routes;

	/**
	 * Registered route => how many hits a request counts for, when not one (a batch counts its items).
	 *
	 * @var array<string, callable(WP_REST_Request): int>
	 */
	private $costs;

	/**
	 * The limit state of this request, for the headers: limit, remaining, retry_after (null unless exceeded).
	 *
	 * @var array{0: int, 1: int, 2: int|null}|null
	 */
	private $state;

	/**
	 * Constructor.
	 *
	 * @param RateLimitCounters                             $counters Counters.
	 * @param Settings                                      $settings Settings.
	 * @param ApiKeyAuthenticator                           $keys     API keys.
	 * @param array<string, string>                         $routes   Route => limit name.
	 * @param array<string, callable(WP_REST_Request): int> $costs    Route => hits a request counts for, when not one.
	 */
	public function __construct( RateLimitCounters $counters, Settings $settings, ApiKeyAuthenticator $keys, array $routes, array $costs = array() ) {
		$this->counters = $counters;
		$this->settings = $settings;
		$this->keys     = $keys;
		$this->routes   = $routes;
		$this->costs    = $costs;
	}

	/**
	 * Hooks.
	 */
	public function add_hooks(): void {
		add_filter( 'rest_pre_dispatch', array( $this, 'check' ), 10, 3 );
		add_filter( 'rest_post_dispatch', array( $this, 'add_headers' ), 50, 3 );
	}

	/**
	 * Counts the request; over the limit, answers the 429 instead of dispatching it.
	 *
	 * @param mixed           $result  Earlier short-circuit, if any.
	 * @param mixed           $server  Server.
	 * @param WP_REST_Request $request Request.
	 * @return mixed
	 */
	public function check( $result, $server, $request ) {
		unset( $server );
		$this->state = null;
		if ( null !== $result || ! $request instanceof WP_REST_Request ) {
			return $result;
		}
		$route = Api::route_of( $request );
		$name  = null === $route ? null : $this->routes[ $route ] ?? null;
		if ( null === $name ) {
			return $result;
		}
		$key = $this->keys->authenticate( $request );
		if ( null !== $key ) {
			// A bad key is refused outright; a good one is not counted per IP.
			return is_wp_error( $key ) ? $key : $result;
		}
		$cost = isset( $this->costs[ $route ] ) ? ( $this->costs[ $route ] )( $request ) : 1;
		$over = $this->count( $name, $this->client_ip( $request ), $cost );
		return null === $over ? $result : $over;
	}

	/**
	 * Counts one request of a subject (a client IP, an API key, a user) against a named limit. The headers of
	 * this request's answer report it.
	 *
	 * @param string $name    Limit name in the settings.
	 * @param string $subject Who is counted.
	 * @param int    $cost    Hits the request counts for (a batch counts its items).
	 * @return WP_Error|null The 429 when over the limit.
	 */
	public function count( string $name, string $subject, int $cost = 1 ): ?WP_Error {
		$limit = $this->settings->rate_limit( $name );
		$now   = time();
		$hits  = $this->counters->hit( hash( 'sha256', $name . '|' . $subject ), Window::start( $now ), $cost );
		if ( ! Window::exceeded( $limit, $hits ) ) {
			$this->state = array( $limit, Window::remaining( $limit, $hits ), null );
			return null;
		}
		$retry_after = Window::retry_after( $now );
		$this->state = array( $limit, 0, $retry_after );
		return new WP_Error(
			ErrorCode::RATE_LIMIT_EXCEEDED,
			sprintf(
				/* translators: 1: requests allowed per minute, 2: seconds to wait. */
				__( 'Too many requests: this endpoint allows %1$d per minute. Retry in %2$d seconds.', 'svc-licensing' ),
				$limit,
				$retry_after
			),
			array(
				'status'      => 429,
				'retry_after' => $retry_after,
			)
		);
	}

	/**
	 * Counts a request that WordPress did not route through REST (an old client's protocol on the front URL) against
	 * a named limit, by the client's IP as the REST routes count it.
	 *
	 * @param string          $name    Limit name in the settings.
	 * @param WP_REST_Request $request The request's headers (X-Forwarded-For).
	 * @return WP_Error|null The 429 when over the limit.
	 */
	public function count_client( string $name, WP_REST_Request $request ): ?WP_Error {
		return $this->count( $name, $this->client_ip( $request ) );
	}

	/**
	 * Where the counters live (Domain\RateLimit\CounterStore): database, apcu, redis or object-cache.
	 */
	public function store(): string {
		return $this->counters->store();
	}

	/**
	 * Adds the limit headers to the answer of a limited route.
	 *
	 * @param WP_HTTP_Response $response Response.
	 * @param mixed            $server   Server.
	 * @param mixed            $request  Request.
	 * @return WP_HTTP_Response
	 */
	public function add_headers( $response, $server, $request ) {
		unset( $server, $request );
		if ( null === $this->state || ! $response instanceof WP_HTTP_Response ) {
			return $response;
		}
		list( $limit, $remaining, $retry_after ) = $this->state;
		$response->header( 'X-RateLimit-Limit', (string) $limit );
		$response->header( 'X-RateLimit-Remaining', (string) $remaining );
		if ( null !== $retry_after ) {
			$response->header( 'Retry-After', (string) $retry_after );
		}
		return $response;
	}

	/**
	 * Who a per-IP limit counts: the client's IP (X-Forwarded-For believed only from trusted proxies), an IPv6
	 * client by its network (ClientIp::bucket, the prefix length a setting).
	 *
	 * @param WP_REST_Request $request Request.
	 */
	private function client_ip( WP_REST_Request $request ): string {
		$remote = isset( $_SERVER['REMOTE_ADDR'] ) ? sanitize_text_field( wp_unslash( $_SERVER['REMOTE_ADDR'] ) ) : '';
		return ClientIp::bucket(
			ClientIp::resolve(
				$remote,
				(string) $request->get_header( 'x-forwarded-for' ),
				array_map( 'strval', (array) $this->settings->get( 'trusted_proxies' ) )
			),
			$this->settings->ipv6_prefix()
		);
	}
}
