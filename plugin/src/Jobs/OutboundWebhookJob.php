<?php
/**
 * The every-minute job that sends outbound webhooks.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Jobs;

use Svc\Licensing\Core\OutboundDeliveries;

/**
 * Fans committed events out to the endpoints, then sends at most PER_RUN due deliveries. The hook takes an
 * optional Unix time, so the job can be run for a chosen moment (`wp cron event run`, or the test suite's clock).
 * Several nodes may run it at once: the database hands each delivery to one of them.
 */
final class OutboundWebhookJob {
	public const PER_RUN = 20;

	/**
	 * The queue.
	 *
	 * @var OutboundDeliveries
	 */
	private $deliveries;

	/**
	 * Constructor.
	 *
	 * @param OutboundDeliveries $deliveries The queue.
	 */
	public function __construct( OutboundDeliveries $deliveries ) {
		$this->deliveries = $deliveries;
	}

	/**
	 * Hooks.
	 */
	public function add_hooks(): void {
		add_action( CronHooks::OUTBOUND_WEBHOOKS, array( $this, 'run' ) );
	}

	/**
	 * One run.
	 *
	 * @param int|null $now Unix time; now when omitted.
	 * @return array{queued: int, sent: int}
	 */
	public function run( $now = null ): array {
		return $this->deliveries->run( is_numeric( $now ) ? (int) $now : time(), self::PER_RUN );
	}
}
