<?php
/**
 * Plugin Name: Licence Service test helpers: WP-Cron and the plugin's jobs
 * Description: Test-only. Which kind of request started each WP-Cron run of the plugin's jobs (svc-test/v1/cron/due
 *              makes jobs due, cron/runs lists the runs), requests that start no run (X-Svc-Test-No-Cron), and the
 *              jobs run at a chosen moment (jobs/webhook-retry, jobs/license-expiry).
 *
 * @package SvcLicensing
 */

defined( 'ABSPATH' ) || exit;
require_once __DIR__ . '/svc-test-base.php';
if ( ! svc_test_enabled() ) {
	return;
}

// A request that carries X-Svc-Test-No-Cron with the token starts no WP-Cron run: core's wp_cron comes off init
// before init fires. The cron spec sets up and reads state with it, so only the lane's requests can start a run.
if ( svc_test_header_has_token( 'HTTP_X_SVC_TEST_NO_CRON' ) ) {
	remove_action( 'init', 'wp_cron' );
}

// Which kind of request started each WP-Cron run: the spawn URL names it (lane or full), and wp-cron.php
// writes a line per run of the plugin's jobs to a file (no database: a rolled-back job must not undo it).
define( 'SVC_TEST_CRON_LOG', WP_CONTENT_DIR . '/svc-test-cron-runs.log' );
add_filter(
	'cron_request',
	static function ( $cron_request ) {
		$cron_request['url'] = add_query_arg( 'svc_test_spawned_by', defined( 'SVC_LICENSING_LANE' ) ? 'lane' : 'full', $cron_request['url'] );
		return $cron_request;
	}
);
if ( wp_doing_cron() ) {
	foreach ( array( 'svc_licensing_expire_licenses', 'svc_licensing_retry_webhooks' ) as $svc_test_hook ) {
		add_action(
			$svc_test_hook,
			static function () use ( $svc_test_hook ): void {
				$line = array(
					'hook'       => $svc_test_hook,
					'spawned_by' => isset( $_GET['svc_test_spawned_by'] ) ? sanitize_key( wp_unslash( $_GET['svc_test_spawned_by'] ) ) : 'none', // phpcs:ignore WordPress.Security.NonceVerification -- test helper.
				);
				file_put_contents( SVC_TEST_CRON_LOG, wp_json_encode( $line ) . "\n", FILE_APPEND | LOCK_EX ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents -- test helper.
			},
			0
		);
	}
	unset( $svc_test_hook );
}

svc_test_routes(
	array(
		// Makes the named plugin jobs due now (their next run moved a minute into the past, the recurrence kept)
		// and forgets the cron log.
		'/cron/due'            => array(
			'methods'  => 'POST',
			'callback' => static function ( WP_REST_Request $request ) {
				if ( is_file( SVC_TEST_CRON_LOG ) ) {
					wp_delete_file( SVC_TEST_CRON_LOG );
				}
				$due = array();
				foreach ( (array) $request->get_param( 'hooks' ) as $hook ) {
					$event = wp_get_scheduled_event( (string) $hook );
					if ( false === $event || false === $event->schedule ) {
						return new WP_Error( 'not_scheduled', "{$hook} is not a scheduled recurring job.", array( 'status' => 409 ) );
					}
					wp_unschedule_event( $event->timestamp, $event->hook );
					wp_schedule_event( time() - 60, $event->schedule, $event->hook );
					$due[ $event->hook ] = wp_next_scheduled( $event->hook );
				}
				return $due;
			},
		),
		// The plugin jobs' runs since /cron/due, with what started each (see cron_request above).
		'/cron/runs'           => array(
			'methods'  => 'GET',
			'callback' => static function (): array {
				$lines = is_file( SVC_TEST_CRON_LOG ) ? (array) file( SVC_TEST_CRON_LOG, FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES ) : array();
				return array_map(
					static function ( $line ) {
						return json_decode( (string) $line, true );
					},
					$lines
				);
			},
		),
		// Runs the webhook retry job as WP-Cron would, at a chosen moment (the suite's clock).
		'/jobs/webhook-retry'  => array(
			'methods'  => 'POST',
			'callback' => static function ( WP_REST_Request $request ): array {
				do_action( Svc\Licensing\Jobs\CronHooks::WEBHOOK_RETRY, (int) $request['now'] );
				return array( 'ran' => true );
			},
		),
		// Runs the licence expiry job as WP-Cron would, at a chosen moment.
		'/jobs/license-expiry' => array(
			'methods'  => 'POST',
			'callback' => static function ( WP_REST_Request $request ): array {
				do_action( Svc\Licensing\Jobs\CronHooks::EXPIRE_LICENSES, (int) $request['now'] );
				return array( 'ran' => true );
			},
		),
	)
);
