<?php
/**
 * Plugin Name: Licence Service test helpers: personal data
 * Description: Test-only. Where a person's data is still stored (GET svc-test/v1/personal-data), and the plugin's
 *              exporter and eraser run as WordPress core's privacy tools run them (POST svc-test/v1/core-privacy).
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
		// Counts, per plugin table, the rows in which any column contains the needle (case-insensitive).
		'/personal-data' => array(
			'methods'  => 'GET',
			'callback' => static function ( WP_REST_Request $request ): array {
				global $wpdb;
				$needle = (string) $request->get_param( 'needle' );
				$found  = array();
				foreach ( Svc\Licensing\Storage\Tables::all() as $table ) {
					$rows            = (array) $wpdb->get_results( "SELECT * FROM {$wpdb->prefix}{$table}", ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- test helper.
					$found[ $table ] = count(
						array_filter(
							$rows,
							static function ( array $row ) use ( $needle ): bool {
								return false !== stripos( implode( "\n", array_map( 'strval', $row ) ), $needle );
							}
						)
					);
				}
				return $found;
			},
		),
		// Runs the plugin's exporter or eraser as registered with WordPress core's privacy tools.
		'/core-privacy'  => array(
			'methods'  => 'POST',
			'callback' => static function ( WP_REST_Request $request ) {
				$erase = 'erase' === $request->get_param( 'action' );
				// phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- reading core's own filters, as core does.
				$registered = $erase ? apply_filters( 'wp_privacy_personal_data_erasers', array() ) : apply_filters( 'wp_privacy_personal_data_exporters', array() );
				if ( ! isset( $registered['svc-licensing']['callback'] ) ) {
					return new WP_Error( 'not_registered', 'The plugin is not registered with core privacy tools.', array( 'status' => 500 ) );
				}
				return call_user_func( $registered['svc-licensing']['callback'], (string) $request->get_param( 'email' ), 1 );
			},
		),
	)
);
