<?php
/**
 * A customer's personal data in the plugin's tables: export and erase.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Privacy;

use Svc\Licensing\Domain\Email;
use Svc\Licensing\Domain\IsoTime;
use Svc\Licensing\Storage\LicenseRepository;

/**
 * Used by the admin privacy routes and by WordPress' own Tools > Export/Erase Personal Data, so both give the
 * same answer. Personal data: customer name and email on licences, and the site URLs of their activations.
 */
final class PersonalData {

	/**
	 * Licences.
	 *
	 * @var LicenseRepository
	 */
	private $licenses;

	/**
	 * Constructor.
	 *
	 * @param LicenseRepository $licenses Licences.
	 */
	public function __construct( LicenseRepository $licenses ) {
		$this->licenses = $licenses;
	}

	/**
	 * Everything stored about an email.
	 *
	 * @param string $email Email, normalised here.
	 * @return array{licenses: array<int, array<string, mixed>>, total_records: int, exported_at: string}
	 */
	public function export( string $email ): array {
		$normalised = Email::normalise( $email );
		$licenses   = null === $normalised ? array() : $this->licenses->of_customer( $normalised );
		$items      = array_map(
			static function ( array $row ): array {
				return array(
					'id'          => $row['id'],
					'product'     => (string) $row['product_name'],
					'status'      => (string) $row['status'],
					'created_at'  => IsoTime::from_storage( $row['created_at'] ),
					'activations' => $row['activations'],
				);
			},
			$licenses
		);
		return array(
			'licenses'      => $items,
			'total_records' => count( $items ),
			'exported_at'   => IsoTime::format( time() ),
		);
	}

	/**
	 * Erases an email's personal data.
	 *
	 * @param string $email Email, normalised here.
	 * @return array{licenses: int, activations: int}
	 */
	public function erase( string $email ): array {
		$normalised = Email::normalise( $email );
		if ( null === $normalised ) {
			return array(
				'licenses'    => 0,
				'activations' => 0,
			);
		}
		return $this->licenses->erase_customer( $normalised );
	}
}
