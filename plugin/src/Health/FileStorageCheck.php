<?php
/**
 * Health: the package folder is writable.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Health;

use Svc\Licensing\Domain\Health\CheckResult;
use Svc\Licensing\Storage\PackageDirectory;

/**
 * Writes and removes a probe file in the package folder.
 */
final class FileStorageCheck implements Check {

	/**
	 * Package folder.
	 *
	 * @var PackageDirectory
	 */
	private $packages;

	/**
	 * Constructor.
	 *
	 * @param PackageDirectory $packages Package folder.
	 */
	public function __construct( PackageDirectory $packages ) {
		$this->packages = $packages;
	}

	/**
	 * Runs the probe.
	 */
	public function run(): CheckResult {
		if ( ! $this->packages->ensure_writable() ) {
			return new CheckResult( 'file_storage', CheckResult::FAIL, 'The package folder is not writable.' );
		}
		return new CheckResult( 'file_storage', CheckResult::PASS );
	}
}
