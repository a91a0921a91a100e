<?php
/**
 * Plugin Name: Licence Service test helpers: error envelope
 * Description: Test-only. Routes inside the service's own namespace (svc/v1/__test/...), so the error envelope can
 *              be tested apart from the real endpoints: core validation errors, a thrown ServiceError, an
 *              unexpected exception.
 *
 * @package SvcLicensing
 */

defined( 'ABSPATH' ) || exit;
require_once __DIR__ . '/svc-test-base.php';
if ( ! svc_test_enabled() ) {
	return;
}

svc_test_routes(
	static function (): array {
		// Without the plugin (while the uninstall test has deleted it), these have nothing to test.
		if ( ! class_exists( 'Svc\\Licensing\\Http\\ErrorResponder' ) ) {
			return array();
		}
		return array(
			'/__test/echo'          => array(
				'methods'  => 'POST',
				'callback' => static function ( WP_REST_Request $request ): array {
					return array(
						'count' => $request->get_param( 'count' ),
						'mode'  => $request->get_param( 'mode' ),
					);
				},
				'args'     => array(
					'count' => array(
						'type'     => 'integer',
						'required' => true,
						'minimum'  => 1,
						'maximum'  => 10,
					),
					'mode'  => array(
						'type' => 'string',
						'enum' => array( 'fast', 'slow' ),
					),
				),
			),
			'/__test/throw'         => array(
				'methods'  => 'GET',
				'callback' => Svc\Licensing\Http\ErrorResponder::wrap(
					static function () {
						throw new RuntimeException( 'secret detail: /var/www/private/key.pem' );
					}
				),
			),
			'/__test/service-error' => array(
				'methods'  => 'GET',
				'callback' => Svc\Licensing\Http\ErrorResponder::wrap(
					static function () {
						throw new Svc\Licensing\Domain\ServiceError(
							'activation_limit_reached',
							'This licence is already active on 3 of 3 sites.',
							403,
							array(
								'activation_limit' => 3,
								'activation_count' => 3,
							)
						);
					}
				),
			),
		);
	},
	'svc/v1' // The plugin's namespace, written out: the helpers also load while the plugin is deleted.
);
