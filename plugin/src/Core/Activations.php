<?php
/**
 * Activation use cases: a site takes or frees one of its licence's slots.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Core;

use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\Event\Actor;
use Svc\Licensing\Domain\Event\EventType;
use Svc\Licensing\Domain\IsoTime;
use Svc\Licensing\Domain\License\SiteChange;
use Svc\Licensing\Domain\Portal\ReleaseAllowance;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\Storage\ActivationRepository;
use Svc\Licensing\Storage\EventRepository;
use Svc\Licensing\Storage\LicenseRepository;
use Svc\Licensing\Storage\Settings;
use Svc\Licensing\Storage\Transaction;

/**
 * The activation limit is held by the database, not by PHP: a slot is claimed by a conditional UPDATE
 * (activation_count < activation_limit) and the site by an INSERT against UNIQUE (license_id, site_url), both
 * in one transaction. Two requests, on one web node or several, can never both take the last slot, and a site
 * racing itself uses one slot.
 *
 * A staging site (its URL's host matches the staging host settings; nothing else the client sends counts) takes
 * no slot: its row is inserted with is_staging = 1 and no UPDATE of the count, so it is neither counted nor
 * stopped at the limit. Deactivating gives a slot back only for a row that took one.
 *
 * The release allowance (docs/api-decisions.md, "Freeing a site"): a site frees itself at no cost when its
 * deactivate carries the server_fingerprint it activated with (the SDK sends its install fingerprint, a hash of a
 * secret only that install holds). Any other release by a customer (the key alone naming a site, or the portal)
 * is a self-serve release and counts against the licence's monthly allowance (`portal_releases_per_month`),
 * counted and done under the licence row's lock, so parallel releases on one licence, from any web node, take turns.
 * The seller's own routes (admin API, panel, WP-CLI) are never counted.
 */
final class Activations {

	/**
	 * The payload mark of a release that counts against the allowance.
	 */
	public const SELF_SERVE = array( 'allowance' => 'self_serve' );

	/**
	 * Finds licences.
	 *
	 * @var LicenseFinder
	 */
	private $finder;

	/**
	 * Licences (their activation_count).
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
	 * Settings (the staging host rule).
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
	 * Which licences an import brought.
	 *
	 * @var MovedIn
	 */
	private $moved_in;

	/**
	 * Constructor.
	 *
	 * @param LicenseFinder        $finder      Finds licences.
	 * @param LicenseRepository    $licenses    Licences.
	 * @param ActivationRepository $activations Activations.
	 * @param Transaction          $transaction Transactions.
	 * @param Settings             $settings    Settings (the staging host rule).
	 * @param EventRepository      $events      The event log.
	 * @param Leases               $leases      Signed leases.
	 * @param MovedIn              $moved_in    Which licences an import brought (the old clients' free release).
	 */
	public function __construct( LicenseFinder $finder, LicenseRepository $licenses, ActivationRepository $activations, Transaction $transaction, Settings $settings, EventRepository $events, Leases $leases, MovedIn $moved_in ) {
		$this->finder      = $finder;
		$this->licenses    = $licenses;
		$this->activations = $activations;
		$this->transaction = $transaction;
		$this->settings    = $settings;
		$this->events      = $events;
		$this->leases      = $leases;
		$this->moved_in    = $moved_in;
	}

