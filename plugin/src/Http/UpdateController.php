<?php
/**
 * GET /updates/check: what licensed sites poll for new versions.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use InvalidArgumentException;
use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\Release\RolloutBucket;
use Svc\Licensing\Domain\Release\UpdateOffer;
use Svc\Licensing\Domain\Release\Version;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\Storage\ActivationRepository;
use Svc\Licensing\Storage\ReleaseRepository;
use Svc\Licensing\Storage\Settings;
use stdClass;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * Offers the product's current release when it is newer than the site's version and the licence is usable;
 * the rollout bucket decides whether the answer carries a download link.
 */
final class UpdateController implements Controller {

	/**
	 * Product and licence of a request.
	 *
	 * @var LicenseLookup
	 */
	private $lookup;

	/**
	 * Releases.
	 *
	 * @var ReleaseRepository
	 */
	private $releases;

	/**
	 * Activations.
	 *
	 * @var ActivationRepository
	 */
	private $activations;

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
	 * @param LicenseLookup        $lookup      Product and licence of a request.
	 * @param ReleaseRepository    $releases    Releases.
	 * @param ActivationRepository $activations Activations.
	 * @param DownloadLinks        $links       Signed download links.
	 * @param Settings             $settings    Settings.
	 */
	public function __construct( LicenseLookup $lookup, ReleaseRepository $releases, ActivationRepository $activations, DownloadLinks $links, Settings $settings ) {
		$this->lookup      = $lookup;
		$this->releases    = $releases;
		$this->activations = $activations;
		$this->links       = $links;
		$this->settings    = $settings;
	}

	/**
	 * Routes.
	 */
	public function register_routes(): void {
		register_rest_route(
			Api::NAMESPACE,
			'/updates/check',
			array(
				'methods'             => WP_REST_Server::READABLE,
				'callback'            => ErrorResponder::wrap( array( $this, 'check' ) ),
				'permission_callback' => '__return_true',
				'args'                => array_merge(
					LicenseController::args( false ),
					array(
						'current_version' => array(
							'description' => 'Version the site runs now.',
							'type'        => 'string',
							'required'    => true,
							'minLength'   => 1,
							'maxLength'   => 64,
						),
					)
				),
			)
		);
	}

	/**
	 * GET /updates/check.
	 *
	 * @param WP_REST_Request $request Request.
	 * @throws ServiceError When the version is not a version or the site must be activated first.
	 */
	public function check( WP_REST_Request $request ): WP_REST_Response {
		try {
			$installed = Version::parse_installed( (string) $request->get_param( 'current_version' ) );
		} catch ( InvalidArgumentException $e ) {
			throw ServiceError::invalid_param(
				'current_version',
				__( 'current_version is not a version number such as 1.4.2.', 'svc-licensing' ),
				__( 'Not a version number.', 'svc-licensing' )
			);
		}
		list( $product, $license, $site ) = $this->lookup->locate( $request );
		LicenseLookup::assert_usable( $license, __( 'updated', 'svc-licensing' ) );
		$activation = $this->activations->find( $license['id'], $site );
		if ( null !== $activation ) {
			$this->activations->touch( $activation['id'], null );
		} elseif ( $this->settings->get( 'updates_require_activation' ) ) {
			throw new ServiceError( ErrorCode::SITE_NOT_ACTIVATED, __( 'This site is not activated on the licence. Activate it first.', 'svc-licensing' ) );
		}

		$release = '' === (string) $product['current_version'] ? null : $this->releases->published( $product['id'], (string) $product['current_version'] );
		if ( null === $release || ! Version::parse( $release['version'] )->is_newer_than( $installed ) ) {
			return new WP_REST_Response( new stdClass() );
		}
		$in_rollout = RolloutBucket::includes( $license['id'], $product['id'], $release['version'], $release['rollout'] );
		return new WP_REST_Response(
			UpdateOffer::build(
				$release,
				$in_rollout,
				'' !== (string) $product['homepage_url'] ? (string) $product['homepage_url'] : home_url( '/' ),
				$in_rollout ? $this->links->url( $product, $license, $release ) : null
			)
		);
	}
}
