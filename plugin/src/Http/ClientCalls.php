<?php
/**
 * Turns a client route's request into a ClientCall.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use Svc\Licensing\Core\ClientCall;
use WP_REST_Request;

/**
 * The request's license_key, product_slug, site_url, server_fingerprint and site_change, and the API key scope that applies
 * when the caller presented a key.
 */
final class ClientCalls {

	/**
	 * API keys.
	 *
	 * @var ApiKeyAuthenticator
	 */
	private $api_keys;

	/**
	 * Constructor.
	 *
	 * @param ApiKeyAuthenticator $api_keys API keys.
	 */
	public function __construct( ApiKeyAuthenticator $api_keys ) {
		$this->api_keys = $api_keys;
	}

	/**
	 * The call a request makes.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function of( WP_REST_Request $request ): ClientCall {
		$fingerprint = $request->get_param( 'server_fingerprint' );
		$change      = $request->get_param( 'site_change' );
		return new ClientCall(
			(string) $request->get_param( 'license_key' ),
			(string) $request->get_param( 'product_slug' ),
			(string) $request->get_param( 'site_url' ),
			is_string( $fingerprint ) ? $fingerprint : null,
			$this->scope( $request ),
			self::network_url( $request ),
			is_string( $change ) ? $change : null
		);
	}

	/**
	 * The calls of a batch update check: one per item of `items`, each with the request's site_url and API key
	 * scope, paired with the version the item says the site runs. WordPress has validated the items' shape.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return list<array{0: ClientCall, 1: string}>
	 */
	public function items_of( WP_REST_Request $request ): array {
		$site    = (string) $request->get_param( 'site_url' );
		$network = self::network_url( $request );
		$scope   = $this->scope( $request );
		$calls   = array();
		foreach ( (array) $request->get_param( 'items' ) as $item ) {
			$item    = (array) $item;
			$calls[] = array(
				new ClientCall( (string) $item['license_key'], (string) $item['product_slug'], $site, null, $scope, $network ),
				(string) $item['current_version'],
			);
		}
		return $calls;
	}

	/**
	 * The request's network_url (a client on a WordPress multisite), or null.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	private static function network_url( WP_REST_Request $request ): ?string {
		$network = $request->get_param( 'network_url' );
		return is_string( $network ) && '' !== $network ? $network : null;
	}

	/**
	 * Whether the caller may be answered a trial's key: an API key of write permission (a seller's own back end).
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function may_see_keys( WP_REST_Request $request ): bool {
		return $this->api_keys->grants( $request, 'write' );
	}

	/**
	 * The product scope of the request's API key, as a check that throws for a product out of reach.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return callable(int): void
	 */
	public function scope( WP_REST_Request $request ): callable {
		return function ( int $product_id ) use ( $request ): void {
			$this->api_keys->assert_scope( $request, $product_id );
		};
	}
}
