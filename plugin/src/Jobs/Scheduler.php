<?php
/**
 * Keeps the plugin's jobs scheduled in WP-Cron.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Jobs;

/**
 * Adds the five-minute interval and schedules any job that is missing (after activation, or after WP-Cron
 * lost it). Checking costs no query: the cron array is an autoloaded option. A site that runs a real system
 * cron sets DISABLE_WP_CRON and calls wp-cron.php (or `wp cron event run --due-now`) every minute or five.
 */
final class Scheduler {

	/**
	 * Hooks.
	 */
	public function add_hooks(): void {
		add_filter( 'cron_schedules', array( self::class, 'intervals' ) ); // phpcs:ignore WordPress.WP.CronInterval.CronSchedulesInterval -- 300 s, the spec's job interval.
		add_action( 'init', array( self::class, 'ensure_scheduled' ) );
	}

	/**
	 * The five-minute interval.
	 *
	 * @param array<string, array<string, mixed>> $schedules Known intervals.
	 * @return array<string, array<string, mixed>>
	 */
	public static function intervals( $schedules ): array {
		$schedules                            = (array) $schedules;
		$schedules[ CronHooks::FIVE_MINUTES ] = array(
			'interval' => 5 * MINUTE_IN_SECONDS,
			'display'  => __( 'Every five minutes', 'svc-licensing' ),
		);
		$schedules[ CronHooks::EVERY_MINUTE ] = array(
			'interval' => MINUTE_IN_SECONDS,
			'display'  => __( 'Every minute', 'svc-licensing' ),
		);
		return $schedules;
	}

	/**
	 * Schedules each job that is not scheduled.
	 */
	public static function ensure_scheduled(): void {
		$jobs = array(
			CronHooks::WEBHOOK_RETRY   => CronHooks::FIVE_MINUTES,
			CronHooks::EXPIRE_LICENSES => 'daily',
		);

		$jobs[ CronHooks::OUTBOUND_WEBHOOKS ] = CronHooks::EVERY_MINUTE;

		foreach ( $jobs as $hook => $recurrence ) {
			if ( false === wp_next_scheduled( $hook ) ) {
				wp_schedule_event( time() + 60, $recurrence, $hook );
			}
		}
	}
}
