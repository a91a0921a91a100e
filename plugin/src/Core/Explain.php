<?php
/**
 * "Why didn't this site get the update?": the last update check's decisions, read back for the seller.
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
 * One use case for `GET /admin/explain`, `wp svc explain` and the panel: by site URL (every product's decision
 * for that site, within the caller's product scope) or by licence (every site's decision for that licence, by key
 * or id). Read only; the update check writes the decisions (UpdateDecisions).
 */
final class Explain {

	/**
	 * The decisions' table.
	 *
	 * @var UpdateDecisionRepository
	 */
	private $decisions;

	/**
	 * Finds licences by id, within a scope.
	 *
	 * @var LicenseAdmin
	 */
	private $licenses;

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
	 * @param LicenseAdmin             $licenses  Finds licences by id, within a scope.
	 * @param LicenseFinder            $finder    Finds licences by key.
	 */
	public function __construct( UpdateDecisionRepository $decisions, LicenseAdmin $licenses, LicenseFinder $finder ) {
		$this->decisions = $decisions;
		$this->licenses  = $licenses;
		$this->finder    = $finder;
	}

	/**
	 * The decisions for exactly one of: a site URL, a licence key, a licence id.
	 *
	 * @param array{site?: string|null, license_key?: string|null, license_id?: int|null} $query      What was asked.
	 * @param int|null                                                                    $product_id The caller's product scope (a scoped API key), or null.
	 * @param (callable(int): void)|null                                                  $scope      Throws for a product outside the caller's scope, or null.
	 * @return array{site_url: string|null, license_id: int|null, rows: list<array<string, mixed>>} Each row with its `decision`.
	 * @throws ServiceError 400 without exactly one of them or on a URL that is no site; 404 for a site that never
	 *                      asked or an unknown licence; 403 for a licence outside the scope.
	 */
	public function answer( array $query, ?int $product_id, ?callable $scope ): array {
		$given = array_filter(
			$query,
			static function ( $value ): bool {
				return null !== $value && '' !== $value;
			}
		);
		if ( 1 !== count( $given ) ) {
			throw ServiceError::invalid_param(
				'site',
				__( 'Give exactly one of site, license_key or license_id.', 'svc-licensing' ),
				__( 'Give a site URL, a licence key or a licence id.', 'svc-licensing' )
			);
		}
		if ( isset( $given['site'] ) ) {
			$site = SiteUrl::normalise( (string) $given['site'] );
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
			return array(
				'site_url'   => $site,
				'license_id' => null,
				'rows'       => self::decided( $rows ),
			);
		}
		$id = isset( $given['license_id'] ) ? (int) $given['license_id'] : $this->finder->id_of_key( trim( (string) $given['license_key'] ) );
		if ( null === $id ) {
			throw new ServiceError( ErrorCode::NOT_FOUND, __( 'No licence has this key.', 'svc-licensing' ) );
		}
		$license = $this->licenses->find( $id, $scope );
		return array(
			'site_url'   => null,
			'license_id' => (int) $license['id'],
			'rows'       => self::decided( $this->decisions->of_license( (int) $license['id'] ) ),
		);
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
