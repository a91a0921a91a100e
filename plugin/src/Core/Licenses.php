<?php
/**
 * Licence use cases: what a client's validate answers, and every change of a licence's state after it was
 * sold (renewal, expiry, cancellation, revocation, deletion), whoever asks: a client, an admin, a payment
 * event or the expiry job.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Core;

use Svc\Licensing\Domain\Email;
use Svc\Licensing\Domain\Event\Actor;
use Svc\Licensing\Domain\Event\EventType;
use Svc\Licensing\Domain\Event\LicensePayload;
use Svc\Licensing\Domain\IsoTime;
use Svc\Licensing\Domain\License\LicenseKey;
use Svc\Licensing\Domain\License\LicenseStatus;
use Svc\Licensing\Domain\License\RenewalLink;
use Svc\Licensing\Domain\License\ValidationAnswer;
use Svc\Licensing\Hooks;
use Svc\Licensing\Storage\ActivationRepository;
use Svc\Licensing\Storage\EventRepository;
use Svc\Licensing\Storage\LicenseRepository;
use Svc\Licensing\Storage\ReleaseReportRepository;
use Svc\Licensing\Storage\Settings;
use Svc\Licensing\Storage\Transaction;
use Svc\Licensing\Storage\UpdateDecisionRepository;

/**
 * No WP_REST_Request here: callers pass plain values and get plain arrays or a ServiceError.
 */
final class Licenses {

	/**
	 * Licences the expiry job reads at a time.
	 */
	private const EXPIRY_BATCH = 500;

	/**
	 * A site's last_checked is refreshed when older than this, so a validate of a site seen within the hour
	 * writes nothing (the admin list shows last contact to the hour).
	 */
	public const CHECK_IN_EVERY = 3600;

	/**
	 * Finds licences.
	 *
	 * @var LicenseFinder
	 */
	private $finder;

	/**
	 * Licences.
	 *
	 * @var LicenseRepository
	 */
	private $licenses;

	/**
	 * Activations.
	 *
	 * @var ActivationRepository
	 */
	private $activations;

	/**
	 * Settings.
	 *
	 * @var Settings
	 */
	private $settings;

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
	 * Signed leases.
	 *
	 * @var Leases
	 */
	private $leases;

	/**
	 * The client sites' health reports (their site URLs).
	 *
	 * @var ReleaseReportRepository
	 */
	private $reports;

	/**
	 * The update checks' decisions (site URLs, WordPress and PHP versions).
	 *
	 * @var UpdateDecisionRepository
	 */
	private $decisions;

	/**
	 * Constructor.
	 *
	 * @param LicenseFinder            $finder      Finds licences.
	 * @param LicenseRepository        $licenses    Licences.
	 * @param ActivationRepository     $activations Activations.
	 * @param Settings                 $settings    Settings.
	 * @param Transaction              $transaction Transactions.
	 * @param EventRepository          $events      The event log.
	 * @param Leases                   $leases      Signed leases.
	 * @param ReleaseReportRepository  $reports     The client sites' health reports.
	 * @param UpdateDecisionRepository $decisions   The update checks' decisions.
	 */
	public function __construct( LicenseFinder $finder, LicenseRepository $licenses, ActivationRepository $activations, Settings $settings, Transaction $transaction, EventRepository $events, Leases $leases, ReleaseReportRepository $reports, UpdateDecisionRepository $decisions ) {
		$this->finder      = $finder;
		$this->licenses    = $licenses;
		$this->activations = $activations;
		$this->settings    = $settings;
		$this->transaction = $transaction;
		$this->events      = $events;
		$this->leases      = $leases;
		$this->reports     = $reports;
		$this->decisions   = $decisions;
	}

	/**
	 * POST /licenses/validate: whether the licence is usable on this site now, and where the customer renews it
	 * (renewal_url, an addition to the spec's fields: RenewalLink).
	 *
	 * @param ClientCall $call Call.
	 * @param int        $now  Unix time.
	 * @return array<string, mixed> The spec's validation answer.
	 */
	public function validate( ClientCall $call, int $now ): array {
		list( $product, $license, , $scope ) = $this->finder->locate( $call );
		$this->check_in( $license['activation'], $now );
		return ValidationAnswer::build(
			$license,
			$product,
			$license['activation'],
			$call->fingerprint,
			(bool) $this->settings->get( 'fingerprinting' ),
			$now
		) + array( 'renewal_url' => RenewalLink::for_product( (string) $this->settings->get( 'renewal_page' ), $product ) ) + LicenseFinder::counted_as( $scope )
			+ array( 'lease' => $this->lease( $call, $product, $license, $now ) );
	}

	/**
	 * The signed lease for the caller's site on a licence (Core\Leases), or null when no key can sign.
	 *
	 * @param ClientCall           $call    Call.
	 * @param array<string, mixed> $product Product row.
	 * @param array<string, mixed> $license Licence row with this site's activation.
	 * @param int                  $now     Unix time.
	 */
	public function lease( ClientCall $call, array $product, array $license, int $now ): ?string {
		return $this->leases->issue( $call, $product, $license, $now );
	}

	/**
	 * Records that an activated site called, at most once per CHECK_IN_EVERY.
	 *
	 * @param array<string, mixed>|null $activation This site's activation, or null.
	 * @param int                       $now        Unix time.
	 */
	public function check_in( ?array $activation, int $now ): void {
		if ( null === $activation ) {
			return;
		}
		$last = IsoTime::unix_from_storage( $activation['last_checked'] );
		if ( null === $last || $now - $last >= self::CHECK_IN_EVERY ) {
			$this->activations->touch( (int) $activation['id'], null );
		}
	}

