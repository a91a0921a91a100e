<?php
/**
 * Client test sites only: the levers of the lease matrix (e2e/client/leases.spec.ts). Bakes the run's licence
 * service's public keys into every bundled SDK copy (trusted-keys.php at the copy's root, as the Integrate tab's zip
 * has it), moves the SDK's clock (its filter svc_licensing_client_now, by an offset kept in an option, as the
 * service's test mu-plugin moves the portal's), reads a product's lease verdict and edits the SDK's stored options by
 * hand, as someone with database access would.
 *
 * @package SvcLicensing
 */

defined( 'ABSPATH' ) || exit;

if ( ! defined( 'SVC_TEST_HELPERS_TOKEN' ) ) {
	return;
}

add_filter(
	'svc_licensing_client_now',
	static function ( $now ) {
		return (int) $now + (int) get_site_option( 'svc_client_test_clock_offset', 0 );
	}
);

/**
 * Writes trusted-keys.php into each SDK copy bundled under wp-content/plugins and wp-content/themes that does not hold
 * the keys asked for: option svc_client_test_trusted_keys, folder => keys, '*' for every other folder (a folder set
 * to an empty list gets no file). Runs on every request before the SDK sets its products up (after_setup_theme), so
 * a copy that core's upgrader just replaced has it again, as a seller's zip would.
 */
function svc_test_client_bake_keys(): void {
	$wanted = get_site_option( 'svc_client_test_trusted_keys', null );
	if ( ! is_array( $wanted ) ) {
		return;
	}
	$copies = array_merge(
		(array) glob( WP_CONTENT_DIR . '/plugins/*/vendor/svc-licensing-client', GLOB_ONLYDIR ),
		(array) glob( WP_CONTENT_DIR . '/themes/*/vendor/svc-licensing-client', GLOB_ONLYDIR )
	);
	foreach ( $copies as $copy ) {
		$folder = basename( dirname( dirname( (string) $copy ) ) );
		$keys   = $wanted[ $folder ] ?? ( $wanted['*'] ?? array() );
		$file   = $copy . '/trusted-keys.php';
		if ( array() === $keys ) {
			if ( is_file( $file ) ) {
				wp_delete_file( $file );
			}
			continue;
		}
		$php = "<?php\n// Written by the client test site (svc-client-test-leases.php): the run's licence service's keys.\nreturn " . var_export( $keys, true ) . ";\n"; // phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_var_export -- writes PHP.
		if ( ! is_file( $file ) || file_get_contents( $file ) !== $php ) { // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a local file.
			file_put_contents( $file, $php ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents -- a test site's SDK copy.
		}
	}
}
svc_test_client_bake_keys();

/**
 * What a product's lease says now.
 *
 * @param string $slug The product's slug.
 * @return array<string, mixed>|WP_Error
 */
function svc_test_client_lease_state( string $slug ) {
	$sdk      = \Svc\LicensingClient\WordPress\Sdk::instance();
	$products = null === $sdk ? array() : $sdk->products();
	if ( ! isset( $products[ $slug ] ) ) {
		return new WP_Error( 'not_found', 'No such product on this site.', array( 'status' => 404 ) );
	}
	$leases = $products[ $slug ]->license()->leases();
	$lease  = $leases->lease();
	return array(
		'valid'         => svc_licensing_client_is_valid( $slug ),
		'verdict'       => $leases->verdict(),
		'now'           => $leases->now(),
		'kid'           => null === $lease ? null : $lease->kid(),
		'status'        => null === $lease ? null : $lease->status(),
		'issued_at'     => null === $lease ? null : $lease->issued_at(),
		'lease_expires' => null === $lease ? null : $lease->lease_expires(),
		'trusted'       => $leases->trusted()->kids(),
	);
}

add_action(
	'rest_api_init',
	static function () {
		$allowed = static function ( WP_REST_Request $request ) {
			return hash_equals( SVC_TEST_HELPERS_TOKEN, (string) $request->get_header( 'x-svc-test-token' ) );
		};
		// The keys baked into the SDK copies (folder => kid => public key; '*' for the rest), written at once.
		register_rest_route(
			'svc-client-test/v1',
			'/trusted-keys',
			array(
				'methods'             => 'POST',
				'permission_callback' => $allowed,
				'callback'            => static function ( WP_REST_Request $request ) {
					$keys = $request->get_param( 'keys' );
					update_site_option( 'svc_client_test_trusted_keys', is_array( $keys ) ? $keys : array() );
					svc_test_client_bake_keys();
					return array( 'keys' => get_site_option( 'svc_client_test_trusted_keys' ) );
				},
			)
		);
		// The SDK's clock: seconds added to time() (0 puts it back).
		register_rest_route(
			'svc-client-test/v1',
			'/clock',
			array(
				'methods'             => 'POST',
				'permission_callback' => $allowed,
				'callback'            => static function ( WP_REST_Request $request ) {
					update_site_option( 'svc_client_test_clock_offset', (int) $request->get_param( 'offset' ) );
					return array( 'offset' => (int) get_site_option( 'svc_client_test_clock_offset' ) );
				},
			)
		);
		// A product's lease: svc_licensing_client_is_valid() and what the lease says, read in this request.
		register_rest_route(
			'svc-client-test/v1',
			'/lease',
			array(
				'methods'             => 'GET',
				'permission_callback' => $allowed,
				'callback'            => static function ( WP_REST_Request $request ) {
					return svc_test_client_lease_state( (string) $request->get_param( 'product' ) );
				},
			)
		);
		// The daily licence check of a product, run now (what WP-Cron runs), then its lease.
		register_rest_route(
			'svc-client-test/v1',
			'/check',
			array(
				'methods'             => 'POST',
				'permission_callback' => $allowed,
				'callback'            => static function ( WP_REST_Request $request ) {
					$slug = (string) $request->get_param( 'product' );
					do_action( 'svc_licensing_client_check_' . $slug );
					return svc_test_client_lease_state( $slug );
				},
			)
		);
		// One of the SDK's options, read or written by hand (null deletes it): svc_licensing_client_<name>.
		register_rest_route(
			'svc-client-test/v1',
			'/sdk-option',
			array(
				array(
					'methods'             => 'GET',
					'permission_callback' => $allowed,
					'callback'            => static function ( WP_REST_Request $request ) {
						return array( 'value' => get_option( 'svc_licensing_client_' . sanitize_key( (string) $request->get_param( 'name' ) ), null ) );
					},
				),
				array(
					'methods'             => 'POST',
					'permission_callback' => $allowed,
					'callback'            => static function ( WP_REST_Request $request ) {
						$name  = 'svc_licensing_client_' . sanitize_key( (string) $request->get_param( 'name' ) );
						$value = $request->get_param( 'value' );
						if ( null === $value ) {
							delete_option( $name );
						} else {
							update_option( $name, $value, false );
						}
						return array( 'value' => get_option( $name, null ) );
					},
				),
			)
		);
	}
);
