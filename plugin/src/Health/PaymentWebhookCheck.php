<?php
/**
 * Health: a webhook signing secret is configured.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Health;

use Svc\Licensing\Domain\Health\CheckResult;
use Svc\Licensing\Storage\Settings;

/**
 * Without a secret no payment event can be verified, so nothing is sold; the service still answers, hence warn.
 */
final class PaymentWebhookCheck implements Check {

	/**
	 * Settings.
	 *
	 * @var Settings
	 */
	private $settings;

	/**
	 * Constructor.
	 *
	 * @param Settings $settings Settings.
	 */
	public function __construct( Settings $settings ) {
		$this->settings = $settings;
	}

	/**
	 * Runs the probe.
	 */
	public function run(): CheckResult {
		if ( '' === (string) $this->settings->get( 'webhook_signing_secret' ) ) {
			return new CheckResult( 'payment_webhook', CheckResult::WARN, 'No webhook signing secret is configured.' );
		}
		return new CheckResult( 'payment_webhook', CheckResult::PASS );
	}
}
