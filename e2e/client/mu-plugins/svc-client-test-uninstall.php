<?php
/**
 * Client test sites only: a delete with no other product bundling the SDK loaded. POST
 * svc-client-test/v1/sdk-hosts/off deactivates Acme Widgets and Acme Gadgets (those active) and switches from
 * Acme Theme to a default theme, remembering what it changed; POST svc-client-test/v1/sdk-hosts/on puts it back,
 * and leaves Acme Tools inactive, as the stack lays it.
 *
 * @package SvcLicensing
 */

defined( 'ABSPATH' ) || exit;

if ( ! defined( 'SVC_TEST_HELPERS_TOKEN' ) ) {
	return;
}

add_action(
	'rest_api_init',
	static function () {
		require_once ABSPATH . 'wp-admin/includes/plugin.php';
		$allowed = static function ( WP_REST_Request $request ) {
			return hash_equals( SVC_TEST_HELPERS_TOKEN, (string) $request->get_header( 'x-svc-test-token' ) );
		};
		register_rest_route(
			'svc-client-test/v1',
			'/sdk-hosts/off',
			array(
				'methods'             => 'POST',
				'permission_callback' => $allowed,
				'callback'            => static function () {
					$plugins = array_values( array_filter( array( 'acme-gadgets/acme-gadgets.php', 'acme-widgets/acme-widgets.php' ), 'is_plugin_active' ) );
					$theme   = get_stylesheet();
					deactivate_plugins( $plugins );
					$default = WP_Theme::get_core_default_theme();
					if ( 'acme-theme' === $theme && false !== $default ) {
						switch_theme( $default->get_stylesheet() );
					}
					$changed = array(
						'plugins' => $plugins,
						'theme'   => $theme,
					);
					update_option( 'svc_client_test_sdk_hosts', $changed, false );
					return $changed + array( 'now' => get_stylesheet() );
				},
			)
		);
		register_rest_route(
			'svc-client-test/v1',
			'/sdk-hosts/on',
			array(
				'methods'             => 'POST',
				'permission_callback' => $allowed,
				'callback'            => static function () {
					deactivate_plugins( 'acme-tools/acme-tools.php' );
					$changed = get_option( 'svc_client_test_sdk_hosts', array() );
					if ( ! is_array( $changed ) || ! isset( $changed['plugins'], $changed['theme'] ) ) {
						return array( 'restored' => false );
					}
					$result = activate_plugins( (array) $changed['plugins'] );
					if ( is_wp_error( $result ) ) {
						return $result;
					}
					switch_theme( (string) $changed['theme'] );
					delete_option( 'svc_client_test_sdk_hosts' );
					return array(
						'restored' => true,
						'plugins'  => $changed['plugins'],
						'theme'    => get_stylesheet(),
					);
				},
			)
		);
	}
);
