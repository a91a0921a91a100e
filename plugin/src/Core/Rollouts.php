<?php
/**
 * What a seller does to a release on its way out: pause it, resume it, roll it back.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Core;

use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\Event\Actor;
use Svc\Licensing\Domain\Event\EventType;
use Svc\Licensing\Domain\Release\Channels;
use Svc\Licensing\Domain\Release\PreviousRelease;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\Hooks;
use Svc\Licensing\Storage\EventRepository;
use Svc\Licensing\Storage\ProductRepository;
use Svc\Licensing\Storage\ReleaseRepository;
use Svc\Licensing\Storage\Transaction;

/**
 * One service for the admin REST routes, WP-CLI and the panel. Pausing freezes the rollout where it stands
 * (Domain\Release\RolloutPlan); resuming lets the schedule run on from the step whose time has come. Rolling back
 * withdraws a release and publishes the previous one of its channel again (for the product's current release, the
 * rollback Releases::publish already does), so that sites running the withdrawn version are offered the previous
 * one, `rollback: true`. Each records its event in its transaction: release.paused, release.resumed,
 * release.rolled_back (outbound webhooks deliver them).
 */
final class Rollouts {

	/**
	 * Releases.
	 *
	 * @var ReleaseRepository
	 */
	private $releases;

	/**
	 * Release use cases (publishing).
	 *
	 * @var Releases
	 */
	private $admin;

	/**
	 * Products (the current version).
	 *
	 * @var ProductRepository
	 */
	private $products;

	/**
	 * Transactions.
	 *
	 * @var Transaction
	 */
	private $transaction;

	/**
	 * The event log.
	 *
	 * @var EventRepository
	 */
	private $events;

	/**
	 * Constructor.
	 *
	 * @param ReleaseRepository $releases    Releases.
	 * @param Releases          $admin       Release use cases.
	 * @param ProductRepository $products    Products.
	 * @param Transaction       $transaction Transactions.
	 * @param EventRepository   $events      The event log.
	 */
	public function __construct( ReleaseRepository $releases, Releases $admin, ProductRepository $products, Transaction $transaction, EventRepository $events ) {
		$this->releases    = $releases;
		$this->admin       = $admin;
		$this->products    = $products;
		$this->transaction = $transaction;
		$this->events      = $events;
	}

	/**
	 * Pauses a release's rollout; a paused one stays as it is (its first reason kept).
	 *
	 * @param array<string, mixed> $release Release.
	 * @param string               $reason  Why, shown on the panel.
	 * @param Actor                $actor   Who pauses it.
	 * @param int                  $now     Unix time.
	 * @return bool Whether this call paused it.
	 */
	public function pause( array $release, string $reason, Actor $actor, int $now ): bool {
		$reason = '' === trim( $reason ) ? __( 'Paused by hand.', 'svc-licensing' ) : trim( $reason );
		$paused = $this->transaction->run(
			function () use ( $release, $reason, $actor, $now ): bool {
				if ( ! $this->releases->pause_unless_paused( (int) $release['id'], $reason, $now ) ) {
					return false;
				}
				$this->events->record(
					EventType::RELEASE_PAUSED,
					(int) $release['id'],
					$actor,
					(int) $release['product_id'],
					array(
						'version' => $release['version'],
						'reason'  => $reason,
					)
				);
				return true;
			}
		);
		self::changed( (int) $release['product_id'] );
		return $paused;
	}

	/**
	 * Resumes a paused release; one that is not paused stays as it is.
	 *
	 * @param array<string, mixed> $release Release.
	 * @param Actor                $actor   Who resumes it.
	 * @return bool Whether it was paused.
	 */
	public function resume( array $release, Actor $actor ): bool {
		$resumed = $this->transaction->run(
			function () use ( $release, $actor ): bool {
				if ( ! $this->releases->resume_if_paused( (int) $release['id'] ) ) {
					return false;
				}
				$this->events->record( EventType::RELEASE_RESUMED, (int) $release['id'], $actor, (int) $release['product_id'], array( 'version' => $release['version'] ) );
				return true;
			}
		);
		self::changed( (int) $release['product_id'] );
		return $resumed;
	}

	/**
	 * Rolls a release back: withdraws it and, when it is the product's current release, publishes the previous
	 * stable release again. On another channel the previous release of that channel is offered in its place as
	 * it is (published already).
	 *
	 * @param array<string, mixed> $release Release.
	 * @param Actor                $actor   Who rolls it back.
	 * @param int                  $now     Unix time.
	 * @return array<string, mixed>|null The release now offered in its place, or null (another channel's sites
	 *                                   fall back to the safer channels).
	 * @throws ServiceError 409 release_not_rollable for a draft, a withdrawn release, or the only stable release.
	 */
	public function rollback( array $release, Actor $actor, int $now ): ?array {
		if ( null === $release['published_at'] || null !== $release['withdrawn_at'] ) {
			throw new ServiceError( ErrorCode::RELEASE_NOT_ROLLABLE, __( 'Only a published release that is not withdrawn can be rolled back.', 'svc-licensing' ) );
		}
		$product_id = (int) $release['product_id'];
		$previous   = PreviousRelease::of( $this->releases->of_product( $product_id ), $release );
		$is_current = Channels::STABLE === $release['channel'] && $this->products->current_version( $product_id ) === $release['version'];
		if ( $is_current && null === $previous ) {
			throw new ServiceError( ErrorCode::RELEASE_NOT_ROLLABLE, __( 'There is no earlier published stable release to go back to. Publish one first, or pause this release instead.', 'svc-licensing' ) );
		}
		$this->transaction->run(
			function () use ( $release, $previous, $is_current, $actor, $now ): void {
				$this->releases->withdraw( (int) $release['id'], $now );
				if ( null !== $previous && $is_current ) {
					$this->admin->publish( $previous, $actor );
				}
				$this->events->record(
					EventType::RELEASE_ROLLED_BACK,
					(int) $release['id'],
					$actor,
					(int) $release['product_id'],
					array(
						'version'          => $release['version'],
						'channel'          => $release['channel'],
						'restored_version' => null === $previous ? null : $previous['version'],
					)
				);
			}
		);
		self::changed( $product_id );
		return $previous;
	}

	/**
	 * Tells listeners (the latest-release cache) that a product's releases changed.
	 *
	 * @param int $product_id Product.
	 */
	private static function changed( int $product_id ): void {
		// phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.DynamicHooknameFound -- the constant is prefixed.
		do_action( Hooks::RELEASES_CHANGED, $product_id );
	}
}
