<?php
/**
 * Registers every controller's routes.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

/**
 * The list of controllers, wired by the plugin's boot code.
 */
final class RestApi {

	/**
	 * Controllers.
	 *
	 * @var Controller[]
	 */
	private $controllers;

	/**
	 * Constructor.
	 *
	 * @param Controller[] $controllers Controllers.
	 */
	public function __construct( array $controllers ) {
		$this->controllers = $controllers;
	}

	/**
	 * Hooks.
	 */
	public function add_hooks(): void {
		add_action( 'rest_api_init', array( $this, 'register_routes' ) );
	}

	/**
	 * Registers all routes.
	 */
	public function register_routes(): void {
		foreach ( $this->controllers as $controller ) {
			RouteTable::register( $controller->routes() );
		}
	}
}
