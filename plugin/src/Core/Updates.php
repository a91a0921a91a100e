<?php
/**
 * The update check: whether a newer release is offered to this licence and site, with a signed download link.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Core;

use InvalidArgumentException;
use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\IsoTime;
use Svc\Licensing\Domain\Release\Channels;
use Svc\Licensing\Domain\Release\RolloutPlan;
use Svc\Licensing\Domain\Release\UpdateChoice;
use Svc\Licensing\Domain\Release\UpdateChooser;
use Svc\Licensing\Domain\License\LicenseStatus;
use Svc\Licensing\Domain\Release\RolloutBucket;
use Svc\Licensing\Domain\Release\UpdateDecision;
use Svc\Licensing\Domain\Release\UpdateOffer;
use Svc\Licensing\Domain\Release\Version;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\Storage\ReleaseRepository;
use Svc\Licensing\Storage\Settings;

/**
 * GET /updates/check as a use case, and its batch form (POST): one site asking for several products at once.
 */
final class Updates {

	/**
	 * Most products one batch may ask about.
	 */
	public const BATCH_LIMIT = 50;

	/**
	 * Finds licences.
	 *
	 * @var LicenseFinder
	 */
	private $finder;

	/**
	 * Licence use cases (the site's check-in).
	 *
	 * @var Licenses
	 */
	private $licenses;

	/**
	 * Releases.
	 *
	 * @var ReleaseRepository
	 */
	private $releases;

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
	 * Where each check's decision goes.
	 *
	 * @var UpdateDecisions
	 */
	private $decisions;

	/**
	 * Constructor.
	 *
	 * @param LicenseFinder     $finder   Finds licences.
	 * @param Licenses          $licenses Licence use cases.
	 * @param ReleaseRepository $releases Releases.
	 * @param DownloadLinks     $links    Signed download links.
	 * @param Settings          $settings  Settings.
	 * @param UpdateDecisions   $decisions Where each check's decision goes.
	 */
	public function __construct( LicenseFinder $finder, Licenses $licenses, ReleaseRepository $releases, DownloadLinks $links, Settings $settings, UpdateDecisions $decisions ) {
		$this->finder    = $finder;
		$this->licenses  = $licenses;
		$this->releases  = $releases;
		$this->links     = $links;
		$this->settings  = $settings;
		$this->decisions = $decisions;
	}

	/**
	 * The offer for a site running $current_version, or null when it runs the newest it may have. The offer names
	 * the release's channel, the effective rollout percentage now (RolloutPlan) and `rollback: true` when it goes
	 * down a version because the installed one was withdrawn. Once the product and the licence are known, the
	 * decision is recorded step by step (UpdateDecisions), refusals included.
	 *
	 * @param ClientCall  $call            Call.
	 * @param string      $current_version Version the site runs, as sent.
	 * @param int         $now             Unix time.
	 * @param string|null $wp_version      WordPress version the site reported (wp_version), or null.
	 * @param string|null $php_version     PHP version the site reported (php_version), or null.
	 * @param string|null $lease           Set to the signed lease of the answer (Core\Leases; null when no key can sign).
	 * @return array<string, mixed>|null
	 * @throws ServiceError 400 on a malformed version, 403 license_not_active or site_not_activated, or a lookup's error.
	 */
	public function check( ClientCall $call, string $current_version, int $now, ?string $wp_version = null, ?string $php_version = null, ?string &$lease = null ): ?array {
		try {
			$installed = Version::parse_installed( $current_version );
		} catch ( InvalidArgumentException $e ) {
			throw ServiceError::invalid_param(
				'current_version',
				__( 'current_version is not a version number such as 1.4.2.', 'svc-licensing' ),
				__( 'Not a version number.', 'svc-licensing' )
			);
		}
		list( $product, $license, $site ) = $this->finder->locate( $call );
		$decision                         = new UpdateDecision( $current_version, $wp_version, $php_version );
		try {
			return $this->decide( $call, $product, $license, $installed, $decision, $now, $lease );
		} catch ( ServiceError $refusal ) {
			$decision->refuse( $refusal->error_code() );
			throw $refusal;
		} finally {
			$this->decisions->record( $product, $license, $site, $decision, $now );
		}
	}

