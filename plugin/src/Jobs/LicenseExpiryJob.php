<?php
/**
 * The daily job that stores the expired status (decisions.md).
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Jobs;

use Svc\Licensing\Core\Licenses;
use Svc\Licensing\Storage\LicenseCounts;

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
	 * The summaries of the counts.
	 *
	 * @var LicenseCounts
	 */
	private $counts;

	/**
	 * Constructor.
	 *
	 * @param Licenses      $licenses Licence use cases.
	 * @param LicenseCounts $counts   Summaries, recounted here on a host that refused their triggers.
	 */
	public function __construct( Licenses $licenses, LicenseCounts $counts ) {
		$this->licenses = $licenses;
		$this->counts   = $counts;
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
		$expired = $this->licenses->expire_due( is_numeric( $now ) ? (int) $now : time() );
		if ( ! $this->counts->kept() ) {
			// No triggers on this host: the summaries the list and the stats read are made again from the rows.
			$this->counts->recount();
		}
		return $expired;
	}
}
