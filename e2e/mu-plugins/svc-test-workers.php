<?php
/**
 * Plugin Name: Licence Service test helpers: busy PHP workers
 * Description: Test-only. Every request writes a marker while PHP runs it, so a race test can wait until the site's
 *              workers are free before it starts, and name what held them when they were not
 *              (GET svc-test/v1/workers).
 *
 * @package SvcLicensing
 */

defined( 'ABSPATH' ) || exit;
require_once __DIR__ . '/svc-test-base.php';
if ( ! svc_test_enabled() ) {
	return;
}

// One file per PHP process that is running a request: its pid names it, it holds the method, URI and start.
define( 'SVC_TEST_BUSY_DIR', WP_CONTENT_DIR . '/svc-test-busy' );

/**
 * The marker file of this process.
 */
function svc_test_workers_marker(): string {
	return SVC_TEST_BUSY_DIR . '/' . getmypid();
}

if ( ! is_dir( SVC_TEST_BUSY_DIR ) ) {
	wp_mkdir_p( SVC_TEST_BUSY_DIR );
}
// phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents -- test helper, no database on purpose.
file_put_contents(
	svc_test_workers_marker(),
	(string) wp_json_encode(
		array(
			'method'  => isset( $_SERVER['REQUEST_METHOD'] ) ? sanitize_text_field( wp_unslash( $_SERVER['REQUEST_METHOD'] ) ) : 'CLI',
			'uri'     => isset( $_SERVER['REQUEST_URI'] ) ? esc_url_raw( wp_unslash( $_SERVER['REQUEST_URI'] ) ) : '',
			'started' => isset( $_SERVER['REQUEST_TIME_FLOAT'] ) ? (float) $_SERVER['REQUEST_TIME_FLOAT'] : microtime( true ),
		)
	)
);
register_shutdown_function(
	static function (): void {
		// phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- gone already is fine.
		@unlink( svc_test_workers_marker() );
	}
);

// A starting gate for a race's requests (header X-Svc-Test-Gate: the moment to start, in Unix milliseconds, with the
// token): each request that reaches PHP before that moment waits for it, so requests that reached several workers
// run the code under test together instead of one after another as the client happened to send them. A request that
// comes later goes on at once. It waits for a moment, never for other requests: PHP's built-in server may queue
// several connections on one worker, and a request waiting for others queued behind it would only wait in vain.
// phpcs:disable WordPress.Security.ValidatedSanitizedInput -- the token is compared only, the gate matched against a strict pattern.
if (
	isset( $_SERVER['HTTP_X_SVC_TEST_GATE'] )
	&& svc_test_header_has_token( 'HTTP_X_SVC_TEST_TOKEN' )
	&& preg_match( '/^[0-9]{13}$/', (string) $_SERVER['HTTP_X_SVC_TEST_GATE'] )
) {
	// phpcs:enable
	$svc_test_gate_wait = (int) $_SERVER['HTTP_X_SVC_TEST_GATE'] / 1000 - microtime( true );
	if ( $svc_test_gate_wait > 0 && $svc_test_gate_wait < 2 ) {
		usleep( (int) ( $svc_test_gate_wait * 1e6 ) );
	}
	unset( $svc_test_gate_wait );
}

// Work the plugin queued for after a response (Core\AfterResponse): one file per process while its jobs are pending,
// so the mails route can wait for mail that is still on its way, and a spec can see that work ran after the answer
// (GET svc-test/v1/after-response). Every REST answer names its process in X-Svc-Test-Pid.
define( 'SVC_TEST_AFTER_DIR', WP_CONTENT_DIR . '/svc-test-after' );

/**
 * This process's pending jobs, by label.
 *
 * @param int    $change +1 when a job is queued, -1 when it ended.
 * @param string $label  The job's label.
 */
function svc_test_after_response_count( int $change, string $label ): void {
	static $pending = array();
	if ( $change > 0 ) {
		$pending[] = $label;
	} else {
		$found = array_search( $label, $pending, true );
		if ( false !== $found ) {
			unset( $pending[ $found ] );
		}
	}
	$file = SVC_TEST_AFTER_DIR . '/' . getmypid();
	if ( array() === $pending ) {
		// phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- gone already is fine.
		@unlink( $file );
		return;
	}
	if ( ! is_dir( SVC_TEST_AFTER_DIR ) ) {
		wp_mkdir_p( SVC_TEST_AFTER_DIR );
	}
	// phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents -- test helper.
	file_put_contents( $file, (string) wp_json_encode( array_values( $pending ) ) );
}
add_action(
	'svc_licensing_after_response_queued',
	static function ( string $label ): void {
		svc_test_after_response_count( 1, $label );
	}
);
add_action(
	'svc_licensing_after_response_done',
	static function ( string $label ): void {
		svc_test_after_response_count( -1, $label );
	}
);
// A spec can make each job seem slow (POST svc-test/v1/after-response { delay_ms }), so it can see the job still
// pending once the answer has arrived, however fast the job itself was.
add_action(
	'svc_licensing_after_response_done',
	static function (): void {
		$delay = (int) get_option( 'svc_test_after_response_delay_ms', 0 );
		if ( $delay > 0 ) {
			usleep( 1000 * min( $delay, 5000 ) );
		}
	},
	1
);
add_filter(
	'rest_post_dispatch',
	static function ( $response ) {
		if ( $response instanceof WP_REST_Response ) {
			$response->header( 'X-Svc-Test-Pid', (string) getmypid() );
		}
		return $response;
	}
);

/**
 * Processes with jobs still pending after their response: pid => labels (a file whose process is gone is removed).
 *
 * @return array<int, array<int, string>>
 */
