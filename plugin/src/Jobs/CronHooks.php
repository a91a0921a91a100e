<?php
/**
 * Names of the plugin's scheduled hooks.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Jobs;

/**
 * Every cron hook the plugin schedules, so deactivation and uninstall can clear them all.
 */
final class CronHooks {
	public const WEBHOOK_RETRY   = 'svc_licensing_retry_webhooks';
	public const EXPIRE_LICENSES = 'svc_licensing_expire_licenses';

	public const OUTBOUND_WEBHOOKS = 'svc_licensing_outbound_webhooks';

	public const FIVE_MINUTES = 'svc_licensing_five_minutes';
	public const EVERY_MINUTE = 'svc_licensing_every_minute';

	public const ALL = array( self::WEBHOOK_RETRY, self::EXPIRE_LICENSES, self::OUTBOUND_WEBHOOKS );
}
