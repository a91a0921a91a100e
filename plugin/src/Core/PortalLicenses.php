<?php
/**
 * What a signed-in customer sees and does in the portal: their licences, releasing a site, a download, a new key.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Core;

use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\Event\Actor;
use Svc\Licensing\Domain\IsoTime;
use Svc\Licensing\Domain\License\LicenseInput;
use Svc\Licensing\Domain\License\LicenseKey;
use Svc\Licensing\Domain\License\LicenseStatus;
use Svc\Licensing\Domain\License\RenewalLink;
use Svc\Licensing\Domain\Renewal\Recipient;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\Storage\LicenseRepository;
use Svc\Licensing\Storage\ProductRepository;
use Svc\Licensing\Storage\ReleaseRepository;
use Svc\Licensing\Storage\Settings;

/**
 * Every call is scoped to the session's email: a licence of another email is 404 license_not_found, word for word
 * the answer for an id that does not exist. Releasing goes through Activations and rotating through LicenseAdmin,
 * so the slot, the key and the event log change exactly as when an admin does it; a release is recorded with the
 * customer (their email) as actor and "via":"portal"; Activations counts it against the monthly allowance.
 */
final class PortalLicenses {

	/**
	 * The payload field and value that mark a self-serve release.
	 */
	private const VIA = array( 'via' => 'portal' );

	/**
	 * Licences.
	 *
	 * @var LicenseRepository
	 */
	private $licenses;

	/**
	 * Products.
	 *
	 * @var ProductRepository
	 */
	private $products;

	/**
	 * Releases.
	 *
	 * @var ReleaseRepository
	 */
	private $releases;

	/**
	 * Activation use cases.
	 *
	 * @var Activations
	 */
	private $activations;

	/**
	 * The admin's licence use cases (re-keying).
	 *
	 * @var LicenseAdmin
	 */
	private $admin;

	/**
	 * Signed download links.
	 *
	 * @var DownloadLinks
	 */
	private $links;

	/**
	 * Settings.
	 *
	 * @var Settings
	 */
	private $settings;

	/**
	 * Constructor.
	 *
	 * @param LicenseRepository $licenses    Licences.
	 * @param ProductRepository $products    Products.
	 * @param ReleaseRepository $releases    Releases.
	 * @param Activations       $activations Activation use cases.
	 * @param LicenseAdmin      $admin       The admin's licence use cases.
	 * @param DownloadLinks     $links       Signed download links.
	 * @param Settings          $settings    Settings.
	 */
	public function __construct( LicenseRepository $licenses, ProductRepository $products, ReleaseRepository $releases, Activations $activations, LicenseAdmin $admin, DownloadLinks $links, Settings $settings ) {
		$this->licenses    = $licenses;
		$this->products    = $products;
		$this->releases    = $releases;
		$this->activations = $activations;
		$this->admin       = $admin;
		$this->links       = $links;
		$this->settings    = $settings;
	}

	/**
	 * Every licence of an email, oldest first.
	 *
	 * @param string $email Normalised email.
	 * @param int    $now   Unix time.
	 * @return list<array<string, mixed>>
	 */
	public function of_email( string $email, int $now ): array {
		$list = array();
		foreach ( $this->licenses->of_customer( $email ) as $license ) {
			$list[] = $this->present( $license, $now );
		}
		return $list;
	}

	/**
	 * The customer releases one of their licence's sites, within the monthly allowance.
	 *
	 * @param string $email         Normalised email.
	 * @param int    $license_id    Licence.
	 * @param int    $activation_id Activation.
	 * @param int    $now           Unix time.
	 * @return array<string, mixed> The licence after the release.
	 * @throws ServiceError 404 license_not_found (also for an activation that is not the licence's), 403 portal_release_limit.
	 */
	public function release( string $email, int $license_id, int $activation_id, int $now ): array {
		$license = $this->owned( $email, $license_id );
		$site    = null;
		foreach ( $this->activations->of_license( $license_id ) as $activation ) {
			if ( (int) $activation['id'] === $activation_id ) {
				$site = (string) $activation['site_url'];
			}
		}
		if ( null === $site ) {
			throw self::not_found();
		}
		// Counted and released under the licence row's lock (Activations), so parallel requests cannot each see the last one left.
		$this->activations->release_self_serve( $license_id, $site, Actor::customer( $email ), self::VIA, $now );
		return $this->present( $this->licenses->find( $license_id ) ?? $license, $now );
	}

