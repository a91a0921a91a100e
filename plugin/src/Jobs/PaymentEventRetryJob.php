<?php
/**
 * The five-minute job that retries failed webhook events.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Jobs;

use Svc\Licensing\Payments\PaymentEventInbox;

/**
 * At most 10 due events per run, oldest first (spec "Events"). The hook takes an optional Unix time, so the
 * job can be run for a chosen moment (`wp cron event run`, or the test suite's clock).
 */
final class PaymentEventRetryJob {
	public const PER_RUN = 10;

	/**
	 * Processes events.
	 *
	 * @var PaymentEventInbox
	 */
	private $inbox;

	/**
	 * Constructor.
	 *
	 * @param PaymentEventInbox $inbox Processes events.
	 */
	public function __construct( PaymentEventInbox $inbox ) {
		$this->inbox = $inbox;
	}

	/**
	 * Hooks.
	 */
	public function add_hooks(): void {
		add_action( CronHooks::WEBHOOK_RETRY, array( $this, 'run' ) );
	}

	/**
	 * One run.
	 *
	 * @param int|null $now Unix time; now when omitted.
	 * @return array<string, int> Outcome => count.
	 */
	public function run( $now = null ): array {
		return $this->inbox->retry_due( is_numeric( $now ) ? (int) $now : time(), self::PER_RUN );
	}
}