	/**
	 * The check once product and licence are known, each step noted in the decision.
	 *
	 * @param ClientCall           $call      Call (for the lease).
	 * @param array<string, mixed> $product   Product.
	 * @param array<string, mixed> $license   Licence with this site's `activation`.
	 * @param Version              $installed What the site runs.
	 * @param UpdateDecision       $decision  Filled here.
	 * @param int                  $now       Unix time.
	 * @param string|null          $lease     Set to the answer's signed lease.
	 * @return array<string, mixed>|null
	 * @throws ServiceError 403 license_not_active or site_not_activated.
	 */
	private function decide( ClientCall $call, array $product, array $license, Version $installed, UpdateDecision $decision, int $now, ?string &$lease ): ?array {
		$status = LicenseStatus::of( $license, $now );
		$decision->license( $status, LicenseStatus::is_usable( $status ) );
		LicenseFinder::assert_usable( $license, __( 'updated', 'svc-licensing' ), $now );
		$activation = $license['activation'];
		$required   = (bool) $this->settings->get( 'updates_require_activation' );
		$decision->activation( null !== $activation, null !== $activation && (bool) $activation['is_staging'], $required );
		if ( null !== $activation ) {
			$this->licenses->check_in( $activation, $now );
		} elseif ( $required ) {
			throw new ServiceError( ErrorCode::SITE_NOT_ACTIVATED, __( 'This site is not activated on the licence. Activate it first.', 'svc-licensing' ) );
		}
		$lease = $this->licenses->lease( $call, $product, $license, $now );

		$choice  = $this->choose( $product, $license, $installed );
		$release = $choice->release;
		$decision->channel( $choice->channel )->choice( $choice->steps );
		$decision->release( null === $release ? ( '' === (string) $product['current_version'] ? null : (string) $product['current_version'] ) : (string) $release['version'], null !== $release );
		if ( null === $release ) {
			$decision->current();
			return null;
		}
		// A rollback goes to every site that runs the withdrawn version, whatever the older release's rollout.
		$percentage = $choice->rollback ? 100 : RolloutPlan::effective( RolloutPlan::from_storage( $release['rollout_plan'] ), $release['rollout'], IsoTime::unix_from_storage( $release['paused_at'] ), $now );
		$decision->rollout( RolloutBucket::of( $license['id'], $product['id'], $release['version'] ), $percentage )
			->requires( (string) $release['requires_wp'] )
			->requires_php( (string) $release['requires_php'] )
			->package( 'sha256:' . $release['package_sha256'] );
		$in_rollout = RolloutBucket::includes( $license['id'], $product['id'], $release['version'], $percentage );
		$decision->offer( (string) $release['version'], $in_rollout );
		$offer = UpdateOffer::build(
			array( 'rollout' => $percentage ) + $release,
			$in_rollout,
			'' !== (string) $product['homepage_url'] ? (string) $product['homepage_url'] : home_url( '/' ),
			$in_rollout ? $this->links->url( $product, $license, $release, $call->old_client ) : null,
			home_url( '/' )
		) + array( 'channel' => (string) $release['channel'] );
		return $choice->rollback ? $offer + array( 'rollback' => true ) : $offer;
	}

	/**
	 * The release this licence and site may be offered (channels, pins, rollback): Domain\Release\UpdateChooser
	 * over the product's published releases; its steps say why.
	 *
	 * @param array<string, mixed> $product   Product.
	 * @param array<string, mixed> $license   Licence, with this site's activation (or null).
	 * @param Version              $installed The version the site runs.
	 */
	private function choose( array $product, array $license, Version $installed ): UpdateChoice {
		$activation = $license['activation'];
		return UpdateChooser::choose(
			$this->releases->published_of_product( (int) $product['id'] ),
			(string) $product['current_version'],
			Channels::from_storage( isset( $product['channels'] ) ? (string) $product['channels'] : null ),
			array(
				'site_channel'    => null === $activation ? null : $activation['channel'],
				'license_channel' => $license['channel'] ?? null,
				'site_pin'        => null === $activation ? null : $activation['pinned_version'],
				'license_pin'     => $license['pinned_version'] ?? null,
			),
			$installed
		);
	}

	/**
	 * The batch form: each item is checked exactly as check() checks one, in the order given, and a refused item
	 * is answered with its error while the others are still checked.
	 *
	 * @param list<array{0: ClientCall, 1: string}> $items       Each call with the version the site runs, as sent.
	 * @param int                                   $now         Unix time.
	 * @param string|null                           $wp_version  WordPress version the site reported, or null.
	 * @param string|null                           $php_version PHP version the site reported, or null.
	 * @param array<int, string|null>               $leases      Set to each answered item's lease, by index.
	 * @param-out array<int, string|null>           $leases
	 * @return list<array<string, mixed>|ServiceError|null> Per item: the offer, null when current, or the refusal.
	 */
	public function check_each( array $items, int $now, ?string $wp_version = null, ?string $php_version = null, ?array &$leases = null ): array {
		$answers = array();
		$leases  = array();
		foreach ( $items as list( $call, $current_version ) ) {
			try {
				$lease                           = null;
				$answers[]                       = $this->check( $call, $current_version, $now, $wp_version, $php_version, $lease );
				$leases[ count( $answers ) - 1 ] = $lease;
			} catch ( ServiceError $refusal ) {
				$answers[] = $refusal;
			}
		}
		return $answers;
	}
}
