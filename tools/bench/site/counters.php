<?php
/**
 * Bench site only (wp-content/mu-plugins/svc-bench-counters.php): where the plugin keeps its rate-limit counters,
 * switched by `npm run bench` between its rows without restarting php-fpm (whose one master shares APCu with every
 * child). Before each counter store's rows the bench writes wp-content/svc-bench-counters.json, e.g.
 * {"counters":"apcu"} or {"counters":"redis","redis":"tcp://127.0.0.1:6391"}, and this file defines
 * SVC_LICENSING_COUNTERS and SVC_LICENSING_REDIS from it on every request. The file is read, not included: the
 * bench site's opcache checks no timestamps, so an included PHP file would keep its first contents. Without the
 * file (or with a constant already defined in wp-config.php) it defines nothing.
 *
 * A request that carries `X-Bench-Counters: 1` gets back an `X-Bench-Counters` header naming the store the
 * limiter actually uses (ClientApi's limiter->store(): database, apcu, redis or object-cache; `unknown` when the
 * plugin cannot say), so the bench checks it measures the store it asked for.
 *
 * The file sorts before zz-svc-licensing-lane.php, so the constants are there when the lane answers; both the lane
 * and WordPress' own server apply rest_post_dispatch before they send headers.
 *
 * @package SvcLicensing
 */

$svc_licensing_bench_counters = json_decode( (string) @file_get_contents( WP_CONTENT_DIR . '/svc-bench-counters.json' ), true ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a missing file is the default.
if ( is_array( $svc_licensing_bench_counters ) ) {
	if ( isset( $svc_licensing_bench_counters['counters'] ) && ! defined( 'SVC_LICENSING_COUNTERS' ) ) {
		define( 'SVC_LICENSING_COUNTERS', (string) $svc_licensing_bench_counters['counters'] );
	}
	if ( isset( $svc_licensing_bench_counters['redis'] ) && ! defined( 'SVC_LICENSING_REDIS' ) ) {
		define( 'SVC_LICENSING_REDIS', (string) $svc_licensing_bench_counters['redis'] );
	}
}
unset( $svc_licensing_bench_counters );

if ( isset( $_SERVER['HTTP_X_BENCH_COUNTERS'] ) ) {
	add_filter(
		'rest_post_dispatch',
		static function ( $response ) {
			$store = 'unknown';
			if ( class_exists( '\Svc\Licensing\ClientApi' ) ) {
				$client = new \Svc\Licensing\ClientApi( $GLOBALS['wpdb'] );
				if ( method_exists( $client->limiter, 'store' ) ) {
					$store = (string) $client->limiter->store();
				}
			}
			if ( $response instanceof WP_HTTP_Response ) {
				$response->header( 'X-Bench-Counters', $store );
			}
			return $response;
		},
		PHP_INT_MAX
	);
}
