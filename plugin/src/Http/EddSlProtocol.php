<?php
/**
 * EDD Software Licensing's client protocol on the store's front URL, for the plugins a seller shipped with EDD SL.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use Svc\Licensing\Core\Activations;
use Svc\Licensing\Core\ClientCall;
use Svc\Licensing\Core\LicenseFinder;
use Svc\Licensing\Core\Licenses;
use Svc\Licensing\Core\Updates;
use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\IsoTime;
use Svc\Licensing\Domain\License\LicenseStatus;
use Svc\Licensing\Domain\MoveIn\EddSlAnswer;
use Svc\Licensing\Domain\MoveIn\OldProtocolRequest;
use Svc\Licensing\Domain\MoveIn\Source;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\Storage\ImportMapRepository;
use Svc\Licensing\Storage\ProductRepository;
use Svc\Licensing\Storage\ReleaseRepository;
use Svc\Licensing\Storage\Settings;

/**
 * An adapter, nothing more: it reads EDD's request (edd_action = activate_license, deactivate_license,
 * check_license or get_version; by POST or GET; license, item_id or item_name, url, version), makes the same Core
 * call our own routes make (so staging hosts, the activation limit held by the database, the release allowance,
 * rollout, signed download links and the event log all apply), and answers through EddSlAnswer in EDD's fields.
 * It answers only while the edd_sl_protocol setting is on, which a written import from EDD SL turns on; the
 * request counts against the same per-IP limits as the matching REST route. docs/moving-in.md, "The old clients".
 */
final class EddSlProtocol {

	/** Each action and the rate limit it counts against (Settings' rate_limits). */
	private const ACTIONS = array(
		'activate_license'   => 'activate',
		'deactivate_license' => 'deactivate',
		'check_license'      => 'validate',
		'get_version'        => 'updates_check',
	);

	/**
	 * Settings.
	 *
	 * @var Settings
	 */
	private $settings;

	/**
	 * The move-in's map (old EDD ids to ours; read only).
	 *
	 * @var ImportMapRepository
	 */
	private $map;

	/**
	 * Products (lookups).
	 *
	 * @var ProductRepository
	 */
	private $products;

	/**
	 * Releases (lookups).
	 *
	 * @var ReleaseRepository
	 */
	private $releases;

	/**
	 * Finds licences.
	 *
	 * @var LicenseFinder
	 */
	private $finder;

	/**
	 * Licence use cases (check-ins).
	 *
	 * @var Licenses
	 */
	private $licenses;

	/**
	 * Activation use cases.
	 *
	 * @var Activations
	 */
	private $activations;

	/**
	 * The update check.
	 *
	 * @var Updates
	 */
	private $updates;

	/**
	 * Rate limits, counts and sending.
	 *
	 * @var OldProtocolCall
	 */
	private $old;

	/**
	 * Constructor.
	 *
	 * @param Settings            $settings    Settings.
	 * @param ImportMapRepository $map         The move-in's map.
	 * @param ProductRepository   $products    Products.
	 * @param ReleaseRepository   $releases    Releases.
	 * @param LicenseFinder       $finder      Finds licences.
	 * @param Licenses            $licenses    Licence use cases.
	 * @param Activations         $activations Activation use cases.
	 * @param Updates             $updates     The update check.
	 * @param OldProtocolCall     $old         Rate limits, counts and sending.
	 */
	public function __construct( Settings $settings, ImportMapRepository $map, ProductRepository $products, ReleaseRepository $releases, LicenseFinder $finder, Licenses $licenses, Activations $activations, Updates $updates, OldProtocolCall $old ) {
		$this->settings    = $settings;
		$this->map         = $map;
		$this->products    = $products;
		$this->releases    = $releases;
		$this->finder      = $finder;
		$this->licenses    = $licenses;
		$this->activations = $activations;
		$this->updates     = $updates;
		$this->old         = $old;
	}

	/**
	 * Answers on the front URL once WordPress has loaded (EDD SL too reads edd_action on init); the fast lane answers
	 * the same requests earlier through maybe_answer().
	 */
	public function add_hooks(): void {
		OldProtocolCall::answer_on_init( array( $this, 'maybe_answer' ) );
	}

