<?php
/**
 * A site's move to a new address: its activation goes with it, in one step.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Core;

use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\Event\Actor;
use Svc\Licensing\Domain\Event\EventType;
use Svc\Licensing\Domain\IsoTime;
use Svc\Licensing\Domain\Portal\ReleaseAllowance;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\Domain\SiteUrl;
use Svc\Licensing\Storage\ActivationRepository;
use Svc\Licensing\Storage\EventRepository;
use Svc\Licensing\Storage\LicenseRepository;
use Svc\Licensing\Storage\Settings;
use Svc\Licensing\Storage\Transaction;

/**
 * The activation at the old address becomes the activation at the new one: the same row and the same slot, so the
 * old address no longer counts the moment the new one does (docs/api-decisions.md, "Moves and clones"). When the
 * new address has an activation of its own already, the old row goes and frees its slot. The staging flag is
 * decided again for the new address: a move from a staging host to another host needs a free slot, a move onto a
 * staging host gives its slot back.
 *
 * A customer's moves (the client route) are limited per licence and calendar month by `site_moves_per_month`,
 * counted from this month's license.moved events with via "site" and done under the licence row's lock, so
 * parallel moves on one licence, from any web node, take turns. The seller's moves (admin API, panel, WP-CLI) are
 * not counted.
 */
final class SiteMoves {

	/**
	 * The payload's `via` of a customer's move: the one the monthly limit counts.
	 */
	public const VIA_SITE = 'site';

	/**
	 * Finds licences.
	 *
	 * @var LicenseFinder
	 */
	private $finder;

	/**
	 * Licences (their activation_count and row lock).
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
	 * Transactions.
	 *
	 * @var Transaction
	 */
	private $transaction;

	/**
	 * Settings (the staging host rule, the monthly limit).
	 *
	 * @var Settings
	 */
	private $settings;

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
	 * Constructor.
	 *
	 * @param LicenseFinder        $finder      Finds licences.
	 * @param LicenseRepository    $licenses    Licences.
	 * @param ActivationRepository $activations Activations.
	 * @param Transaction          $transaction Transactions.
	 * @param Settings             $settings    Settings.
	 * @param EventRepository      $events      The event log.
	 * @param Leases               $leases      Signed leases.
	 */
	public function __construct( LicenseFinder $finder, LicenseRepository $licenses, ActivationRepository $activations, Transaction $transaction, Settings $settings, EventRepository $events, Leases $leases ) {
		$this->finder      = $finder;
		$this->licenses    = $licenses;
		$this->activations = $activations;
		$this->transaction = $transaction;
		$this->settings    = $settings;
		$this->events      = $events;
		$this->leases      = $leases;
	}

	/**
	 * POST /licenses/move: a customer's site moved from from_site_url to the call's site_url.
	 *
	 * @param ClientCall $call     Call (site_url: the new address; server_fingerprint: the install there).
	 * @param string     $from_url The address the licence is activated at now, as sent.
	 * @param int        $now      Unix time.
	 * @return array<string, mixed> The move's answer, with a lease for the new address.
	 * @throws ServiceError 400 invalid_params, 404 site_not_activated, 403 site_move_limit, 403
	 *                      activation_limit_reached, 403 license_not_active, or a lookup's error.
	 */
	public function move( ClientCall $call, string $from_url, int $now ): array {
		list( $product, $license, $site, $scope ) = $this->finder->locate( $call );
		$from                                     = self::from_site( $from_url, $site );
		LicenseFinder::assert_usable( $license, __( 'moved to another site', 'svc-licensing' ), $now );
		$moved   = $this->run( (int) $license['id'], $from, $site, $call->fingerprint, Actor::customer( $site ), self::VIA_SITE, $now );
		$license = $this->finder->license( $product, $call->license_key, $site );
		return self::answer( $moved, $from, $site, $license, $this->moves_left( (int) $license['id'], $now ) )
			+ LicenseFinder::counted_as( $scope )
			+ array( 'lease' => $this->leases->issue( $call, $product, $license, $now ) );
	}

