<?php
/**
 * Bench site only (wp-content/mu-plugins/svc-bench-profile.php): where one request's time goes. Does nothing
 * unless the request carries `X-Bench-Profile: 1`; then it adds a Server-Timing header to the REST answer:
 *
 *   core      PHP's start to the end of the must-use plugins before the lane's loader (WordPress core's
 *             includes, its database connection and autoloaded options); the lane starts right after.
 *   dispatch  from there to the REST server's dispatch (rest_pre_dispatch): for the lane, its own set-up; for
 *             the full route, every plugin, the theme, init and the REST server with all of core's routes.
 *   app       the dispatch (argument validation, rate limit, the use case, the response), less its SQL.
 *   sql       time inside wpdb during the dispatch (SAVEQUERIES, switched on for these requests only), and
 *             sqln, the number of those queries.
 * and X-Bench-Slowest-Sql: the dispatch's slowest statement, "<ms> <SQL on one line>" (the scale row EXPLAINs it).
 *
 * The file sorts before zz-svc-licensing-lane.php, so it is loaded before the lane answers; both the lane and
 * WordPress' own server apply rest_post_dispatch before they send headers.
 *
 * @package SvcLicensing
 */

if ( ! isset( $_SERVER['HTTP_X_BENCH_PROFILE'], $_SERVER['REQUEST_TIME_FLOAT'] ) ) {
	return;
}

$svc_licensing_bench_profile = array(
	'start'     => (float) $_SERVER['REQUEST_TIME_FLOAT'],
	'core'      => microtime( true ),
	'dispatch'  => 0.0,
	'first_sql' => 0,
);
if ( ! defined( 'SAVEQUERIES' ) ) {
	define( 'SAVEQUERIES', true ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedConstantFound -- core's constant: wpdb keeps each query's time.
}

add_filter(
	'rest_pre_dispatch',
	static function ( $result ) use ( &$svc_licensing_bench_profile ) {
		$svc_licensing_bench_profile['dispatch']  = microtime( true );
		$svc_licensing_bench_profile['first_sql'] = count( (array) $GLOBALS['wpdb']->queries );
		return $result;
	},
	PHP_INT_MIN
);

add_filter(
	'rest_post_dispatch',
	static function ( $response ) use ( &$svc_licensing_bench_profile ) {
		$now     = microtime( true );
		$profile = $svc_licensing_bench_profile;
		$queries = array_slice( (array) $GLOBALS['wpdb']->queries, $profile['first_sql'] );
		$sql     = 0.0;
		$slowest = null;
		foreach ( $queries as $query ) {
			$sql += (float) $query[1];
			if ( null === $slowest || (float) $query[1] > (float) $slowest[1] ) {
				$slowest = $query;
			}
		}
		$ms = static function ( float $seconds ): string {
			return number_format( $seconds * 1000, 3, '.', '' );
		};
		if ( $response instanceof WP_HTTP_Response ) {
			$response->header(
				'Server-Timing',
				sprintf(
					'core;dur=%s, dispatch;dur=%s, app;dur=%s, sql;dur=%s, sqln;dur=%d',
					$ms( $profile['core'] - $profile['start'] ),
					$ms( $profile['dispatch'] - $profile['core'] ),
					$ms( max( 0.0, $now - $profile['dispatch'] - $sql ) ),
					$ms( $sql ),
					count( $queries )
				)
			);
			if ( null !== $slowest ) {
				// The dispatch's slowest statement, on one line, so the bench can EXPLAIN it; cut at 1,500 bytes, as
				// nginx answers 502 when a FastCGI answer's headers pass its buffer (4 KiB here).
				$response->header( 'X-Bench-Slowest-Sql', $ms( (float) $slowest[1] ) . ' ' . substr( (string) preg_replace( '/\s+/', ' ', (string) $slowest[0] ), 0, 1500 ) );
			}
		}
		return $response;
	},
	PHP_INT_MAX
);
