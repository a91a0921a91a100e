<?php
/**
 * A seller moving from another system imports their licences from a CSV file.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Core;

use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\Event\Actor;
use Svc\Licensing\Domain\License\LicenseCsv;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\Storage\KeySecret;
use Svc\Licensing\Storage\LicenseRepository;
use Svc\Licensing\Storage\Transaction;

/**
 * All or nothing: every row is issued through LicenseAdmin::create (the admin API's rules and its
 * license.created event) inside one transaction, which commits only when no row failed and this is not a dry
 * run. A dry run therefore checks each row exactly as the import would, then rolls back: nothing is written, no
 * event either. Every error is collected with its line, so one run finds them all.
 */
final class LicenseImport {

	/**
	 * Admin licence use cases.
	 *
	 * @var LicenseAdmin
	 */
	private $admin;

	/**
	 * Products.
	 *
	 * @var Products
	 */
	private $products;

	/**
	 * Licences (which keys are taken).
	 *
	 * @var LicenseRepository
	 */
	private $licenses;

	/**
	 * Key hashing secret.
	 *
	 * @var KeySecret
	 */
	private $secret;

	/**
	 * Transactions.
	 *
	 * @var Transaction
	 */
	private $transaction;

	/**
	 * Constructor.
	 *
	 * @param LicenseAdmin      $admin       Admin licence use cases.
	 * @param Products          $products    Products.
	 * @param LicenseRepository $licenses    Licences.
	 * @param KeySecret         $secret      Key hashing secret.
	 * @param Transaction       $transaction Transactions.
	 */
	public function __construct( LicenseAdmin $admin, Products $products, LicenseRepository $licenses, KeySecret $secret, Transaction $transaction ) {
		$this->admin       = $admin;
		$this->products    = $products;
		$this->licenses    = $licenses;
		$this->secret      = $secret;
		$this->transaction = $transaction;
	}

	/**
	 * Imports a file's licences, or with $dry_run only checks them.
	 *
	 * @param string                  $csv     The file's content (LicenseCsv's format).
	 * @param bool                    $dry_run Check everything, write nothing.
	 * @param Actor                   $actor   Who imports.
	 * @param (callable(): void)|null $tick  Called once per row (a progress bar).
	 * @return array{imported: list<array{line: int, id: int, license_key: string, customer_email: string}>, errors: list<array{line: int, message: string}>, rows: int, written: bool}
	 */
	public function run( string $csv, bool $dry_run, Actor $actor, ?callable $tick = null ): array {
		$parsed = LicenseCsv::parse( $csv );
		$errors = $parsed['errors'];
		$taken  = $this->keys_in_use( $parsed['rows'] );
		$result = $this->transaction->run(
			function () use ( $parsed, $taken, $actor, $tick, &$errors ): array {
				$imported = array();
				$products = array();
				foreach ( $parsed['rows'] as $row ) {
					try {
						if ( null !== $row['key'] && isset( $taken[ $row['key']->hash( $this->secret->get() ) ] ) ) {
							throw new ServiceError( ErrorCode::IN_USE, __( 'key is already the key of a licence here.', 'svc-licensing' ) );
						}
						$products[ $row['product'] ] = $products[ $row['product'] ] ?? (int) $this->products->named( $row['product'] )['id'];
						list( $key, $license )       = $this->admin->create( $products[ $row['product'] ], $row['fields'], $actor, $row['key'] );
						$imported[]                  = array(
							'line'           => $row['line'],
							'id'             => (int) $license['id'],
							'license_key'    => $key,
							'customer_email' => (string) $license['customer_email'],
						);
					} catch ( ServiceError $error ) {
						$errors[] = array(
							'line'    => $row['line'],
							'message' => $error->getMessage(),
						);
					}
					if ( null !== $tick ) {
						$tick();
					}
				}
				return $imported;
			},
			function () use ( $dry_run, &$errors ): bool {
				return ! $dry_run && empty( $errors );
			}
		);
		usort( $errors, static fn( array $a, array $b ): int => $a['line'] <=> $b['line'] );
		return array(
			'imported' => $result,
			'errors'   => $errors,
			'rows'     => count( $parsed['rows'] ) + count( $parsed['errors'] ),
			'written'  => ! $dry_run && empty( $errors ),
		);
	}

	/**
	 * The hashes of the file's keys that a licence already holds, as a set.
	 *
	 * @param list<array{key: \Svc\Licensing\Domain\License\LicenseKey|null}> $rows Parsed rows.
	 * @return array<string, true>
	 */
	private function keys_in_use( array $rows ): array {
		$hashes = array();
		foreach ( $rows as $row ) {
			if ( null !== $row['key'] ) {
				$hashes[] = $row['key']->hash( $this->secret->get() );
			}
		}
		return array_fill_keys( $this->licenses->hashes_in_use( $hashes ), true );
	}
}
