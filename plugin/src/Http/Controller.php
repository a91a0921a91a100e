<?php
/**
 * A REST controller.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

/**
 * One resource's routes.
 */
interface Controller {

	/**
	 * Calls register_rest_route() for each route; runs on rest_api_init.
	 */
	public function register_routes(): void;
}
