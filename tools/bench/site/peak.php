<?php
/**
 * Bench site only (wp-content/mu-plugins/svc-bench-peak.php): when a WP-CLI command runs with SVC_BENCH_PEAK_FILE
 * in its environment, its PHP process writes its peak memory (memory_get_peak_usage( true )) and its seconds from
 * start to shutdown to that file as JSON. It prints nothing, so the command's output stays the product's own; the
 * import row of `npm run bench` reads it.
 */

if ( defined( 'WP_CLI' ) && WP_CLI && '' !== (string) getenv( 'SVC_BENCH_PEAK_FILE' ) ) {
	register_shutdown_function(
		static function () {
			file_put_contents( // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_file_put_contents -- bench figure.
				(string) getenv( 'SVC_BENCH_PEAK_FILE' ),
				(string) wp_json_encode(
					array(
						'peak_bytes' => memory_get_peak_usage( true ),
						'seconds'    => round( microtime( true ) - (float) $_SERVER['REQUEST_TIME_FLOAT'], 2 ),
					)
				)
			);
		}
	);
}
