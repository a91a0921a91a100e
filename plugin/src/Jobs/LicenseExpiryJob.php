<?php
/**
 * The daily job that stores the expired status (decisions.md).
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Jobs;

use Svc\Licensing\Core\Licenses;

/**
 * Validation already treats a licence past its expiry as expired; this makes the stored status, the filters
 * and the counts agree. One conditional UPDATE.
 */
final class LicenseExpiryJob {

	/**
	 * Database.
	 *
	 * @var Licenses
	 */
	private $licenses;

	/**
	 * Constructor.
	 *
	 * @param Licenses $licenses Licence use cases.
	 */
	public function __construct( Licenses $licenses ) {
		$this->licenses = $licenses;
	}

	/**
	 * Hooks.
	 */
	public function add_hooks(): void {
		add_action( CronHooks::EXPIRE_LICENSES, array( $this, 'run' ) );
	}

	/**
	 * Marks active and trial licences past their expiry as expired.
	 *
	 * @param int|null $now Unix time; now when omitted.
	 * @return int Licences changed.
	 */
	public function run( $now = null ): int {
		return $this->licenses->expire_due( is_numeric( $now ) ? (int) $now : time() );
	}
}
