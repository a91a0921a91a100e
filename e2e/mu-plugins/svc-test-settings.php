<?php
/**
 * Plugin Name: Licence Service test helpers: settings
 * Description: Test-only. POST svc-test/v1/settings merges the JSON body into the plugin's settings option, so a
 *              spec sets the settings it needs in one call, as saved settings would be. A null value removes the
 *              setting, as on a site where nobody ever saved it (an old protocol's switch, which only the first
 *              written import turns on).
 *
 * @package SvcLicensing
 */

defined( 'ABSPATH' ) || exit;
require_once __DIR__ . '/svc-test-base.php';
if ( ! svc_test_enabled() ) {
	return;
}

svc_test_routes(
	array(
		// Replaces settings (until the admin settings API exists).
		'/settings' => array(
			'methods'  => 'POST',
			'callback' => static function ( WP_REST_Request $request ): array {
				$settings = array_merge( (array) get_option( Svc\Licensing\Storage\Settings::OPTION, array() ), (array) $request->get_json_params() );
				$settings = array_filter(
					$settings,
					static function ( $value ): bool {
						return null !== $value;
					}
				);
				update_option( Svc\Licensing\Storage\Settings::OPTION, $settings, true );
				return $settings;
			},
		),
	)
);
