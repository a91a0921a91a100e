<?php
/**
 * Authentication and permission levels of the admin routes.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use Svc\Licensing\Domain\Access\Permission;
use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\Event\Actor;
use Svc\Licensing\Domain\ServiceError;
use WP_Error;
use WP_REST_Request;

/**
 * The caller is an API key (X-Service-Key or Bearer) or a WordPress user signed in with cookie + X-WP-Nonce
 * (WordPress itself drops a cookie without a valid nonce to "no user"). Every admin request counts against
 * the admin limit of its key or user, then must hold the route's level.
 */
final class AdminGuard {

	/**
	 * API keys.
	 *
	 * @var ApiKeyAuthenticator
	 */
	private $keys;

	/**
	 * Rate limits.
	 *
	 * @var RateLimiter
	 */
	private $limiter;

	/**
	 * The limit's answer per request: WordPress calls permission callbacks again to build the Allow header,
	 * and a request must be counted once.
	 *
	 * @var array<int, WP_Error|null>
	 */
	private $counted = array();

	/**
	 * Constructor.
	 *
	 * @param ApiKeyAuthenticator $keys    API keys.
	 * @param RateLimiter         $limiter Rate limits.
	 */
	public function __construct( ApiKeyAuthenticator $keys, RateLimiter $limiter ) {
		$this->keys    = $keys;
		$this->limiter = $limiter;
	}

	/**
	 * A permission callback for a level.
	 *
	 * @param string $level read, write or admin.
	 */
	public function requires( string $level ): callable {
		return function ( WP_REST_Request $request ) use ( $level ) {
			return $this->check( $request, $level );
		};
	}

	/**
	 * One admin endpoint definition: its callback wrapped by ErrorResponder, guarded at a level.
	 *
	 * @param string               $methods  HTTP methods.
	 * @param callable             $callback REST callback.
	 * @param string               $level    read, write or admin.
	 * @param array<string, mixed> $args     Route args (JSON schema).
	 * @return array<string, mixed>
	 */
	public function endpoint( string $methods, callable $callback, string $level, array $args = array() ): array {
		return array(
			'methods'             => $methods,
			'callback'            => ErrorResponder::wrap( $callback ),
			'permission_callback' => $this->requires( $level ),
			'args'                => $args,
		);
	}

	/**
	 * True, or the 401 / 429 / 403 error.
	 *
	 * @param WP_REST_Request $request Request.
	 * @param string          $level   Level needed.
	 * @return true|WP_Error
	 */
	public function check( WP_REST_Request $request, string $level ) {
		$caller = $this->caller( $request );
		if ( is_wp_error( $caller ) ) {
			return $caller;
		}
		$id = spl_object_id( $request );
		if ( ! array_key_exists( $id, $this->counted ) ) {
			$this->counted[ $id ] = $this->limiter->count( 'admin', $caller['subject'] );
		}
		$over = $this->counted[ $id ];
		if ( null !== $over ) {
			return $over;
		}
		if ( ! Permission::allows( $caller['level'], $level ) ) {
			return new WP_Error(
				ErrorCode::FORBIDDEN,
				/* translators: %s: permission level, e.g. write. */
				sprintf( __( 'This action needs the %s permission.', 'svc-licensing' ), $level ),
				array( 'status' => 403 )
			);
		}
		return true;
	}

	/**
	 * The product a scoped API key is limited to, or null for every product.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function scope( WP_REST_Request $request ): ?int {
		$caller = $this->caller( $request );
		return is_array( $caller ) ? $caller['product_id'] : null;
	}

	/**
	 * Refuses access to a product outside the caller's scope.
	 *
	 * @param WP_REST_Request $request    Request.
	 * @param int|null        $product_id Product concerned; null when the action would reach beyond one product.
	 * @throws ServiceError 403 product_out_of_scope.
	 */
	public function assert_scope( WP_REST_Request $request, ?int $product_id ): void {
		$scope = $this->scope( $request );
		if ( null !== $scope && $scope !== $product_id ) {
			throw new ServiceError( ErrorCode::PRODUCT_OUT_OF_SCOPE, __( 'This API key is limited to another product.', 'svc-licensing' ) );
		}
	}

	/**
	 * The product a list is filtered by: the caller's scope, or else the product asked for, which must be within
	 * it (throws 403 product_out_of_scope otherwise); null for every product.
	 *
	 * @param WP_REST_Request $request Request.
	 * @param int|null        $asked   The product_id filter given, or null.
	 * @throws ServiceError 403 product_out_of_scope.
	 */
	public function product_filter( WP_REST_Request $request, ?int $asked ): ?int {
		if ( null !== $asked ) {
			$this->assert_scope( $request, $asked );
		}
		return $this->scope( $request ) ?? $asked;
	}

	/**
	 * The request's product scope as a check a use case runs once it knows the product (throws 403
	 * product_out_of_scope).
	 *
	 * @param WP_REST_Request $request Request.
	 * @return callable(int): void
	 */
	public function scope_check( WP_REST_Request $request ): callable {
		return function ( int $product_id ) use ( $request ): void {
			$this->assert_scope( $request, $product_id );
		};
	}

	/**
	 * Who the event log names for this request's changes: the API key by its prefix, or the signed-in user by id
	 * and login. Called once the permission callback has let the request through.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function actor( WP_REST_Request $request ): Actor {
		$key = $this->keys->authenticate( $request );
		if ( is_array( $key ) ) {
			return Actor::api_key( (string) $key['key_prefix'] );
		}
		$user = wp_get_current_user();
		return Actor::user( (int) $user->ID, (string) $user->user_login );
	}

	/**
	 * Refuses API keys: some actions are for an administrator signed in to wp-admin only (they erase data on
	 * delete, or hand out the whole database).
	 *
	 * @param WP_REST_Request $request Request.
	 * @throws ServiceError 403 forbidden.
	 */
	public function assert_person( WP_REST_Request $request ): void {
		$caller = $this->caller( $request );
		if ( ! is_array( $caller ) || 0 !== strpos( $caller['subject'], 'user:' ) || ! current_user_can( 'manage_options' ) ) {
			throw new ServiceError( ErrorCode::FORBIDDEN, __( 'Only an administrator signed in to wp-admin can do this; API keys cannot.', 'svc-licensing' ) );
		}
	}

	/**
	 * Who is calling: level, rate-limit subject and product scope; or 401.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return array{level: string, subject: string, product_id: int|null}|WP_Error
	 */
	private function caller( WP_REST_Request $request ) {
		$key = $this->keys->authenticate( $request );
		if ( is_wp_error( $key ) ) {
			return $key;
		}
		if ( is_array( $key ) ) {
			return array(
				'level'      => (string) $key['permissions'],
				'subject'    => 'key:' . $key['id'],
				'product_id' => $key['product_id'],
			);
		}
		$user = get_current_user_id();
		if ( 0 === $user ) {
			return new WP_Error(
				ErrorCode::UNAUTHORIZED,
				__( 'Authentication required: sign in (cookie and X-WP-Nonce) or send an API key.', 'svc-licensing' ),
				array( 'status' => 401 )
			);
		}
		return array(
			'level'      => Permission::for_user( 'current_user_can' ),
			'subject'    => 'user:' . $user,
			'product_id' => null,
		);
	}
}
