<?php
/**
 * Names of the plugin's scheduled hooks.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Jobs;

/**
 * Every cron hook the plugin schedules, so deactivation and uninstall can clear them all.
 * Jobs add their hook here when they are introduced.
 */
final class CronHooks {
	public const ALL = array();
}
