<?php
/**
 * Plugin Name: Licence Service test helpers: the writes of one request
 * Description: Test-only. A request that carries X-Svc-Test-Write-Log: <token> has every SQL statement that is not
 *              a read (anything but SELECT, SHOW, SET and DESCRIBE: writes, BEGIN, COMMIT, SAVEPOINT...) recorded,
 *              those run after its answer was sent included, to a file named by the token; GET svc-test/v1/writes
 *              answers them with the rate-limit counters' store, DELETE forgets them (issue 42: a repeated call
 *              writes nothing).
 *
 * @package SvcLicensing
 */

defined( 'ABSPATH' ) || exit;
require_once __DIR__ . '/svc-test-base.php';
if ( ! svc_test_enabled() ) {
	return;
}

define( 'SVC_TEST_WRITES_DIR', WP_CONTENT_DIR . '/svc-test-writes' );

/**
 * The file of a token's records, or null for a token that is not one ([a-z0-9-]{1,40}).
 *
 * @param mixed $token Token.
 */
function svc_test_writes_file( $token ): ?string {
	return is_string( $token ) && 1 === preg_match( '/^[a-z0-9-]{1,40}$/D', $token ) ? SVC_TEST_WRITES_DIR . '/' . $token . '.jsonl' : null;
}

/**
 * Whether a statement only reads (or sets a session variable): the rest, whatever else it may be, is recorded.
 *
 * @param string $query SQL.
 */
function svc_test_writes_is_read( string $query ): bool {
	// Leading blanks, comments and parentheses ("(SELECT ...) UNION ...") say nothing about what it does.
	$head = (string) preg_replace( '/^(?:\s+|\(|\/\*.*?\*\/|(?:--|#)[^\n]*\n)+/s', '', $query );
	return 1 === preg_match( '/^(?:SELECT|SHOW|SET|DESCRIBE)\b/i', $head );
}

/**
 * Who ran a statement: the innermost calls outside wpdb, the hooks and this file, innermost first.
 */
function svc_test_writes_caller(): string {
	$calls = array();
	// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_debug_backtrace -- test helper: names who wrote.
	foreach ( debug_backtrace( DEBUG_BACKTRACE_IGNORE_ARGS, 40 ) as $frame ) {
		$class = $frame['class'] ?? '';
		if ( '' !== $class && ( 'WP_Hook' === $class || is_a( $class, 'wpdb', true ) ) ) {
			continue;
		}
		if ( '' === $class && in_array( $frame['function'], array( 'apply_filters', 'do_action', 'svc_test_writes_caller', '{closure}' ), true ) ) {
			continue;
		}
		$calls[] = ( '' !== $class ? $class . ( $frame['type'] ?? '::' ) : '' ) . $frame['function'];
		if ( count( $calls ) >= 6 ) {
			break;
		}
	}
	return implode( ' < ', $calls );
}

// The token of this request, when it asks for its writes to be recorded. This file sorts before the fast lane's
// loader (zz-svc-licensing-lane.php), so the filter below sees the lane's statements too.
// phpcs:ignore WordPress.Security.ValidatedSanitizedInput -- checked against the token pattern.
$svc_test_writes_token = isset( $_SERVER['HTTP_X_SVC_TEST_WRITE_LOG'] ) ? (string) $_SERVER['HTTP_X_SVC_TEST_WRITE_LOG'] : '';
if ( null !== svc_test_writes_file( $svc_test_writes_token ) ) {
	$GLOBALS['svc_test_writes'] = array(
		'token'      => $svc_test_writes_token,
		'statements' => array(),
		'callers'    => array(),
	);
	add_filter(
		'query',
		static function ( $query ) {
			if ( is_string( $query ) && ! svc_test_writes_is_read( $query ) ) {
				$GLOBALS['svc_test_writes']['statements'][] = trim( $query );
				// After the answer: WordPress' shutdown has begun (the plugin's after-response work runs there).
				$GLOBALS['svc_test_writes']['callers'][] = ( did_action( 'shutdown' ) ? '[after answer] ' : '' ) . svc_test_writes_caller();
			}
			return $query;
		},
		PHP_INT_MAX
	);
	// WordPress' shutdown (and the work queued on it for after the answer) runs in a PHP shutdown function
	// registered before any must-use plugin; one registered later runs after it. It registers the write of the
	// records in turn, so that runs after every shutdown function registered in the meantime.
	register_shutdown_function(
		static function (): void {
			register_shutdown_function(
				static function (): void {
					$records = $GLOBALS['svc_test_writes'];
					if ( ! is_dir( SVC_TEST_WRITES_DIR ) ) {
						wp_mkdir_p( SVC_TEST_WRITES_DIR );
					}
					// One line per request, written whole: a request that recorded nothing still says it is done.
					// phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents -- test helper.
					file_put_contents(
						(string) svc_test_writes_file( $records['token'] ),
						wp_json_encode(
							array(
								'statements' => $records['statements'],
								'callers'    => $records['callers'],
							)
						) . "\n",
						FILE_APPEND | LOCK_EX
					);
				}
			);
		}
	);
}
unset( $svc_test_writes_token );

/**
 * Where the rate-limit counters live: 'database', 'apcu', 'redis' or 'object-cache' (the database until the
 * limiter can say).
 */
function svc_test_writes_store(): string {
	if ( ! class_exists( 'Svc\Licensing\ClientApi' ) ) {
		return 'database';
	}
	$limiter = ( new Svc\Licensing\ClientApi( $GLOBALS['wpdb'] ) )->limiter;
	return method_exists( $limiter, 'store' ) ? (string) $limiter->store() : 'database';
}

svc_test_routes(
	array(
		// What the requests that carried the token recorded: every statement, who ran it, and how many requests
		// have ended (a request writes its line once all its work, after the answer too, is done).
		'/writes' => array(
			array(
				'methods'  => 'GET',
				'args'     => array(
					'token' => array(
						'type'     => 'string',
						'pattern'  => '^[a-z0-9-]{1,40}$',
						'required' => true,
					),
				),
				'callback' => static function ( WP_REST_Request $request ): array {
					$file       = (string) svc_test_writes_file( $request->get_param( 'token' ) );
					$statements = array();
					$callers    = array();
					$requests   = 0;
					$lines      = is_file( $file ) ? file( $file, FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES ) : array();
					foreach ( (array) $lines as $line ) {
						$record = json_decode( (string) $line, true );
						if ( is_array( $record ) ) {
							++$requests;
							$statements = array_merge( $statements, (array) $record['statements'] );
							$callers    = array_merge( $callers, (array) $record['callers'] );
						}
					}
					return array(
						'requests'   => $requests,
						'statements' => $statements,
						'callers'    => $callers,
						'store'      => svc_test_writes_store(),
					);
				},
			),
			// Forgets a token's records, or every token's without one.
			array(
				'methods'  => 'DELETE',
				'args'     => array(
					'token' => array(
						'type'    => 'string',
						'pattern' => '^[a-z0-9-]{1,40}$',
					),
				),
				'callback' => static function ( WP_REST_Request $request ): array {
					$token = $request->get_param( 'token' );
					$files = null === $token ? (array) glob( SVC_TEST_WRITES_DIR . '/*.jsonl' ) : array( svc_test_writes_file( $token ) );
					$gone  = 0;
					foreach ( $files as $file ) {
						if ( is_string( $file ) && is_file( $file ) ) {
							wp_delete_file( $file );
							++$gone;
						}
					}
					return array( 'deleted' => $gone );
				},
			),
		),
	)
);
