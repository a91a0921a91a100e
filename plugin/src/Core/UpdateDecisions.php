<?php
/**
 * "Why didn't this site get the update?": the update check's decisions, recorded and explained.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Core;

use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\Release\UpdateDecision;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\Domain\SiteUrl;
use Svc\Licensing\Storage\UpdateDecisionRepository;

/**
 * The update check (REST, the fast lane, the batch form, refusals included) hands its decision here; it is
 * written after the answer has left (AfterResponse), one upsert per product and site. The admin route, WP-CLI
 * and the panel read it back through explain_*(), which answer every product's decision for a site or a licence.
 */
final class UpdateDecisions {

	/**
	 * The decisions' table.
	 *
	 * @var UpdateDecisionRepository
	 */
	private $decisions;

	/**
	 * Work after the response.
	 *
	 * @var AfterResponse
	 */
	private $after;

	/**
	 * Finds licences by key.
	 *
	 * @var LicenseFinder
	 */
	private $finder;

	/**
	 * Constructor.
	 *
	 * @param UpdateDecisionRepository $decisions The decisions' table.
	 * @param AfterResponse            $after     Work after the response.
	 * @param LicenseFinder            $finder    Finds licences by key.
	 */
	public function __construct( UpdateDecisionRepository $decisions, AfterResponse $after, LicenseFinder $finder ) {
		$this->decisions = $decisions;
		$this->after     = $after;
		$this->finder    = $finder;
	}

	/**
	 * Records a check's decision once the answer has left.
	 *
	 * @param array<string, mixed> $product  Product.
	 * @param array<string, mixed> $license  Licence, with this site's `activation` or null.
	 * @param string               $site     The normalised site the check is counted by.
	 * @param UpdateDecision       $decision The decision, ended.
	 * @param int                  $now      Unix time of the check.
	 */
	public function record( array $product, array $license, string $site, UpdateDecision $decision, int $now ): void {
		$product_id    = (int) $product['id'];
		$license_id    = (int) $license['id'];
		$activation_id = isset( $license['activation']['id'] ) ? (int) $license['activation']['id'] : null;
		$this->after->queue(
			'update_decision',
			function () use ( $product_id, $site, $license_id, $activation_id, $decision, $now ): void {
				$this->decisions->save( $product_id, $site, $license_id, $activation_id, $decision, $now );
			}
		);
	}

	/**
	 * Every product's last decision for a site.
	 *
	 * @param string   $site_url   Site URL as typed (normalised here as activations are).
	 * @param int|null $product_id Only this product (a scoped API key), or null.
	 * @return list<array<string, mixed>> Rows, each with `decision` (UpdateDecision).
	 * @throws ServiceError 400 on a URL that is no site, 404 when the site never asked.
	 */
	public function explain_site( string $site_url, ?int $product_id ): array {
		$site = SiteUrl::normalise( $site_url );
		if ( null === $site ) {
			throw ServiceError::invalid_param(
				'site',
				__( 'site is not a valid http(s) site URL.', 'svc-licensing' ),
				__( 'Not a valid http(s) site URL.', 'svc-licensing' )
			);
		}
		$rows = $this->decisions->of_site( $site, $product_id );
		if ( array() === $rows ) {
			throw new ServiceError(
				ErrorCode::NOT_FOUND,
				/* translators: %s: site URL. */
				sprintf( __( '%s has never asked for an update, so there is no decision to explain.', 'svc-licensing' ), $site ),
				null,
				array( 'site_url' => $site )
			);
		}
		return self::decided( $rows );
	}

	/**
	 * Every site's last decision for a licence (found by the caller, within its scope).
	 *
	 * @param array<string, mixed> $license Licence.
	 * @return list<array<string, mixed>> Rows, each with `decision`; empty when no site asked yet.
	 */
	public function explain_license( array $license ): array {
		return self::decided( $this->decisions->of_license( (int) $license['id'] ) );
	}

	/**
	 * The id of the licence holding a key.
	 *
	 * @param string $key Licence key as typed.
	 * @throws ServiceError 404 when no licence holds it.
	 */
	public function license_id_of_key( string $key ): int {
		$id = $this->finder->id_of_key( trim( $key ) );
		if ( null === $id ) {
			throw new ServiceError( ErrorCode::NOT_FOUND, __( 'No licence has this key.', 'svc-licensing' ) );
		}
		return $id;
	}

	/**
	 * Rows with their decision read back.
	 *
	 * @param list<array<string, mixed>> $rows Stored rows.
	 * @return list<array<string, mixed>>
	 */
	private static function decided( array $rows ): array {
		$decided = array();
		foreach ( $rows as $row ) {
			$row['decision'] = UpdateDecision::from_stored(
				(string) $row['answer'],
				null === $row['offered_version'] ? null : (string) $row['offered_version'],
				(string) $row['installed_version'],
				null === $row['wp_version'] ? null : (string) $row['wp_version'],
				null === $row['php_version'] ? null : (string) $row['php_version'],
				(string) $row['steps']
			);
			$decided[]       = $row;
		}
		return $decided;
	}
}
