<?php
/**
 * A REST controller.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

/**
 * One resource's routes. Every controller declares its routes this way and none calls register_rest_route().
 */
interface Controller {

	/**
	 * The resource's routes as data, next to their handlers: path below the namespace => one endpoint or a list
	 * of endpoints (methods, callback, permission_callback, args schema), as register_rest_route() takes them.
	 * RestApi registers them through RouteTable on rest_api_init; the fast lane registers the client routes'
	 * on its own server from the same declarations.
	 *
	 * @return array<non-falsy-string, array<mixed>>
	 */
	public function routes(): array;
}