	/**
	 * POST /licenses/activate. A site that is already active keeps its slot and answers as activated.
	 *
	 * @param ClientCall $call Call.
	 * @param int        $now  Unix time.
	 * @return array<string, mixed> The spec's activation answer.
	 * @throws ServiceError 403 license_not_active, 403 activation_limit_reached, 409 site_change_unanswered, 409
	 *                      not_a_staging_site, or a lookup's error.
	 */
	public function activate( ClientCall $call, int $now ): array {
		list( $product, $license, $site, $scope ) = $this->finder->locate( $call );
		LicenseFinder::assert_usable( $license, __( 'activated', 'svc-licensing' ), $now );
		$activation = $license['activation'];
		if ( null === $activation ) {
			$rule    = $this->settings->staging_hosts();
			$staging = null !== $rule && $rule->matches( $site );
			// A copy of another of the licence's sites (the same install's fingerprint elsewhere) waits for the
			// owner's answer; a temporary copy is one on a staging host (docs/api-decisions.md, "Moves and clones").
			$original = null === $call->fingerprint ? null : $this->activations->other_site_with( (int) $license['id'], $call->fingerprint, $site );
			$refusal  = SiteChange::refusal( $call->site_change, $original, $staging );
			if ( null !== $refusal ) {
				throw self::site_change_refused( $refusal, (string) $original, $site );
			}
			$outcome    = $this->transaction->run(
				function () use ( $license, $site, $call, $staging ): string {
					if ( ! $staging && ! $this->licenses->claim_slot( $license['id'] ) ) {
						return 'full';
					}
					// The same site winning a parallel request leaves its row: give the slot back.
					if ( ! $this->activations->insert( $license['id'], $site, $call->fingerprint, $staging ) ) {
						return 'existing';
					}
					$payload = array(
						'site_url'   => $site,
						'is_staging' => $staging,
					);
					if ( null !== $call->site_change ) {
						$payload['site_change'] = $call->site_change;
					}
					$this->events->record_for_license( EventType::LICENSE_ACTIVATED, $license['id'], Actor::customer( $site ), $payload );
					return 'created';
				},
				static function ( string $outcome ): bool {
					return 'created' === $outcome;
				}
			);
			$license    = $this->finder->license( $product, $call->license_key, $site );
			$activation = $license['activation'];
			if ( 'full' === $outcome || null === $activation ) {
				throw self::limit_reached( $license );
			}
		} elseif ( null !== $call->fingerprint && null === $activation['server_fingerprint'] ) {
			$this->activations->touch( $activation['id'], $call->fingerprint );
		}
		return array(
			'activated'        => true,
			'activation_id'    => (int) $activation['id'],
			'site_url'         => $site,
			'activation_count' => $license['activation_count'],
			'activation_limit' => $license['activation_limit'],
			'activated_at'     => IsoTime::from_storage( $activation['activated_at'] ),
			// An addition to the spec's fields: this site uses no slot (docs/api-decisions.md).
			'is_staging'       => 1 === (int) ( $activation['is_staging'] ?? 0 ),
		) + LicenseFinder::counted_as( $scope ) + array( 'lease' => $this->leases->issue( $call, $product, $license, $now ) );
	}

	/**
	 * POST /licenses/deactivate. Deactivating a site that is not active answers deactivated: false. A site that
	 * proves it is itself (the fingerprint it activated with) frees its slot at no cost; the key alone naming a site
	 * is a self-serve release, within the monthly allowance. An old client's deactivation (EDD SL's, SLM's: the key
	 * and the site's own URL, which is how their shipped clients let a site go) is the site's own, at no cost, as in
	 * those plugins, for a licence the import brought from that system; any other licence's old-client release is
	 * a self-serve one like the key alone's (issue 40; docs/api-decisions.md).
	 *
	 * @param ClientCall  $call       Call.
	 * @param int         $now        Unix time.
	 * @param string|null $old_client The old protocol the call came by (Source::EDD_SL, Source::SLM), or null.
	 * @return array<string, mixed> The spec's deactivation answer.
	 * @throws ServiceError 403 portal_release_limit beyond the allowance, or a lookup's error.
	 */
	public function deactivate( ClientCall $call, int $now, ?string $old_client = null ): array {
		list( $product, $license, $site, $scope ) = $this->finder->locate( $call );
		$activation                               = $this->activations->find( (int) $license['id'], $site );
		$own                                      = null !== $activation && null !== $call->fingerprint
			&& null !== $activation['server_fingerprint'] && hash_equals( (string) $activation['server_fingerprint'], $call->fingerprint );
		if ( null === $activation ) {
			$deactivated = false;
		} elseif ( $own || ( null !== $old_client && $this->moved_in->from( $old_client, (int) $license['id'] ) ) ) {
			$deactivated = $this->release( $license['id'], $site, Actor::customer( $site ), array( 'via' => $own ? 'site' : (string) $old_client ) );
		} else {
			$deactivated = $this->release_self_serve( (int) $license['id'], $site, Actor::customer( $site ), array( 'via' => $old_client ?? 'key' ), $now );
		}
		if ( $deactivated ) {
			$license = $this->finder->license( $product, $call->license_key, $site );
		}
		return array(
			'deactivated'      => $deactivated,
			'site_url'         => $site,
			'activation_count' => $license['activation_count'],
			'activation_limit' => $license['activation_limit'],
		) + LicenseFinder::counted_as( $scope );
	}

