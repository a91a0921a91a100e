<?php
/**
 * The client sites' health reports on a release, and the failure-rate gate that pauses it.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Core;

use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\Event\Actor;
use Svc\Licensing\Domain\Event\EventType;
use Svc\Licensing\Domain\IsoTime;
use Svc\Licensing\Domain\Release\Channels;
use Svc\Licensing\Domain\Release\HealthGate;
use Svc\Licensing\Domain\Release\ReportedRelease;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\Storage\EventRepository;
use Svc\Licensing\Storage\ReleaseReportRepository;
use Svc\Licensing\Storage\ReleaseRepository;
use Svc\Licensing\Storage\Transaction;

/**
 * POST /updates/report as a use case. A site's report is counted once per release (the UNIQUE index decides),
 * written on its own so that it is committed before the gate looks; then, in one transaction, one aggregate gives
 * the release's installed and failed reports, and when HealthGate trips, one conditional UPDATE pauses the
 * release and the report that paused it records `release.paused` (outbound webhooks deliver it from the log).
 * Of reports racing on several web nodes, the last one to commit sees every row; of the ones that see the gate
 * trip, only one UPDATE matches `paused_at IS NULL`, so the event is recorded once.
 */
final class ReleaseReports {

	/**
	 * Who the event names as its cause.
	 */
	public const ACTOR = 'health-gate';

	/**
	 * Finds licences.
	 *
	 * @var LicenseFinder
	 */
	private $finder;

	/**
	 * Releases.
	 *
	 * @var ReleaseRepository
	 */
	private $releases;

	/**
	 * Reports.
	 *
	 * @var ReleaseReportRepository
	 */
	private $reports;

	/**
	 * Transactions.
	 *
	 * @var Transaction
	 */
	private $transaction;

	/**
	 * The event log.
	 *
	 * @var EventRepository
	 */
	private $events;

	/**
	 * Constructor.
	 *
	 * @param LicenseFinder           $finder      Finds licences.
	 * @param ReleaseRepository       $releases    Releases.
	 * @param ReleaseReportRepository $reports     Reports.
	 * @param Transaction             $transaction Transactions.
	 * @param EventRepository         $events      The event log.
	 */
	public function __construct( LicenseFinder $finder, ReleaseRepository $releases, ReleaseReportRepository $reports, Transaction $transaction, EventRepository $events ) {
		$this->finder      = $finder;
		$this->releases    = $releases;
		$this->reports     = $reports;
		$this->transaction = $transaction;
		$this->events      = $events;
	}

	/**
	 * Records a site's report on the product's release of a version, then runs the gate. Whose word counts
	 * (docs/api-decisions.md, "Whose word each record takes"): a site activated on a usable licence, on a release
	 * it was offered (Domain\Release\ReportedRelease), once per release, gate round, licence and site; the gate
	 * gives each licence one vote.
	 *
	 * @param ClientCall $call       Call (licence key, product, site).
	 * @param string     $version    The version the site installed or failed to install.
	 * @param string     $outcome    installed or failed.
	 * @param string     $error_code Core's error code for a failure ('' when none was sent; ignored for installed).
	 * @param int        $now        Unix time.
	 * @return bool Whether this report was counted (false: the site had reported on this release in this round
	 *              already, or the release was not rolled out to it).
	 * @throws ServiceError 404 not_found for a version the product has no release of that the site could have
	 *                      been offered (drafts and other channels' releases included), 403 license_not_active or
	 *                      site_not_activated, or a lookup's error.
	 */
	public function report( ClientCall $call, string $version, string $outcome, string $error_code, int $now ): bool {
		list( $product, $license, $site ) = $this->finder->locate( $call );
		LicenseFinder::assert_usable( $license, __( 'used to report on an update', 'svc-licensing' ), $now );
		$activation = $license['activation'];
		if ( null === $activation ) {
			throw new ServiceError( ErrorCode::SITE_NOT_ACTIVATED, __( 'Only a site activated on the licence can report on an update. Activate it first.', 'svc-licensing' ) );
		}
		$release = $this->releases->of_version( (int) $product['id'], $version );
		$verdict = null === $release ? ReportedRelease::UNKNOWN : ReportedRelease::verdict(
			$release,
			Channels::from_storage( isset( $product['channels'] ) ? (string) $product['channels'] : null ),
			$activation,
			$license,
			IsoTime::unix_from_storage( $release['paused_at'] ),
			$now
		);
		if ( null === $release || ReportedRelease::UNKNOWN === $verdict ) {
			throw new ServiceError( ErrorCode::NOT_FOUND, __( 'This product has no release of this version.', 'svc-licensing' ) );
		}
		if ( ReportedRelease::NOT_OFFERED === $verdict ) {
			return false;
		}
		$counted = $this->reports->add_once( (int) $release['id'], (int) $release['gate_round'], (int) $license['id'], $site, $outcome, 'failed' === $outcome ? $error_code : '' );
		if ( $counted && null === $release['paused_at'] ) {
			$this->judge( $release );
		}
		return $counted;
	}

	/**
	 * The gate: one aggregate, and the pause with its event when the figures say so, in one transaction.
	 *
	 * @param array<string, mixed> $release Release row.
	 */
	private function judge( array $release ): void {
		$this->transaction->run(
			function () use ( $release ): void {
				$tally = $this->reports->tally( (int) $release['id'] );
				$gate  = new HealthGate( $tally['installed'], $tally['failed'], (int) $release['gate_threshold'], max( 1, (int) $release['gate_min_reports'] ) );
				if ( ! $gate->trips() || ! $this->releases->pause_unless_paused( (int) $release['id'], $gate->reason(), time() ) ) {
					return;
				}
				$this->events->record(
					EventType::RELEASE_PAUSED,
					(int) $release['id'],
					Actor::system( self::ACTOR ),
					(int) $release['product_id'],
					array(
						'version'   => (string) $release['version'],
						'reason'    => $gate->reason(),
						'installed' => $tally['installed'],
						'failed'    => $tally['failed'],
					)
				);
			}
		);
	}
}
