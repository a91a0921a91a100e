<?php
/**
 * Licence use cases: what a client's validate answers, and every change of a licence's state after it was
 * sold (renewal, expiry, cancellation, revocation, deletion), whoever asks: a client, an admin, a payment
 * event or the expiry job.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Core;

use Svc\Licensing\Domain\IsoTime;
use Svc\Licensing\Domain\License\LicenseStatus;
use Svc\Licensing\Domain\License\RenewalLink;
use Svc\Licensing\Domain\License\ValidationAnswer;
use Svc\Licensing\Storage\ActivationRepository;
use Svc\Licensing\Storage\LicenseRepository;
use Svc\Licensing\Storage\Settings;
use Svc\Licensing\Storage\Transaction;

/**
 * No WP_REST_Request here: callers pass plain values and get plain arrays or a ServiceError.
 */
final class Licences {

	/**
	 * A site's last_checked is refreshed when older than this, so a validate of a site seen within the hour
	 * writes nothing (the admin list shows last contact to the hour).
	 */
	public const CHECK_IN_EVERY = 3600;

	/**
	 * Finds licences.
	 *
	 * @var LicenceFinder
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
	 * Constructor.
	 *
	 * @param LicenceFinder        $finder      Finds licences.
	 * @param LicenseRepository    $licenses    Licences.
	 * @param ActivationRepository $activations Activations.
	 * @param Settings             $settings    Settings.
	 * @param Transaction          $transaction Transactions.
	 */
	public function __construct( LicenceFinder $finder, LicenseRepository $licenses, ActivationRepository $activations, Settings $settings, Transaction $transaction ) {
		$this->finder      = $finder;
		$this->licenses    = $licenses;
		$this->activations = $activations;
		$this->settings    = $settings;
		$this->transaction = $transaction;
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
		list( $product, $license ) = $this->finder->locate( $call );
		$this->check_in( $license['activation'], $now );
		return ValidationAnswer::build(
			$license,
			$product,
			$license['activation'],
			$call->fingerprint,
			(bool) $this->settings->get( 'fingerprinting' ),
			$now
		) + array( 'renewal_url' => RenewalLink::for_product( (string) $this->settings->get( 'renewal_page' ), $product ) );
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
	 * A payment renewed the licence: expiry moves forward only (null: lifetime), active again unless it was
	 * revoked or cancelled on purpose.
	 *
	 * @param int      $id      Licence.
	 * @param int|null $expires New expiry, Unix time, or null for lifetime.
	 */
	public function renew( int $id, ?int $expires ): void {
		$this->licenses->renew( $id, null === $expires ? null : IsoTime::to_storage( $expires ) );
	}

	/**
	 * Ends a licence (cancelled or revoked) and frees every site, in one transaction.
	 *
	 * @param int    $id           Licence.
	 * @param string $status       LicenseStatus::CANCELLED or LicenseStatus::REVOKED.
	 * @param bool   $keep_revoked Whether a revoked licence stays revoked (a subscription ending after a refund).
	 */
	public function end( int $id, string $status, bool $keep_revoked ): void {
		$this->transaction->run(
			function () use ( $id, $status, $keep_revoked ): void {
				$this->activations->remove_all( $id );
				$this->licenses->end( $id, $status, $keep_revoked );
			}
		);
	}

	/**
	 * An admin cancels a licence.
	 *
	 * @param int $id Licence.
	 */
	public function cancel( int $id ): void {
		$this->end( $id, LicenseStatus::CANCELLED, false );
	}

	/**
	 * Deletes a licence and its activations for good, in one transaction.
	 *
	 * @param int $id Licence.
	 */
	public function delete( int $id ): void {
		$this->transaction->run(
			function () use ( $id ): void {
				$this->activations->remove_all( $id );
				$this->licenses->delete( $id );
			}
		);
	}

	/**
	 * The expiry job: every active or trial licence past its expiry becomes expired.
	 *
	 * @param int $now Unix time.
	 * @return int Licences expired.
	 */
	public function expire_due( int $now ): int {
		return $this->licenses->expire_due( gmdate( 'Y-m-d H:i:s', $now ) );
	}
}