	/**
	 * The seller moves one of a licence's sites (admin API, panel, WP-CLI); not counted against the customer's
	 * monthly moves.
	 *
	 * @param int    $license_id Licence (already found within the caller's scope).
	 * @param string $from_url   The address the licence is activated at now, as given.
	 * @param string $to_url     The new address, as given.
	 * @param Actor  $actor      Who moves it.
	 * @param string $via        `admin` or `cli`, for the event.
	 * @param int    $now        Unix time.
	 * @return array<string, mixed> The move's answer (no lease: no site asked).
	 * @throws ServiceError 400 invalid_params, 404 site_not_activated, 403 activation_limit_reached.
	 */
	public function move_by_seller( int $license_id, string $from_url, string $to_url, Actor $actor, string $via, int $now ): array {
		$site = SiteUrl::normalise( $to_url );
		if ( null === $site ) {
			throw ServiceError::invalid_param(
				'site_url',
				__( 'site_url is not a valid http(s) site URL.', 'svc-licensing' ),
				__( 'Not a valid http(s) site URL.', 'svc-licensing' )
			);
		}
		$from    = self::from_site( $from_url, $site );
		$moved   = $this->run( $license_id, $from, $site, null, $actor, $via, $now );
		$license = (array) $this->licenses->find( $license_id );
		return self::answer( $moved, $from, $site, $license, $this->moves_left( $license_id, $now ) );
	}

	/**
	 * The customer's moves left on a licence this month.
	 *
	 * @param int $license_id Licence.
	 * @param int $now        Unix time.
	 */
	public function moves_left( int $license_id, int $now ): int {
		return $this->allowance()->left( $this->moves_this_month( $license_id, $now ) );
	}

	/**
	 * Moves the activation in one transaction under the licence row's lock.
	 *
	 * @param int         $license_id  Licence.
	 * @param string      $from        Normalised old site.
	 * @param string      $site        Normalised new site.
	 * @param string|null $fingerprint The install's fingerprint at the new site, or null to keep the stored one.
	 * @param Actor       $actor       Who moves it.
	 * @param string      $via         site, admin or cli; only `site` is counted.
	 * @param int         $now         Unix time.
	 * @return array{id: int, is_staging: bool} The activation the new site has.
	 * @throws ServiceError 404 site_not_activated, 403 site_move_limit, 403 activation_limit_reached.
	 */
	private function run( int $license_id, string $from, string $site, ?string $fingerprint, Actor $actor, string $via, int $now ): array {
		return $this->transaction->run(
			function () use ( $license_id, $from, $site, $fingerprint, $actor, $via, $now ): array {
				$this->licenses->lock( $license_id );
				$activation = $this->activations->find( $license_id, $from );
				if ( null === $activation ) {
					throw new ServiceError(
						ErrorCode::SITE_NOT_ACTIVATED,
						/* translators: %s: the site's old address. */
						sprintf( __( 'This licence is not activated at %s, so there is nothing to move from there.', 'svc-licensing' ), $from ),
						404,
						array( 'from_site_url' => $from )
					);
				}
				if ( self::VIA_SITE === $via ) {
					$this->assert_allowance( $license_id, $now );
				}
				$was_staging = 1 === (int) $activation['is_staging'];
				$target      = $this->activations->find( $license_id, $site );
				if ( null === $target ) {
					$rule    = $this->settings->staging_hosts();
					$staging = null !== $rule && $rule->matches( $site );
					if ( $this->activations->move( (int) $activation['id'], $site, $staging, $fingerprint ) ) {
						if ( $was_staging && ! $staging && ! $this->licenses->claim_slot( $license_id ) ) {
							// Throwing rolls the move back.
							throw Activations::limit_reached( (array) $this->licenses->find( $license_id ) );
						}
						if ( ! $was_staging && $staging ) {
							$this->licenses->release_slot( $license_id );
						}
						$this->record( $license_id, $from, $site, $actor, $via );
						return array(
							'id'         => (int) $activation['id'],
							'is_staging' => $staging,
						);
					}
					// The new site activated itself meanwhile (UNIQUE refused the move): the two become one.
					$target = $this->activations->find( $license_id, $site );
				}
				if ( null === $target ) {
					throw new ServiceError( ErrorCode::INTERNAL_ERROR, __( 'The site could not be moved. Try again.', 'svc-licensing' ) );
				}
				// The new site has its own activation: the old one goes, and its slot with it.
				if ( $this->activations->remove( $license_id, $from, $was_staging ) && ! $was_staging ) {
					$this->licenses->release_slot( $license_id );
				}
				if ( null !== $fingerprint ) {
					$this->activations->touch( (int) $target['id'], $fingerprint );
				}
				$this->record( $license_id, $from, $site, $actor, $via );
				return array(
					'id'         => (int) $target['id'],
					'is_staging' => 1 === (int) $target['is_staging'],
				);
			}
		);
	}

