<?php
/**
 * What follows an answer that ends the request before WordPress reaches wp_loaded: WP-Cron's turn.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

/**
 * Core starts due WP-Cron jobs from a request at wp_loaded (wp_cron(), hooked on init, defers _wp_cron to it). An
 * answer that ends the request earlier (the fast lane's, before init; the old clients' protocols', at init) would
 * starve WP-Cron when every request is such an answer, so it calls this after sending: the response is finished
 * first where the server allows it, then due jobs are started as a full request would start them.
 */
final class AnswerEnd {

	/**
	 * Finishes the response, then starts due WP-Cron jobs.
	 */
	public static function finish_then_run_cron(): void {
		if ( function_exists( 'fastcgi_finish_request' ) ) {
			fastcgi_finish_request();
		}
		if ( function_exists( '_wp_cron' ) ) {
			_wp_cron();
		}
	}
}
