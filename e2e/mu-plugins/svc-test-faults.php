<?php
/**
 * Plugin Name: Licence Service test helpers: a site's own faults
 * Description: Test-only. What a seller, a host or a clean-up plugin does to a site, made for real:
 *              - POST svc-test/v1/permalinks sets the permalink structure ('' is plain permalinks, where /wp-json/ is
 *                no longer WordPress' REST API) and flushes the rewrite rules, as saving Settings → Permalinks does
 *                (e2e/client/server-faults.spec.ts). Call it as /?rest_route=/svc-test/v1/permalinks: that form
 *                works with plain permalinks too, so the test can put the structure back.
 *              - POST svc-test/v1/key-secret takes the key secret's option row away, replaces it or puts it back.
 *              - POST svc-test/v1/package-dir breaks the package folder or mends it.
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
		'/permalinks'  => array(
			'methods'  => 'POST',
			'callback' => static function ( WP_REST_Request $request ) {
				global $wp_rewrite;
				$previous  = (string) get_option( 'permalink_structure' );
				$structure = (string) $request->get_param( 'structure' );
				$wp_rewrite->set_permalink_structure( $structure );
				flush_rewrite_rules( false );
				return array(
					'previous'  => $previous,
					'structure' => (string) get_option( 'permalink_structure' ),
				);
			},
		),
		// Takes the key secret's option row away (stash), puts another value in its place (replace), or puts the
		// original back (restore), in SQL, as a clean-up plugin or a partial database restore would.
		'/key-secret'  => array(
			'methods'  => 'POST',
			'callback' => static function ( WP_REST_Request $request ): array {
				return svc_test_swap_option( 'svc_licensing_key_secret', (string) $request->get_param( 'action' ), bin2hex( random_bytes( 32 ) ) );
			},
		),
		// The same for the lease keys (docs/leases.md); a replacement is a ring that is not the recorded one.
		'/lease-keys'  => array(
			'methods'  => 'POST',
			'callback' => static function ( WP_REST_Request $request ): array {
				$other = Svc\Licensing\Domain\Lease\KeyRing::first( Svc\Licensing\Domain\Lease\LeaseKey::generate(), time() );
				return svc_test_swap_option( 'svc_licensing_lease_keys', (string) $request->get_param( 'action' ), (string) wp_json_encode( $other->to_stored() ) );
			},
		),
		// Breaks the package folder (a plain file takes its place, which even root cannot write into) or mends it.
		'/package-dir' => array(
			'methods'  => 'POST',
			'callback' => static function ( WP_REST_Request $request ): array {
				$dir = Svc\Licensing\Storage\PackageDirectory::from_environment()->path();
				if ( $request->get_param( 'broken' ) ) {
					if ( is_dir( $dir ) ) {
						// phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_rename -- test helper.
						rename( $dir, $dir . '.moved-' . time() );
					}
					// phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents -- test helper.
					file_put_contents( $dir, 'not a folder' );
				} elseif ( is_file( $dir ) ) {
					wp_delete_file( $dir );
				}
				return array( 'is_dir' => is_dir( $dir ) );
			},
		),
	)
);

/**
 * Takes an option's row away (stash), puts $replacement in its place (replace), only notes its value (keep), or puts
 * the value noted by the first of those back (restore), in SQL; answers whether the option is present.
 *
 * @param string $option      Option name.
 * @param string $action      stash, replace, keep or restore.
 * @param string $replacement Value for replace.
 * @return array{present: bool}
 */
function svc_test_swap_option( string $option, string $action, string $replacement ): array {
	global $wpdb;
	$kept  = WP_CONTENT_DIR . '/svc-test-' . $option;
	$value = (string) $wpdb->get_var( $wpdb->prepare( "SELECT option_value FROM {$wpdb->options} WHERE option_name = %s", $option ) );
	if ( '' !== $value && ! is_file( $kept ) && in_array( $action, array( 'stash', 'replace', 'keep' ), true ) ) {
		file_put_contents( $kept, $value ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents -- test helper.
	}
	if ( 'stash' === $action || 'replace' === $action ) {
		$wpdb->delete( $wpdb->options, array( 'option_name' => $option ) );
		if ( 'replace' === $action ) {
			$wpdb->insert(
				$wpdb->options,
				array(
					'option_name'  => $option,
					'option_value' => $replacement,
					'autoload'     => 'yes',
				)
			);
		}
	} elseif ( 'restore' === $action && is_file( $kept ) ) {
		$wpdb->delete( $wpdb->options, array( 'option_name' => $option ) );
		$wpdb->insert(
			$wpdb->options,
			array(
				'option_name'  => $option,
				'option_value' => trim( (string) file_get_contents( $kept ) ), // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- test helper.
				'autoload'     => 'yes',
			)
		);
		wp_delete_file( $kept );
	}
	wp_cache_flush();
	return array( 'present' => '' !== (string) $wpdb->get_var( $wpdb->prepare( "SELECT option_value FROM {$wpdb->options} WHERE option_name = %s", $option ) ) );
}