	/**
	 * Records license.moved.
	 *
	 * @param int    $license_id Licence.
	 * @param string $from       Normalised old site.
	 * @param string $site       Normalised new site.
	 * @param Actor  $actor      Who moved it.
	 * @param string $via        site, admin or cli.
	 */
	private function record( int $license_id, string $from, string $site, Actor $actor, string $via ): void {
		$this->events->record_for_license(
			EventType::LICENSE_MOVED,
			$license_id,
			$actor,
			array(
				'from_site_url' => $from,
				'site_url'      => $site,
				'via'           => $via,
			)
		);
	}

	/**
	 * The old address, normalised; refused when it is not a site or is the new site itself.
	 *
	 * @param string $from_url The old address as sent.
	 * @param string $site     The normalised new site.
	 * @throws ServiceError 400 invalid_params.
	 */
	private static function from_site( string $from_url, string $site ): string {
		$from = SiteUrl::normalise( $from_url );
		if ( null === $from ) {
			throw ServiceError::invalid_param(
				'from_site_url',
				__( 'from_site_url is not a valid http(s) site URL.', 'svc-licensing' ),
				__( 'Not a valid http(s) site URL.', 'svc-licensing' )
			);
		}
		if ( $from === $site ) {
			throw ServiceError::invalid_param(
				'site_url',
				/* translators: %s: the site. */
				sprintf( __( 'from_site_url and site_url are the same site (%s): http and https, and an address with or without www., are one site, so there is nothing to move.', 'svc-licensing' ), $site ),
				__( 'The same site as from_site_url.', 'svc-licensing' )
			);
		}
		return $from;
	}

	/**
	 * The answer of a move.
	 *
	 * @param array{id: int, is_staging: bool} $moved      The activation the new site has.
	 * @param string                           $from       Normalised old site.
	 * @param string                           $site       Normalised new site.
	 * @param array<string, mixed>             $license    Licence, read after the move.
	 * @param int                              $moves_left The customer's moves left this month.
	 * @return array<string, mixed>
	 */
	private static function answer( array $moved, string $from, string $site, array $license, int $moves_left ): array {
		return array(
			'moved'            => true,
			'activation_id'    => $moved['id'],
			'from_site_url'    => $from,
			'site_url'         => $site,
			'activation_count' => (int) $license['activation_count'],
			'activation_limit' => (int) $license['activation_limit'],
			'is_staging'       => $moved['is_staging'],
			'moves_left'       => $moves_left,
		);
	}

	/**
	 * A licence's customer moves this month.
	 *
	 * @param int $license_id Licence.
	 * @param int $now        Unix time.
	 */
	private function moves_this_month( int $license_id, int $now ): int {
		return $this->events->count_for_license( $license_id, EventType::LICENSE_MOVED, IsoTime::to_storage( ReleaseAllowance::month_start( $now ) ), 'via', self::VIA_SITE );
	}

	/**
	 * The seller's monthly allowance of customer moves (the same calendar-month rule as self-serve releases).
	 */
	private function allowance(): ReleaseAllowance {
		return new ReleaseAllowance( $this->settings->site_moves_per_month() );
	}

	/**
	 * Refuses a customer's move beyond this month's allowance.
	 *
	 * @param int $license_id Licence.
	 * @param int $now        Unix time.
	 * @throws ServiceError 403 site_move_limit.
	 */
	private function assert_allowance( int $license_id, int $now ): void {
		$allowance = $this->allowance();
		if ( $allowance->allows( $this->moves_this_month( $license_id, $now ) ) ) {
			return;
		}
		$resets = ReleaseAllowance::resets( $now );
		throw new ServiceError(
			ErrorCode::SITE_MOVE_LIMIT,
			0 === $allowance->per_month()
				? __( 'Sites of this licence cannot be moved here. Contact the seller to move a site.', 'svc-licensing' )
				: sprintf(
					/* translators: 1: moves allowed per month, 2: date the allowance resets (UTC). */
					_n( 'You can move %1$d site of this licence per month, and you have. You can move another on %2$s (UTC), or contact the seller.', 'You can move %1$d sites of this licence per month, and you have. You can move another on %2$s (UTC), or contact the seller.', $allowance->per_month(), 'svc-licensing' ),
					$allowance->per_month(),
					gmdate( 'Y-m-d', $resets )
				),
			null,
			array(
				'moves_per_month' => $allowance->per_month(),
				'resets'          => IsoTime::format( $resets ),
			)
		);
	}
}