	/**
	 * Whether this request is one of EDD SL's client actions that this site answers: the protocol is on and it is
	 * not an admin screen. Reads no input but the action's name, so the fast lane asks it before WordPress' input
	 * handling has run.
	 */
	public function wants(): bool {
		return isset( self::ACTIONS[ OldProtocolCall::param( OldProtocolRequest::EDD_SL_PARAM ) ] ) && $this->settings->get( 'edd_sl_protocol' ) && ! is_admin();
	}

	/**
	 * Answers when wants() says so; the caller then ends the request.
	 *
	 * @return bool Whether it answered.
	 */
	public function maybe_answer(): bool {
		if ( ! $this->wants() ) {
			return false;
		}
		$action = OldProtocolCall::param( OldProtocolRequest::EDD_SL_PARAM );
		$over   = $this->old->limit( self::ACTIONS[ $action ], OldProtocolCall::param( 'license' ), OldProtocolCall::param( 'url' ) );
		if ( null !== $over ) {
			$this->old->send(
				Source::EDD_SL,
				429,
				array(
					'success' => false,
					'error'   => 'rate_limited',
					'msg'     => $over->get_error_message(),
				)
			);
			return true;
		}
		$this->old->send( Source::EDD_SL, 200, $this->answer( $action, time() ) );
		return true;
	}

	/**
	 * EDD's answer to one action.
	 *
	 * @param string $action edd_action.
	 * @param int    $now    Unix time.
	 * @return array<string, mixed>
	 */
	public function answer( string $action, int $now ): array {
		$by_name = '' === self::item_id() && '' !== OldProtocolCall::decoded_param( 'item_name' );
		$product = $this->product();
		if ( 'get_version' === $action ) {
			return $this->version( $product, $now );
		}
		if ( null === $product ) {
			return 'check_license' === $action
				? EddSlAnswer::check_refused( ErrorCode::PRODUCT_NOT_FOUND, $by_name )
				: EddSlAnswer::activation_refused( ErrorCode::PRODUCT_NOT_FOUND, null, $by_name );
		}
		$call = new ClientCall( OldProtocolCall::param( 'license' ), (string) $product['slug'], OldProtocolCall::param( 'url' ) );
		try {
			if ( 'activate_license' === $action ) {
				$this->activations->activate( $call, $now );
				return EddSlAnswer::activated( $this->facts( $product, $call, $now )[0] );
			}
			if ( 'deactivate_license' === $action ) {
				$freed = (bool) $this->activations->deactivate( $call, $now, Source::EDD_SL )['deactivated'];
				return EddSlAnswer::deactivated( $freed, $this->facts( $product, $call, $now )[0] );
			}
			list( $facts, $activation ) = $this->facts( $product, $call, $now );
			$this->licenses->check_in( $activation, $now );
			return EddSlAnswer::checked( $facts, null !== $activation );
		} catch ( ServiceError $error ) {
			if ( 'check_license' === $action ) {
				return EddSlAnswer::check_refused( $error->error_code(), $by_name );
			}
			$facts = $this->facts_or_null( $product, $call, $now );
			return 'deactivate_license' === $action
				? EddSlAnswer::deactivated( false, $facts )
				: EddSlAnswer::activation_refused( $error->error_code(), $facts, $by_name );
		}
	}

