<?php
/**
 * Which channel a site follows and which version it is pinned to.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Core;

use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\Event\Actor;
use Svc\Licensing\Domain\Event\EventType;
use Svc\Licensing\Domain\Release\Channels;
use Svc\Licensing\Domain\Release\Version;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\Storage\ActivationRepository;
use Svc\Licensing\Storage\EventRepository;
use Svc\Licensing\Storage\ProductRepository;
use Svc\Licensing\Storage\Transaction;

/**
 * A site's own choices live on its activation and beat the licence's (LicenseAdmin::update writes those with the
 * same rule, checked()). The customer picks a channel from the SDK's licence screen (POST /licenses/channel);
 * the seller sets a site's channel and pin from the admin API, WP-CLI or the panel. Each change is recorded as
 * license.updated with `changes.site`.
 */
final class UpdateChoices {

	/**
	 * Finds licences.
	 *
	 * @var LicenseFinder
	 */
	private $finder;

	/**
	 * Activations: the one writer of a site's choices.
	 *
	 * @var ActivationRepository
	 */
	private $activations;

	/**
	 * Products (their channel lists).
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
	 * @param LicenseFinder        $finder      Finds licences.
	 * @param ActivationRepository $activations Activations.
	 * @param ProductRepository    $products    Products.
	 * @param Transaction          $transaction Transactions.
	 * @param EventRepository      $events      The event log.
	 */
	public function __construct( LicenseFinder $finder, ActivationRepository $activations, ProductRepository $products, Transaction $transaction, EventRepository $events ) {
		$this->finder      = $finder;
		$this->activations = $activations;
		$this->products    = $products;
		$this->transaction = $transaction;
		$this->events      = $events;
	}

	/**
	 * POST /licenses/channel: the customer's site follows a channel of the product (`stable` goes back to the
	 * safest). The licence must be usable and the site activated on it.
	 *
	 * @param ClientCall $call    Call.
	 * @param string     $channel Channel.
	 * @param int        $now     Unix time.
	 * @return array{channel: string, channels: list<string>}
	 * @throws ServiceError 400 on a channel the product does not list, 403 license_not_active or site_not_activated.
	 */
	public function choose_for_site( ClientCall $call, string $channel, int $now ): array {
		list( $product, $license ) = $this->finder->locate( $call );
		LicenseFinder::assert_usable( $license, __( 'updated', 'svc-licensing' ), $now );
		$activation = $license['activation'];
		if ( null === $activation ) {
			throw new ServiceError( ErrorCode::SITE_NOT_ACTIVATED, __( 'This site is not activated on the licence. Activate it first.', 'svc-licensing' ) );
		}
		$channels = Channels::from_storage( $product['channels'] ?? null );
		$fields   = self::checked( array( 'channel' => $channel ), $channels );
		$this->record( (int) $license['id'], $activation, $fields, Actor::customer( (string) $activation['site_url'] ) );
		return array(
			'channel'  => $channels->resolve( $fields['channel'], $license['channel'] ?? null ),
			'channels' => $channels->names(),
		);
	}

	/**
	 * The seller sets a site's channel and pin (`PUT /admin/licenses/{id}/activations/{activation_id}`).
	 *
	 * @param array<string, mixed> $license       Licence.
	 * @param int                  $activation_id Activation.
	 * @param array<string, mixed> $fields        Given channel and/or pinned_version.
	 * @param Actor                $actor         Who sets them.
	 * @return array<string, mixed> The activation after the change.
	 * @throws ServiceError 404 when the licence has no such activation, 400 on an unknown channel or bad version.
	 */
	public function set_for_site( array $license, int $activation_id, array $fields, Actor $actor ): array {
		$product = $this->products->find( (int) $license['product_id'] );
		$fields  = self::checked( $fields, Channels::from_storage( $product['channels'] ?? null ) );
		foreach ( $this->activations->for_license( (int) $license['id'] ) as $activation ) {
			if ( (int) $activation['id'] === $activation_id ) {
				$this->record( (int) $license['id'], $activation, $fields, $actor );
				return array_merge( $activation, $fields );
			}
		}
		throw new ServiceError( ErrorCode::NOT_FOUND, __( 'This licence has no activation with this id.', 'svc-licensing' ) );
	}

	/**
	 * Writes a site's choices with their event, when something moved.
	 *
	 * @param int                  $license_id Licence.
	 * @param array<string, mixed> $activation Activation as it is.
	 * @param array<string, mixed> $fields     Checked choices.
	 * @param Actor                $actor      Who.
	 */
	private function record( int $license_id, array $activation, array $fields, Actor $actor ): void {
		$changes = array();
		foreach ( $fields as $name => $value ) {
			if ( ( $activation[ $name ] ?? null ) !== $value ) {
				$changes[ $name ] = array(
					'from' => $activation[ $name ] ?? null,
					'to'   => $value,
				);
			}
		}
		if ( array() === $changes ) {
			return;
		}
		$this->transaction->run(
			function () use ( $license_id, $activation, $fields, $changes, $actor ): void {
				$this->activations->set_choices( (int) $activation['id'], $fields );
				$this->events->record_for_license(
					EventType::LICENSE_UPDATED,
					$license_id,
					$actor,
					array(
						'changes' => array(
							'site' => array(
								'site_url' => (string) $activation['site_url'],
							) + $changes,
						),
					)
				);
			}
		);
	}

	/**
	 * Channel and pin as stored: an empty text is null (none); the channel must be one the product lists and the
	 * pin a version number. The one rule for a licence's choices and a site's.
	 *
	 * @param array<string, mixed> $fields   Given fields (others pass through).
	 * @param Channels             $channels The product's channels.
	 * @return array<string, mixed>
	 * @throws ServiceError 400 invalid_param.
	 */
	public static function checked( array $fields, Channels $channels ): array {
		foreach ( array( 'channel', 'pinned_version' ) as $name ) {
			if ( array_key_exists( $name, $fields ) ) {
				$fields[ $name ] = null === $fields[ $name ] || '' === trim( (string) $fields[ $name ] ) ? null : trim( (string) $fields[ $name ] );
			}
		}
		if ( isset( $fields['channel'] ) && ! $channels->has( $fields['channel'] ) ) {
			throw ServiceError::invalid_param(
				'channel',
				/* translators: %s: the product's channels, comma-separated. */
				sprintf( __( 'This product has no such channel. Its channels are: %s.', 'svc-licensing' ), implode( ', ', $channels->names() ) ),
				__( 'Not one of the product\'s channels.', 'svc-licensing' )
			);
		}
		if ( isset( $fields['pinned_version'] ) && ! Version::is_valid( $fields['pinned_version'] ) ) {
			throw ServiceError::invalid_param( 'pinned_version', __( 'pinned_version must be a version number such as 2.1.0.', 'svc-licensing' ), __( 'Not a version number.', 'svc-licensing' ) );
		}
		return $fields;
	}
}