	/**
	 * A customer's release of a site (by the key alone, or in the portal), within the monthly allowance: counted and
	 * released in one transaction under the licence row's lock.
	 *
	 * @param int                   $license_id Licence.
	 * @param string                $site       Normalised site.
	 * @param Actor                 $actor      The customer.
	 * @param array<string, string> $context    More for the event's payload (`via`).
	 * @param int                   $now        Unix time.
	 * @return bool Whether an activation was removed.
	 * @throws ServiceError 403 portal_release_limit.
	 */
	public function release_self_serve( int $license_id, string $site, Actor $actor, array $context, int $now ): bool {
		return $this->transaction->run(
			function () use ( $license_id, $site, $actor, $context, $now ): bool {
				$this->licenses->lock( $license_id );
				if ( null === $this->activations->find( $license_id, $site ) ) {
					return false;
				}
				$this->assert_allowance( $license_id, $now );
				return $this->release( $license_id, $site, $actor, $context + self::SELF_SERVE );
			}
		);
	}

	/**
	 * Self-serve releases left on a licence this month.
	 *
	 * @param int $license_id Licence.
	 * @param int $now        Unix time.
	 */
	public function self_serve_left( int $license_id, int $now ): int {
		return $this->allowance()->left( $this->self_served( $license_id, $now ) );
	}

	/**
	 * Self-serve releases of a licence this month.
	 *
	 * @param int $license_id Licence.
	 * @param int $now        Unix time.
	 */
	private function self_served( int $license_id, int $now ): int {
		$key = array_keys( self::SELF_SERVE )[0];
		return $this->events->count_for_license( $license_id, EventType::LICENSE_DEACTIVATED, IsoTime::to_storage( ReleaseAllowance::month_start( $now ) ), $key, self::SELF_SERVE[ $key ] );
	}

	/**
	 * The seller's monthly allowance of self-serve releases.
	 */
	private function allowance(): ReleaseAllowance {
		return new ReleaseAllowance( $this->settings->portal_releases_per_month() );
	}

	/**
	 * Refuses a release beyond this month's allowance of self-serve releases.
	 *
	 * @param int $license_id Licence.
	 * @param int $now        Unix time.
	 * @throws ServiceError 403 portal_release_limit.
	 */
	private function assert_allowance( int $license_id, int $now ): void {
		$allowance = $this->allowance();
		if ( $allowance->allows( $this->self_served( $license_id, $now ) ) ) {
			return;
		}
		$resets = ReleaseAllowance::resets( $now );
		throw new ServiceError(
			ErrorCode::PORTAL_RELEASE_LIMIT,
			0 === $allowance->per_month()
				? __( 'Sites cannot be released here. Contact the seller to free a site.', 'svc-licensing' )
				: sprintf(
					/* translators: 1: releases allowed per month, 2: date the allowance resets (UTC). */
					_n( 'You can release %1$d site of this licence per month, and you have. You can release another on %2$s (UTC), or contact the seller.', 'You can release %1$d sites of this licence per month, and you have. You can release another on %2$s (UTC), or contact the seller.', $allowance->per_month(), 'svc-licensing' ),
					$allowance->per_month(),
					gmdate( 'Y-m-d', $resets )
				),
			null,
			array(
				'releases_per_month' => $allowance->per_month(),
				'resets'             => IsoTime::format( $resets ),
			)
		);
	}

