<?php
/**
 * A health check.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Health;

use Svc\Licensing\Domain\Health\CheckResult;

/**
 * Runs one real probe and says pass, warn or fail.
 */
interface Check {

	/**
	 * Runs the probe.
	 */
	public function run(): CheckResult;
}
