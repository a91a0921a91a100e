<?php
/**
 * A customer's personal data in the plugin's tables: export and erase.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Privacy;

use Svc\Licensing\Domain\Email;
use Svc\Licensing\Domain\IsoTime;
use Svc\Licensing\Domain\Money;
use Svc\Licensing\Storage\EventRepository;
use Svc\Licensing\Storage\LicenseRepository;
use Svc\Licensing\Storage\PaymentRepository;
use Svc\Licensing\Storage\PortalLinkRepository;
use Svc\Licensing\Storage\PortalSessionRepository;
use Svc\Licensing\Storage\UserPreferences;
use Svc\Licensing\Storage\WebhookDeliveryRepository;
use Svc\Licensing\Storage\WebhookEventRepository;

/**
 * Used by the admin privacy routes and by WordPress' own Tools > Export/Erase Personal Data, so both give the
 * same answer. Personal data: customer name and email on licences, the site URLs of their activations, the
 * email on transactions, every personal field of stored webhook payloads (names, emails, phones, addresses), and
 * in the event log the payloads and customer actors (site URLs, email) of the customer's licences' events, and the customer portal's sign-in
 * links sent to the email (erased; not exported: a link is a quarter of an hour's state, not a record).
 */
final class PersonalData {

	/**
	 * Licences.
	 *
	 * @var LicenseRepository
	 */
	private $licenses;

	/**
	 * Transactions.
	 *
	 * @var PaymentRepository
	 */
	private $payments;

	/**
	 * Stored webhook events.
	 *
	 * @var WebhookEventRepository
	 */
	private $events;

	/**
	 * The event log.
	 *
	 * @var EventRepository
	 */
	private $log;

	/**
	 * Outbound webhook deliveries, whose bodies carry events.
	 *
	 * @var WebhookDeliveryRepository
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
	 * Constructor.
	 *
	 * @param LicenseRepository         $licenses   Licences.
	 * @param PaymentRepository         $payments   Transactions.
	 * @param WebhookEventRepository    $events     Stored webhook events.
	 * @param EventRepository           $log        The event log.
	 * @param WebhookDeliveryRepository $deliveries   Outbound webhook deliveries.
	 * @param PortalLinkRepository      $portal_links The customer portal's sign-in links.
	 * @param UserPreferences           $preferences  The emails accounts proved for the portal.
	 * @param PortalSessionRepository   $portal_sessions The customer portal's open sessions.
	 */
	public function __construct( LicenseRepository $licenses, PaymentRepository $payments, WebhookEventRepository $events, EventRepository $log, WebhookDeliveryRepository $deliveries, PortalLinkRepository $portal_links, UserPreferences $preferences, PortalSessionRepository $portal_sessions ) {
		$this->portal_links    = $portal_links;
		$this->portal_sessions = $portal_sessions;
		$this->preferences     = $preferences;
		$this->licenses        = $licenses;
		$this->payments        = $payments;
		$this->events          = $events;
		$this->log             = $log;
		$this->deliveries      = $deliveries;
	}

	/**
	 * Everything stored about an email.
	 *
	 * @param string $email Email, normalised here.
	 * @return array{licenses: array<int, array<string, mixed>>, transactions: array<int, array<string, mixed>>, total_records: int, exported_at: string}
	 */
	public function export( string $email ): array {
		$normalised   = Email::normalise( $email );
		$licenses     = null === $normalised ? array() : $this->licenses->of_customer( $normalised );
		$items        = array_map(
			static function ( array $row ): array {
				return array(
					'id'            => $row['id'],
					// Not in the spec's list: the name is personal data the erase clears, so the export shows it.
					'customer_name' => (string) $row['customer_name'],
					'product'       => (string) $row['product_name'],
					'status'        => (string) $row['status'],
					'created_at'    => IsoTime::from_storage( $row['created_at'] ),
					'activations'   => $row['activations'],
				);
			},
			$licenses
		);
		$transactions = array_map(
			static function ( array $row ): array {
				return array(
					'id'          => (int) $row['id'],
					'kind'        => (string) $row['kind'],
					'reference'   => (string) $row['reference'],
					'license_id'  => (int) $row['license_id'],
					'amount'      => Money::to_major( (int) $row['amount'], (string) $row['currency'] ),
					'currency'    => (string) $row['currency'],
					'occurred_at' => IsoTime::from_storage( $row['occurred_at'] ),
				);
			},
			null === $normalised ? array() : $this->payments->of_customer( $normalised )
		);
		return array(
			'licenses'      => $items,
			'transactions'  => $transactions,
			'total_records' => count( $items ) + count( $transactions ),
			'exported_at'   => IsoTime::format( time() ),
		);
	}

	/**
	 * Erases an email's personal data.
	 *
	 * @param string $email Email, normalised here.
	 * @return array{licenses: int, activations: int, transactions: int, webhook_events: int, events: int, portal_links: int, portal_sessions: int}
	 */
	public function erase( string $email ): array {
		$normalised = Email::normalise( $email );
		if ( null === $normalised ) {
			return array(
				'licenses'        => 0,
				'activations'     => 0,
				'transactions'    => 0,
				'webhook_events'  => 0,
				'events'          => 0,
				'portal_links'    => 0,
				'portal_sessions' => 0,
			);
		}
		// The licences are found before the erase clears their email.
		$license_ids                = array_column( $this->licenses->of_customer( $normalised ), 'id' );
		$affected                   = $this->licenses->erase_customer( $normalised );
		$affected['transactions']   = $this->payments->erase_customer( $normalised );
		$affected['webhook_events'] = $this->events->redact_person( $normalised );
		$affected['events']         = $this->log->redact_licences( $license_ids, $normalised );
		// The delivery log carries those events: rendered again from the redacted log.
		$this->deliveries->refresh_licence_events( $license_ids );
		$affected['portal_links'] = $this->portal_links->erase_email( $normalised );
		// Signed in no more: every open portal session of the email ends.
		$affected['portal_sessions'] = $this->portal_sessions->close_email( $normalised );
		// An account that proved this email opens its portal no more without a new link.
		$this->preferences->forget_portal_email( $normalised );
		return $affected;
	}
}
