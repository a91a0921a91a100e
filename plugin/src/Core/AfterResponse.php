<?php
/**
 * Work that runs after the answer has left: mail whose sending must not show in the answer's timing.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Core;

/**
 * Queued jobs run on WordPress' `shutdown`, before anything else there, once the response has been handed to the
 * client: through `fastcgi_finish_request()` (PHP-FPM) or `litespeed_finish_request()`, and elsewhere (mod_php, the
 * built-in server) by sending the buffered answer with its length and `Connection: close`, so the client has all of
 * it before the work starts. When a server or an output handler keeps the answer anyway (a compressing handler, a
 * page cache's buffer), the jobs still run, after the answer was written, only without the early finish.
 *
 * A job that throws is logged as its label alone (no personal data) and does not stop the others.
 */
final class AfterResponse {

	/**
	 * Queued jobs: label and callable.
	 *
	 * @var array<int, array{0: string, 1: callable(): void}>
	 */
	private $jobs = array();

	/**
	 * The output-buffer level opened for the answer, or 0 before the first job.
	 *
	 * @var int
	 */
	private $level = 0;

	/**
	 * Queues a job for after the response.
	 *
	 * @param string          $label What it is, without personal data (`portal_link`, `trial_mail`).
	 * @param callable():void $job   The work.
	 */
	public function queue( string $label, callable $job ): void {
		$this->jobs[] = array( $label, $job );
		/**
		 * Fires when work is queued for after this request's response (a test site counts it as pending).
		 *
		 * @param string $label What it is.
		 */
		do_action( 'svc_licensing_after_response_queued', $label );
		if ( 0 === $this->level ) {
			ob_start();
			$this->level = ob_get_level();
			add_action( 'shutdown', array( $this, 'run' ), 0 );
		}
	}

	/**
	 * Hands the response to the client, then runs the jobs (WordPress' `shutdown`, priority 0).
	 */
	public function run(): void {
		ignore_user_abort( true );
		$this->finish_response();
		$jobs       = $this->jobs;
		$this->jobs = array();
		foreach ( $jobs as list( $label, $job ) ) {
			try {
				$job();
			} catch ( \Throwable $failure ) {
				// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- the label only, never the data.
				error_log( sprintf( 'Licence Service: the %s job after a response failed (%s).', $label, get_class( $failure ) ) );
			} finally {
				/**
				 * Fires when a job queued for after the response has ended, done or failed.
				 *
				 * @param string $label What it was.
				 */
				do_action( 'svc_licensing_after_response_done', $label );
			}
		}
	}

	/**
	 * Sends the answer and ends the response where the server lets PHP do so.
	 */
	private function finish_response(): void {
		if ( function_exists( 'fastcgi_finish_request' ) ) {
			self::flush_buffers();
			fastcgi_finish_request();
			return;
		}
		if ( function_exists( 'litespeed_finish_request' ) ) {
			self::flush_buffers();
			litespeed_finish_request();
			return;
		}
		$plain = ob_get_level() >= $this->level && array() === array_diff( (array) ob_list_handlers(), array( 'default output handler' ) );
		if ( 'cli' === PHP_SAPI || ! $plain || headers_sent() || (bool) ini_get( 'zlib.output_compression' ) ) {
			self::flush_buffers();
			return;
		}
		// Every buffer holds plain output: the whole answer is here, so its length is known.
		$body = '';
		while ( ob_get_level() > 0 ) {
			$body = (string) ob_get_clean() . $body;
		}
		header( 'Content-Length: ' . strlen( $body ) );
		header( 'Connection: close' );
		echo $body; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- the response, already encoded.
		flush();
	}

	/**
	 * Writes out every output buffer.
	 */
	private static function flush_buffers(): void {
		while ( ob_get_level() > 0 && ob_end_flush() ) {
			continue;
		}
		flush();
	}
}
