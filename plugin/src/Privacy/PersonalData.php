<?php
/**
 * A customer's personal data in the plugin's tables: export and erase.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Privacy;

use Svc\Licensing\Core\Erasure;
use Svc\Licensing\Domain\Email;
use Svc\Licensing\Domain\IsoTime;
use Svc\Licensing\Domain\Money;
use Svc\Licensing\Storage\LicenseRepository;
use Svc\Licensing\Storage\PaymentRepository;
use Svc\Licensing\Storage\PersonalRecords;
use Svc\Licensing\Storage\UpdateDecisionRepository;

/**
 * Used by the admin privacy routes and by WordPress' own Tools > Export/Erase Personal Data, so both give the
 * same answer. Personal data: customer name and email on licences, the site URLs of their activations, the
 * email on transactions, every personal field of stored webhook payloads (names, emails, phones, addresses), and
 * in the event log the payloads and customer actors (site URLs, email) of the customer's licences' events, and the customer portal's sign-in
 * links sent to the email (erased; not exported: a link is a quarter of an hour's state, not a record), and the
 * client sites' health reports and update checks' decisions of the customer's licences (site URLs, WordPress and
 * PHP versions: exported and erased). The export reads; the erase is the Core use case `Core\Erasure` (one
 * transaction, each table through its writer).
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
	 * The erasure use case.
	 *
	 * @var Erasure
	 */
	private $erasure;

	/**
	 * The update checks' decisions.
	 *
	 * @var UpdateDecisionRepository
	 */
	private $decisions;

	/**
	 * The health reports, read.
	 *
	 * @var PersonalRecords
	 */
	private $records;

	/**
	 * Constructor.
	 *
	 * @param LicenseRepository        $licenses  Licences.
	 * @param PaymentRepository        $payments  Transactions.
	 * @param Erasure                  $erasure   The erasure use case.
	 * @param UpdateDecisionRepository $decisions The update checks' decisions.
	 * @param PersonalRecords          $records   The health reports, read.
	 */
	public function __construct( LicenseRepository $licenses, PaymentRepository $payments, Erasure $erasure, UpdateDecisionRepository $decisions, PersonalRecords $records ) {
		$this->licenses  = $licenses;
		$this->payments  = $payments;
		$this->erasure   = $erasure;
		$this->decisions = $decisions;
		$this->records   = $records;
	}

	/**
	 * Everything stored about an email.
	 *
	 * @param string $email Email, normalised here.
	 * @return array{licenses: array<int, array<string, mixed>>, transactions: array<int, array<string, mixed>>, update_decisions: array<int, array<string, mixed>>, release_reports: array<int, array<string, mixed>>, total_records: int, exported_at: string}
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
		$license_ids  = array_map( 'intval', array_column( $licenses, 'id' ) );
		// The last update check of each site of the licences (docs/explain.md): what the site said about itself.
		$decisions = array_map(
			static function ( array $row ): array {
				return array(
					'license_id'        => (int) $row['license_id'],
					'product'           => (string) $row['product_name'],
					'site_url'          => (string) $row['site_url'],
					'activated'         => null !== $row['activation_id'],
					'checked_at'        => IsoTime::from_storage( (string) $row['checked_at'] ),
					'installed_version' => (string) $row['installed_version'],
					'offered_version'   => null === $row['offered_version'] ? null : (string) $row['offered_version'],
					'wp_version'        => null === $row['wp_version'] ? null : (string) $row['wp_version'],
					'php_version'       => null === $row['php_version'] ? null : (string) $row['php_version'],
				);
			},
			$this->decisions->of_licenses( $license_ids )
		);
		// The sites' health reports after an update (docs/rollouts-gate.md).
		$reports = array_map(
			static function ( array $row ): array {
				return array(
					'license_id'  => (int) $row['license_id'],
					'product'     => (string) $row['product_name'],
					'version'     => (string) $row['version'],
					'site_url'    => (string) $row['site'],
					'outcome'     => (string) $row['outcome'],
					'error_code'  => '' === (string) $row['error_code'] ? null : (string) $row['error_code'],
					'reported_at' => IsoTime::from_storage( (string) $row['created_at'] ),
				);
			},
			$this->records->reports_of_licenses( $license_ids )
		);
		return array(
			'licenses'         => $items,
			'transactions'     => $transactions,
			'update_decisions' => $decisions,
			'release_reports'  => $reports,
			'total_records'    => count( $items ) + count( $transactions ) + count( $decisions ) + count( $reports ),
			'exported_at'      => IsoTime::format( time() ),
		);
	}

	/**
	 * Erases an email's personal data, through the Core use case.
	 *
	 * @param string $email Email, normalised here.
	 * @return array{licenses: int, activations: int, transactions: int, webhook_events: int, events: int, portal_links: int, portal_sessions: int, release_reports: int, update_decisions: int}
	 */
	public function erase( string $email ): array {
		return $this->erasure->erase( $email );
	}
}