function svc_test_after_response_pending(): array {
	$pending = array();
	foreach ( (array) glob( SVC_TEST_AFTER_DIR . '/*' ) as $file ) {
		$pid = (int) basename( (string) $file );
		if ( ! is_dir( '/proc/' . $pid ) ) {
			// phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- another reader may have removed it.
			@unlink( (string) $file );
			continue;
		}
		// phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents, WordPress.PHP.NoSilencedErrors.Discouraged -- local file, maybe gone already.
		$labels = json_decode( (string) @file_get_contents( (string) $file ), true );
		if ( is_array( $labels ) && array() !== $labels ) {
			$pending[ $pid ] = array_map( 'strval', $labels );
		}
	}
	return $pending;
}

/**
 * Waits (at most 10 s) until no process has work pending after its response: mail on its way arrives.
 */
function svc_test_after_response_wait(): void {
	$until = microtime( true ) + 10;
	while ( array() !== svc_test_after_response_pending() && microtime( true ) < $until ) {
		usleep( 20000 );
	}
}

/**
 * Requests other processes are running now, oldest first (a marker whose process is gone is stale and removed).
 *
 * @return array<int, array{pid: int, method: string, uri: string, seconds: float}>
 */
function svc_test_workers_busy(): array {
	$busy = array();
	foreach ( (array) glob( SVC_TEST_BUSY_DIR . '/*' ) as $file ) {
		$pid = (int) basename( (string) $file );
		if ( getmypid() === $pid ) {
			continue;
		}
		if ( ! is_dir( '/proc/' . $pid ) ) {
			// phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- another reader may have removed it.
			@unlink( (string) $file );
			continue;
		}
		// phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents, WordPress.PHP.NoSilencedErrors.Discouraged -- local file, maybe gone already.
		$marker = json_decode( (string) @file_get_contents( (string) $file ), true );
		if ( ! is_array( $marker ) ) {
			continue;
		}
		$busy[] = array(
			'pid'     => $pid,
			'method'  => (string) ( $marker['method'] ?? '' ),
			'uri'     => (string) ( $marker['uri'] ?? '' ),
			'seconds' => round( microtime( true ) - (float) ( $marker['started'] ?? 0 ), 2 ),
		);
	}
	usort(
		$busy,
		static function ( array $a, array $b ): int {
			return $b['seconds'] <=> $a['seconds'];
		}
	);
	return $busy;
}

/**
 * Connections to this server's port (from /proc/net/tcp and tcp6): how many are open, and how many have a response
 * waiting in the send queue for a client that does not read it. PHP's built-in server writes a response with a
 * blocking send, so each of those holds one of its workers until the client reads or closes.
 *
 * @param int $port The site's port.
 * @return array{open: int, unread: int}
 */
function svc_test_workers_connections( int $port ): array {
	$open   = 0;
	$unread = 0;
	foreach ( array( '/proc/net/tcp', '/proc/net/tcp6' ) as $table ) {
		// phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- kernel table.
		$lines = is_readable( $table ) ? explode( "\n", (string) file_get_contents( $table ) ) : array();
		foreach ( array_slice( $lines, 1 ) as $line ) {
			$fields = preg_split( '/\s+/', trim( $line ) );
			if ( ! is_array( $fields ) || count( $fields ) < 5 || '01' !== $fields[3] ) {
				continue;
			}
			$local = explode( ':', $fields[1] );
			if ( hexdec( (string) end( $local ) ) !== $port ) {
				continue;
			}
			++$open;
			$queues = explode( ':', $fields[4] );
			if ( hexdec( $queues[0] ) > 0 ) {
				++$unread;
			}
		}
	}
	return array(
		'open'   => $open,
		'unread' => $unread,
	);
}

svc_test_routes(
	array(
		'/workers'        => array(
			'methods'  => 'GET',
			'callback' => static function (): array {
				$port        = isset( $_SERVER['SERVER_PORT'] ) ? (int) $_SERVER['SERVER_PORT'] : 0;
				$connections = svc_test_workers_connections( $port );
				$php_server  = 'cli-server' === PHP_SAPI;
				return array(
					'busy'   => svc_test_workers_busy(),
					// Behind nginx a slow reader holds an nginx connection, not a PHP worker: only PHP's server counts them.
					'unread' => $php_server ? $connections['unread'] : 0,
					// This request's own connection is one of them.
					'open'   => max( 0, $connections['open'] - ( $php_server ? 1 : 0 ) ),
				);
			},
		),
		// The processes whose work queued for after their response is still pending: pid => labels.
		'/after-response' => array(
			array(
				'methods'  => 'GET',
				'callback' => static function (): array {
					return array( 'pending' => (object) svc_test_after_response_pending() );
				},
			),
			array(
				'methods'  => 'POST',
				'args'     => array(
					'delay_ms' => array(
						'type'     => 'integer',
						'minimum'  => 0,
						'maximum'  => 5000,
						'required' => true,
					),
				),
				'callback' => static function ( WP_REST_Request $request ): array {
					update_option( 'svc_test_after_response_delay_ms', (int) $request->get_param( 'delay_ms' ), false );
					return array( 'delay_ms' => (int) $request->get_param( 'delay_ms' ) );
				},
			),
		),
		// Holds a worker for a while: a request a test abandons, to show that a race waits for the workers it held.
		'/sleep'          => array(
			'methods'  => 'GET',
			'args'     => array(
				'ms' => array(
					'type'    => 'integer',
					'minimum' => 0,
					'maximum' => 10000,
					'default' => 1000,
				),
			),
			'callback' => static function ( WP_REST_Request $request ): array {
				usleep( 1000 * (int) $request->get_param( 'ms' ) );
				return array( 'slept' => (int) $request->get_param( 'ms' ) );
			},
		),
	)
);