	/**
	 * A signed download link of the newest release the licence is entitled to: the product's current one.
	 *
	 * @param string $email      Normalised email.
	 * @param int    $license_id Licence.
	 * @param int    $now        Unix time.
	 * @return array{url: string, version: string, expires: string}
	 * @throws ServiceError 404 license_not_found or not_found (no release), 403 license_not_active.
	 */
	public function download( string $email, int $license_id, int $now ): array {
		$license = $this->owned( $email, $license_id );
		LicenseFinder::assert_usable( $license, __( 'used to download', 'svc-licensing' ), $now );
		$product = $this->products->find( (int) $license['product_id'] );
		$release = null === $product ? null : $this->current_release( $product );
		if ( null === $product || null === $release ) {
			throw new ServiceError( ErrorCode::NOT_FOUND, __( 'This product has no release to download yet.', 'svc-licensing' ) );
		}
		// DownloadLinks signs with the real clock, as the download route checks it.
		$expires = time() + $this->settings->download_token_ttl();
		return array(
			'url'     => $this->links->url( $product, $license, $release ),
			'version' => (string) $release['version'],
			'expires' => IsoTime::format( $expires ),
		);
	}

	/**
	 * Gives one of the customer's licences a new key, exactly as the admin's rotation does.
	 *
	 * @param string $email      Normalised email.
	 * @param int    $license_id Licence.
	 * @return array{license_key: string} The new key, shown this once.
	 * @throws ServiceError 404 license_not_found.
	 */
	public function rotate( string $email, int $license_id ): array {
		return array( 'license_key' => $this->admin->rotate_key( $this->owned( $email, $license_id ), Actor::customer( $email ) ) );
	}

	/**
	 * A licence of this email.
	 *
	 * @param string $email      Normalised email.
	 * @param int    $license_id Licence.
	 * @return array<string, mixed>
	 * @throws ServiceError 404 license_not_found, whether it does not exist or is someone else's.
	 */
	private function owned( string $email, int $license_id ): array {
		$license = $this->licenses->find( $license_id );
		if ( null === $license || ! hash_equals( (string) $license['customer_email'], $email ) ) {
			throw self::not_found();
		}
		return $license;
	}

	/**
	 * The portal's licence object.
	 *
	 * @param array<string, mixed> $license Licence row.
	 * @param int                  $now     Unix time.
	 * @return array<string, mixed>
	 */
	private function present( array $license, int $now ): array {
		$product = $this->products->find( (int) $license['product_id'] ) ?? array();
		$status  = LicenseStatus::of( $license, $now );
		$usable  = LicenseStatus::is_usable( $status );
		$limit   = (int) $license['activation_limit'];
		return array(
			'id'                       => (int) $license['id'],
			'key_masked'               => LicenseKey::mask( (string) $license['key_last'] ),
			'product'                  => array(
				'slug' => (string) ( $product['slug'] ?? '' ),
				'name' => (string) ( $license['product_name'] ?? '' ),
			),
			'tier'                     => null === ( $license['tier_label'] ?? null ) ? null : (string) $license['tier_label'],
			'status'                   => $status,
			'expires'                  => IsoTime::from_storage( $license['expires'] ),
			// Renewed by a subscription (an invoice: reference is a one-off payment).
			'renews'                   => $usable && Recipient::renews_itself( $license ),
			'renewal_url'              => empty( $product ) ? null : RenewalLink::for_product( (string) $this->settings->get( 'renewal_page' ), $product ),
			'activation_limit'         => $limit >= LicenseInput::MAX_ACTIVATIONS ? null : $limit,
			'activation_count'         => (int) $license['activation_count'],
			'activations'              => array_map(
				static function ( array $row ): array {
					return array(
						'id'           => (int) $row['id'],
						'site_url'     => (string) $row['site_url'],
						'activated_at' => IsoTime::from_storage( $row['activated_at'] ),
					);
				},
				$this->activations->of_license( (int) $license['id'] )
			),
			'self_serve_releases_left' => $this->activations->self_serve_left( (int) $license['id'], $now ),
			'download'                 => $usable && ! empty( $product ) && null !== $this->current_release( $product ),
		);
	}

	/**
	 * The product's current published release, if it is offered.
	 *
	 * @param array<string, mixed> $product Product.
	 * @return array<string, mixed>|null
	 */
	private function current_release( array $product ): ?array {
		if ( empty( $product['is_active'] ) || '' === (string) $product['current_version'] ) {
			return null;
		}
		return $this->releases->published( (int) $product['id'], (string) $product['current_version'] );
	}

	/**
	 * The 404 of a licence that is not the customer's.
	 */
	private static function not_found(): ServiceError {
		return new ServiceError( ErrorCode::LICENSE_NOT_FOUND, __( 'No licence of yours has this id.', 'svc-licensing' ) );
	}
}
