<?php
/**
 * Plugin Name: Licence Service test helpers: crashing and slow queries
 * Description: Test-only. A process that dies before a chosen query (POST svc-test/v1/crash), and a chosen query
 *              that waits before it runs, to widen a race window (POST svc-test/v1/slow-query). Each is armed with a
 *              pattern (a flag file, which no rolled-back transaction can undo) and disarmed with an empty one.
 *
 * @package SvcLicensing
 */

defined( 'ABSPATH' ) || exit;
require_once __DIR__ . '/svc-test-base.php';
if ( ! svc_test_enabled() ) {
	return;
}

/**
 * Whether an armed flag file's pattern occurs in the query.
 *
 * @param string $flag  Flag file.
 * @param string $query SQL about to run.
 */
function svc_test_flag_matches( string $flag, string $query ): bool {
	if ( ! is_file( $flag ) ) {
		return false;
	}
	// phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- local test flag.
	$pattern = (string) file_get_contents( $flag );
	return '' !== $pattern && false !== strpos( $query, $pattern );
}

// Simulates a process that dies mid-way: when armed, the first query matching the pattern ends PHP on the spot,
// before it runs.
define( 'SVC_TEST_CRASH_FLAG', WP_CONTENT_DIR . '/svc-test-crash-pattern' );
add_filter(
	'query',
	static function ( $query ) {
		if ( svc_test_flag_matches( SVC_TEST_CRASH_FLAG, (string) $query ) ) {
			wp_delete_file( SVC_TEST_CRASH_FLAG );
			exit( 1 );
		}
		return $query;
	}
);

// Widens a race window: while armed, every query matching the pattern waits 300 ms before it runs, so parallel
// requests reach it together and a check-then-write without a database lock lets several through.
define( 'SVC_TEST_SLOW_FLAG', WP_CONTENT_DIR . '/svc-test-slow-pattern' );
add_filter(
	'query',
	static function ( $query ) {
		if ( svc_test_flag_matches( SVC_TEST_SLOW_FLAG, (string) $query ) ) {
			usleep( 300000 );
		}
		return $query;
	}
);

/**
 * The route that arms (or, with an empty pattern, disarms) a flag file.
 *
 * @param string $flag Flag file.
 * @return array<string, mixed>
 */
function svc_test_flag_route( string $flag ): array {
	return array(
		'methods'  => 'POST',
		'callback' => static function ( WP_REST_Request $request ) use ( $flag ): array {
			$pattern = (string) $request['pattern'];
			if ( '' === $pattern ) {
				wp_delete_file( $flag );
			} else {
				// phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents -- local test flag.
				file_put_contents( $flag, $pattern );
			}
			return array( 'armed' => '' !== $pattern );
		},
	);
}

svc_test_routes(
	array(
		'/crash'      => svc_test_flag_route( SVC_TEST_CRASH_FLAG ),
		'/slow-query' => svc_test_flag_route( SVC_TEST_SLOW_FLAG ),
	)
);