	/**
	 * Removes a site's activation and frees its slot, in one transaction (a client or an admin). A staging
	 * activation took no slot and gives none back.
	 *
	 * @param int                   $license_id Licence.
	 * @param string                $site       Normalised site.
	 * @param Actor                 $actor      Who frees it.
	 * @param array<string, string> $context    More for the event's payload (the portal's "via").
	 * @return bool Whether an activation was removed.
	 */
	public function release( int $license_id, string $site, Actor $actor, array $context = array() ): bool {
		return $this->transaction->run(
			function () use ( $license_id, $site, $actor, $context ): bool {
				$slot = $this->activations->remove( $license_id, $site, false );
				if ( $slot ) {
					$this->licenses->release_slot( $license_id );
				} elseif ( ! $this->activations->remove( $license_id, $site, true ) ) {
					return false;
				}
				$this->events->record_for_license( EventType::LICENSE_DEACTIVATED, $license_id, $actor, array( 'site_url' => $site ) + $context );
				return true;
			}
		);
	}

	/**
	 * A licence's activations, oldest first.
	 *
	 * @param int $license_id Licence.
	 * @return array<int, array<string, mixed>>
	 */
	public function of_license( int $license_id ): array {
		return $this->activations->for_license( $license_id );
	}

	/**
	 * An admin frees the slot of one of a licence's activations, named by its id.
	 *
	 * @param int                   $license_id    Licence.
	 * @param int                   $activation_id Activation.
	 * @param Actor                 $actor         Who frees it.
	 * @param array<string, string> $context       More for the event's payload (the portal's "via").
	 * @return array<string, mixed> The activation as it was.
	 * @throws ServiceError 404 when the licence has no activation with this id.
	 */
	public function release_by_id( int $license_id, int $activation_id, Actor $actor, array $context = array() ): array {
		foreach ( $this->activations->for_license( $license_id ) as $activation ) {
			if ( (int) $activation['id'] === $activation_id ) {
				$this->release( $license_id, (string) $activation['site_url'], $actor, $context );
				return $activation;
			}
		}
		throw new ServiceError( ErrorCode::NOT_FOUND, __( 'This licence has no activation with this id.', 'svc-licensing' ) );
	}

	/**
	 * The refusal of a changed site's activation (SiteChange::refusal): the owner has not said what the copy is, or
	 * said a temporary copy of a site that is not on a staging host.
	 *
	 * @param string $code     ErrorCode::SITE_CHANGE_UNANSWERED or ErrorCode::NOT_A_STAGING_SITE.
	 * @param string $original The site holding the same install's fingerprint ('' for none).
	 * @param string $site     The normalised site that asked.
	 */
	private static function site_change_refused( string $code, string $original, string $site ): ServiceError {
		if ( ErrorCode::SITE_CHANGE_UNANSWERED === $code ) {
			return new ServiceError(
				$code,
				sprintf(
					/* translators: %s: the site this one looks like a copy of. */
					__( 'This site looks like a copy of %s, which uses this licence. In the licence screen, choose whether the site moved, is a temporary copy, or is a new site.', 'svc-licensing' ),
					$original
				),
				null,
				array( 'activated_site' => $original )
			);
		}
		return new ServiceError(
			$code,
			sprintf(
				/* translators: %s: the site's address. */
				__( '%s is not one of the service\'s staging hosts, so it cannot use this licence as a temporary copy. Use a staging address such as staging.example.com or example.test, or choose "the site moved" or "a new site".', 'svc-licensing' ),
				$site
			),
			null,
			array( 'site_url' => $site )
		);
	}

	/**
	 * The 409 of a licence with no free slot.
	 *
	 * @param array<string, mixed> $license Licence, read after the attempt.
	 */
	public static function limit_reached( array $license ): ServiceError {
		return new ServiceError(
			ErrorCode::ACTIVATION_LIMIT_REACHED,
			sprintf(
				/* translators: 1: sites in use, 2: the licence's limit. */
				__( 'This licence is already active on %1$d of %2$d sites. Deactivate one first.', 'svc-licensing' ),
				$license['activation_count'],
				$license['activation_limit']
			),
			null,
			array(
				'activation_limit' => $license['activation_limit'],
				'activation_count' => $license['activation_count'],
			)
		);
	}
}