	/**
	 * The get_version action: the current release, and its package through the signed download route only when our update
	 * check offers it to this licence and site (a usable licence, rollout, activation if the settings ask for it).
	 *
	 * @param array<string, mixed>|null $product Product, or null when the item is unknown.
	 * @param int                       $now     Unix time.
	 * @return array<string, mixed>
	 */
	private function version( ?array $product, int $now ): array {
		if ( null === $product ) {
			// EDD answers an unknown item with new_version false and a message.
			return array(
				'new_version' => false,
				'msg'         => __( 'No product matches this item.', 'svc-licensing' ),
			);
		}
		$release = '' === (string) $product['current_version'] ? null : $this->releases->published( (int) $product['id'], (string) $product['current_version'] );
		$package = '';
		$running = OldProtocolCall::param( 'version' );
		try {
			// The link lives as long as EDD's updater keeps it (DownloadLinks::OLD_CLIENT_LIFETIME), bound to the site.
			$call    = ( new ClientCall( OldProtocolCall::param( 'license' ), (string) $product['slug'], OldProtocolCall::param( 'url' ) ) )->from_old_client();
			$offer   = $this->updates->check( $call, '' === $running ? '0.0.0' : $running, $now );
			$package = null === $offer ? '' : (string) ( $offer['package'] ?? '' );
		} catch ( ServiceError $error ) {
			// No package for a refused licence or site: EDD answers the version without one, so does this.
			$package = '';
		}
		$homepage = '' !== (string) $product['homepage_url'] ? (string) $product['homepage_url'] : home_url( '/' );
		$fields   = null === $release ? array() : array(
			'version'      => (string) $release['version'],
			'changelog'    => (string) $release['changelog'],
			'requires'     => (string) $release['requires_wp'],
			'tested'       => (string) $release['tested'],
			'requires_php' => (string) $release['requires_php'],
			'published_at' => IsoTime::unix_from_storage( isset( $release['published_at'] ) ? (string) $release['published_at'] : null ),
		);
		return EddSlAnswer::version( $product, array_filter( $fields, static fn( $v ): bool => null !== $v ), $package, $homepage, OldProtocolCall::param( 'slug' ) );
	}

	/**
	 * Our product for EDD's item: item_id through the import map (an EDD download id), else item_name as EDD SL
	 * matches it: decoded, then compared as titles (sanitize_title(): case, accents, spaces and punctuation do not
	 * count; ProductRepository::find_by_title). A
	 * deactivated product is no product, as on our own routes (LicenseFinder): get_version tells nothing of it, not
	 * even its name and changelog (issue 40).
	 *
	 * @return array<string, mixed>|null
	 */
	private function product(): ?array {
		$item_id = self::item_id();
		if ( '' !== $item_id ) {
			$mapped  = $this->map->find( Source::EDD_SL, ImportMapRepository::PRODUCT, array( $item_id ) )[ $item_id ] ?? null;
			$product = null === $mapped ? null : $this->products->find( $mapped['new_id'] );
		} else {
			$name    = OldProtocolCall::decoded_param( 'item_name' );
			$product = '' === $name ? null : $this->products->find_by_title( $name );
		}
		return null !== $product && $product['is_active'] ? $product : null;
	}

	/**
	 * EDD's item_id as EDD reads it (absint): '' when absent or 0. EDD's updater sends its `false` for a copy that
	 * names no item_id, which arrives as "0"; EDD then goes by item_name, and so does this.
	 */
	private static function item_id(): string {
		$item_id = absint( OldProtocolCall::param( 'item_id' ) );
		return 0 === $item_id ? '' : (string) $item_id;
	}

	/**
	 * The licence's facts as EDD shows them, read afresh, and this site's activation.
	 *
	 * @param array<string, mixed> $product Product.
	 * @param ClientCall           $call    Call.
	 * @param int                  $now     Unix time.
	 * @return array{0: array<string, mixed>, 1: array<string, mixed>|null}
	 * @throws ServiceError When the licence or site does not resolve.
	 */
	private function facts( array $product, ClientCall $call, int $now ): array {
		list( , $license ) = $this->finder->locate( $call );
		$price             = null === $license['price_id'] ? null : ( $this->map->old_ids( Source::EDD_SL, ImportMapRepository::PRICE, array( (int) $license['price_id'] ) )[ (int) $license['price_id'] ] ?? null );
		// The map keeps "download:index"; EDD's price_id is the index.
		$price_id = null === $price ? null : (string) substr( (string) strrchr( ':' . $price, ':' ), 1 );
		$facts    = EddSlAnswer::facts( $license, LicenseStatus::of( $license, $now ), self::item_id(), (string) $product['name'], $price_id );
		return array( $facts, $license['activation'] );
	}

	/**
	 * The facts, or null when the licence does not resolve.
	 *
	 * @param array<string, mixed> $product Product.
	 * @param ClientCall           $call    Call.
	 * @param int                  $now     Unix time.
	 * @return array<string, mixed>|null
	 */
	private function facts_or_null( array $product, ClientCall $call, int $now ): ?array {
		try {
			return $this->facts( $product, $call, $now )[0];
		} catch ( ServiceError $error ) {
			return null;
		}
	}
}
