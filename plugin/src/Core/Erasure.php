<?php
/**
 * Erasing a customer's personal data, one use case for the admin privacy route and WordPress' eraser.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Core;

use Svc\Licensing\Domain\Email;
use Svc\Licensing\Storage\ActivationRepository;
use Svc\Licensing\Storage\EventRepository;
use Svc\Licensing\Storage\LicenseRepository;
use Svc\Licensing\Storage\PaymentRepository;
use Svc\Licensing\Storage\PortalLinkRepository;
use Svc\Licensing\Storage\PortalSessionRepository;
use Svc\Licensing\Storage\ReleaseReportRepository;
use Svc\Licensing\Storage\Transaction;
use Svc\Licensing\Storage\UpdateDecisionRepository;
use Svc\Licensing\Storage\UserPreferences;
use Svc\Licensing\Storage\OutboundDeliveryRepository;
use Svc\Licensing\Storage\PaymentEventRepository;

/**
 * Everything in one transaction, each table through its one writer: the activations (site URLs) and health reports
 * (site URLs) of the email's licences deleted; the licences kept without name, email or trial email, their key hash replaced by a hash of
 * itself so the key stops working; the email on transactions cleared; every personal field of stored webhook
 * payloads redacted; the payloads and customer actors of the licences' events in the log redacted, and the
 * outbound deliveries that carry them rendered again; the portal's sign-in links and open sessions of the email
 * gone; an account that proved the email opens its portal no more without a new link; the update checks'
 * decisions recorded for the licences' sites deleted. A failure leaves it all.
 */
final class Erasure {

	/**
	 * Transactions.
	 *
	 * @var Transaction
	 */
	private $transaction;

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
	 * Transactions (payments).
	 *
	 * @var PaymentRepository
	 */
	private $payments;

	/**
	 * Stored webhook events.
	 *
	 * @var PaymentEventRepository
	 */
	private $webhook_events;

	/**
	 * The event log.
	 *
	 * @var EventRepository
	 */
	private $log;

	/**
	 * Outbound webhook deliveries, whose bodies carry events.
	 *
	 * @var OutboundDeliveryRepository
	 */
	private $deliveries;

	/**
	 * The customer portal's sign-in links.
	 *
	 * @var PortalLinkRepository
	 */
	private $portal_links;

	/**
	 * The customer portal's open sessions.
	 *
	 * @var PortalSessionRepository
	 */
	private $portal_sessions;

	/**
	 * The emails accounts proved for the portal.
	 *
	 * @var UserPreferences
	 */
	private $preferences;

	/**
	 * The client sites' health reports (their site URLs).
	 *
	 * @var ReleaseReportRepository
	 */
	private $reports;

	/**
	 * The update checks' decisions (site URLs).
	 *
	 * @var UpdateDecisionRepository
	 */
	private $decisions;

	/**
	 * Constructor.
	 *
	 * @param Transaction                $transaction     Transactions.
	 * @param LicenseRepository          $licenses        Licences.
	 * @param ActivationRepository       $activations     Activations.
	 * @param PaymentRepository          $payments        Transactions (payments).
	 * @param PaymentEventRepository     $webhook_events  Stored webhook events.
	 * @param EventRepository            $log             The event log.
	 * @param OutboundDeliveryRepository $deliveries      Outbound webhook deliveries.
	 * @param PortalLinkRepository       $portal_links    The customer portal's sign-in links.
	 * @param PortalSessionRepository    $portal_sessions The customer portal's open sessions.
	 * @param UserPreferences            $preferences     The emails accounts proved for the portal.
	 * @param ReleaseReportRepository    $reports         The client sites' health reports.
	 * @param UpdateDecisionRepository   $decisions       The update checks' decisions.
	 */
	public function __construct( Transaction $transaction, LicenseRepository $licenses, ActivationRepository $activations, PaymentRepository $payments, PaymentEventRepository $webhook_events, EventRepository $log, OutboundDeliveryRepository $deliveries, PortalLinkRepository $portal_links, PortalSessionRepository $portal_sessions, UserPreferences $preferences, ReleaseReportRepository $reports, UpdateDecisionRepository $decisions ) {
		$this->transaction     = $transaction;
		$this->licenses        = $licenses;
		$this->activations     = $activations;
		$this->payments        = $payments;
		$this->webhook_events  = $webhook_events;
		$this->log             = $log;
		$this->deliveries      = $deliveries;
		$this->portal_links    = $portal_links;
		$this->portal_sessions = $portal_sessions;
		$this->preferences     = $preferences;
		$this->reports         = $reports;
		$this->decisions       = $decisions;
	}

	/**
	 * Erases an email's personal data and counts what changed.
	 *
	 * @param string $email Email, normalised here.
	 * @return array{licenses: int, activations: int, transactions: int, webhook_events: int, events: int, portal_links: int, portal_sessions: int, release_reports: int, update_decisions: int}
	 */
	public function erase( string $email ): array {
		$normalised = Email::normalise( $email );
		if ( null === $normalised ) {
			return array(
				'licenses'         => 0,
				'activations'      => 0,
				'transactions'     => 0,
				'webhook_events'   => 0,
				'events'           => 0,
				'portal_links'     => 0,
				'portal_sessions'  => 0,
				'release_reports'  => 0,
				'update_decisions' => 0,
			);
		}
		return $this->transaction->run(
			function () use ( $normalised ): array {
				// The licences are found, and their activations deleted, before the erase clears their email.
				$license_ids = array_map( 'intval', array_column( $this->licenses->of_customer( $normalised ), 'id' ) );
				$activations = $this->activations->remove_of_customer( $normalised );
				// The health reports name the licences' sites.
				$reports  = $this->reports->delete_of_licenses( $license_ids );
				$licenses = $this->licenses->erase_customer( $normalised );
				$affected = array(
					'licenses'       => $licenses,
					'activations'    => $activations,
					'transactions'   => $this->payments->erase_customer( $normalised ),
					'webhook_events' => $this->webhook_events->redact_person( $normalised ),
					'events'         => $this->log->redact_licenses( $license_ids, $normalised ),
				);
				// The delivery log carries those events: rendered again from the redacted log.
				$this->deliveries->refresh_license_events( $license_ids );
				$affected['portal_links'] = $this->portal_links->erase_email( $normalised );
				// Signed in no more: every open portal session of the email ends.
				$affected['portal_sessions'] = $this->portal_sessions->close_email( $normalised );
				// An account that proved this email opens its portal no more without a new link.
				$this->preferences->forget_portal_email( $normalised );
				$affected['release_reports'] = $reports;
				// The sites' URLs in the update checks' decisions.
				$affected['update_decisions'] = $this->decisions->remove_of_licenses( $license_ids );
				return $affected;
			}
		);
	}
}
