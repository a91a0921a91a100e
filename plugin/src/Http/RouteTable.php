<?php
/**
 * Routes declared as data, registered with WordPress' REST server or with the fast lane's own.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use WP_REST_Server;

/**
 * A controller that declares its routes lists them as route => handler (methods, callback, permission_callback,
 * args schema), in the service's namespace. register() gives them to WordPress; register_on() gives them to
 * another WP_REST_Server the way register_rest_route() would, so the fast lane validates and dispatches with
 * exactly the same declarations.
 */
final class RouteTable {

	/**
	 * Registers routes with WordPress (on rest_api_init).
	 *
	 * @param array<non-falsy-string, array<mixed>> $routes Route => one endpoint or a list of endpoints.
	 */
	public static function register( array $routes ): void {
		foreach ( $routes as $route => $handler ) {
			register_rest_route( Api::NAMESPACE, $route, $handler );
		}
	}

	/**
	 * Registers routes on a server of our own, as register_rest_route() does on WordPress' server.
	 *
	 * @param WP_REST_Server              $server Server.
	 * @param array<string, array<mixed>> $routes Route => one endpoint or a list of endpoints.
	 */
	public static function register_on( WP_REST_Server $server, array $routes ): void {
		$defaults = array(
			'methods'  => 'GET',
			'callback' => null,
			'args'     => array(),
		);
		foreach ( $routes as $route => $handler ) {
			// One endpoint or a list of them (one per method), as register_rest_route() tells them apart.
			$endpoints = isset( $handler['callback'] ) ? array( $handler ) : $handler;
			$server->register_route(
				Api::NAMESPACE,
				'/' . Api::NAMESPACE . '/' . trim( $route, '/' ),
				array_map(
					static function ( $endpoint ) use ( $defaults ): array {
						return array_merge( $defaults, (array) $endpoint );
					},
					array_values( $endpoints )
				)
			);
		}
	}
}