	/**
	 * Issues a licence unless a UNIQUE key already holds one (a trial's mailbox, a paid subscription's price),
	 * with its licence.created event, in one transaction.
	 *
	 * @param array<string, mixed> $columns Column values, the key's columns included.
	 * @param LicenseKey           $key     Its key (the event shows it masked).
	 * @param Actor                $actor   Who issues it.
	 * @return int|null New id, or null when the row existed.
	 */
	public function issue( array $columns, LicenseKey $key, Actor $actor ): ?int {
		return $this->transaction->run(
			function () use ( $columns, $key, $actor ): ?int {
				$id = $this->licenses->create_unless_exists( $columns );
				if ( null !== $id ) {
					$this->events->record_for_license( EventType::LICENSE_CREATED, $id, $actor, LicensePayload::created( $key, $columns ) );
				}
				return $id;
			}
		);
	}

	/**
	 * A payment renewed the licence: expiry moves forward only (null: lifetime), active again unless it was
	 * revoked or cancelled on purpose. An invoice that changes neither (repeated, or older) records nothing.
	 *
	 * @param int      $id      Licence.
	 * @param int|null $expires New expiry, Unix time, or null for lifetime.
	 * @param Actor    $actor   Who renews (the payment event).
	 */
	public function renew( int $id, ?int $expires, Actor $actor ): void {
		$this->transaction->run(
			function () use ( $id, $expires, $actor ): void {
				if ( $this->licenses->renew( $id, null === $expires ? null : IsoTime::to_storage( $expires ) ) ) {
					$this->events->record_for_license( EventType::LICENSE_RENEWED, $id, $actor, array( 'period_end' => null === $expires ? null : IsoTime::format( $expires ) ) );
				}
			}
		);
	}

	/**
	 * Ends a licence (cancelled or revoked) and frees every site, in one transaction.
	 *
	 * @param int    $id           Licence.
	 * @param string $status       LicenseStatus::CANCELLED or LicenseStatus::REVOKED.
	 * @param bool   $keep_revoked Whether a revoked licence stays revoked (a subscription ending after a refund).
	 * @param Actor  $actor        Who ends it.
	 */
	public function end( int $id, string $status, bool $keep_revoked, Actor $actor ): void {
		$this->transaction->run(
			function () use ( $id, $status, $keep_revoked, $actor ): void {
				$freed = $this->activations->remove_all( $id );
				$this->licenses->end( $id, $status, $keep_revoked );
				$this->events->record_for_license(
					LicenseStatus::REVOKED === $status ? EventType::LICENSE_REVOKED : EventType::LICENSE_CANCELLED,
					$id,
					$actor,
					array( 'activations_removed' => $freed )
				);
			}
		);
		if ( LicenseStatus::REVOKED === $status ) {
			// phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.DynamicHooknameFound -- the constant is prefixed.
			do_action( Hooks::LICENSE_KEY_VOIDED, $id );
		}
	}

	/**
	 * An admin cancels a licence.
	 *
	 * @param int   $id    Licence.
	 * @param Actor $actor Who cancels.
	 */
	public function cancel( int $id, Actor $actor ): void {
		$this->end( $id, LicenseStatus::CANCELLED, false, $actor );
	}

	/**
	 * Deletes a licence for good, in one transaction, with every record that names its sites: its activations, its
	 * sites' health reports and update decisions (a later erase by email could not find them). Its events stay in
	 * the log (the audit trail), redacted as an erase would (the email, the customer's site URLs and labels), since
	 * an erase by email no longer finds a deleted licence (issue 40; docs/explain.md, "Personal data").
	 *
	 * @param int   $id    Licence.
	 * @param Actor $actor Who deletes.
	 */
	public function delete( int $id, Actor $actor ): void {
		$this->transaction->run(
			function () use ( $id, $actor ): void {
				// Recorded before the row goes: the event takes the licence's product from it.
				$this->events->record_for_license( EventType::LICENSE_DELETED, $id, $actor );
				$row = $this->licenses->find( $id );
				$this->events->redact_licenses( array( $id ), (string) Email::normalise( (string) ( $row['customer_email'] ?? '' ) ) );
				$this->activations->remove_all( $id );
				$this->reports->delete_of_licenses( array( $id ) );
				$this->decisions->remove_of_licenses( array( $id ) );
				$this->licenses->delete( $id );
			}
		);
	}

	/**
	 * The expiry job: every active or trial licence past its expiry becomes expired, each with its event in its
	 * own transaction. The conditional UPDATE decides: a licence renewed meanwhile is left alone and records
	 * nothing.
	 *
	 * @param int $now Unix time.
	 * @return int Licences expired.
	 */
	public function expire_due( int $now ): int {
		$at      = IsoTime::to_storage( $now );
		$actor   = Actor::system( 'expiry' );
		$expired = 0;
		// A batch at a time, each licence in its own short transaction: memory and locks stay small however many
		// are due. A licence the batch could not expire (renewed meanwhile) is not due any more, so the loop ends.
		do {
			$due      = $this->licenses->due_ids( $at, self::EXPIRY_BATCH );
			$in_batch = 0;
			foreach ( $due as $id ) {
				$in_batch += (int) $this->transaction->run(
					function () use ( $id, $at, $actor ): bool {
						return $this->licenses->expire( $id, $at )
							&& $this->events->record_for_license( EventType::LICENSE_EXPIRED, $id, $actor );
					}
				);
			}
			$expired += $in_batch;
			$full     = self::EXPIRY_BATCH === count( $due );
		} while ( $full && $in_batch > 0 );
		return $expired;
	}
}
