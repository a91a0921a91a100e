<?php
/**
 * POST /licenses/validate, /licenses/activate and /licenses/deactivate: what client sites call.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use InvalidArgumentException;
use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\IsoTime;
use Svc\Licensing\Domain\License\LicenseKey;
use Svc\Licensing\Domain\License\LicenseStatus;
use Svc\Licensing\Domain\License\ValidationAnswer;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\Domain\SiteUrl;
use Svc\Licensing\Storage\ActivationRepository;
use Svc\Licensing\Storage\KeySecret;
use Svc\Licensing\Storage\LicenseRepository;
use Svc\Licensing\Storage\Settings;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * The licence key is the caller's credential here; the routes are otherwise public.
 */
final class LicenseController implements Controller {

	/**
	 * Resolves product_slug.
	 *
	 * @var OfferedProduct
	 */
	private $products;

	/**
	 * Licences.
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
	 * Key hashing secret.
	 *
	 * @var KeySecret
	 */
	private $secret;


	/**
	 * Settings.
	 *
	 * @var Settings
	 */
	private $settings;

	/**
	 * Constructor.
	 *
	 * @param OfferedProduct       $products    Resolves product_slug.
	 * @param LicenseRepository    $licenses    Licences.
	 * @param ActivationRepository $activations Activations.
	 * @param KeySecret            $secret      Key hashing secret.
	 * @param Settings             $settings    Settings.
	 */
	public function __construct( OfferedProduct $products, LicenseRepository $licenses, ActivationRepository $activations, KeySecret $secret, Settings $settings ) {
		$this->products    = $products;
		$this->licenses    = $licenses;
		$this->activations = $activations;
		$this->secret      = $secret;
		$this->settings    = $settings;
	}

	/**
	 * The request schema; WordPress validates type, length and pattern from it before the callback runs.
	 *
	 * @param bool $with_fingerprint Whether the route takes server_fingerprint.
	 * @return array<string, array<string, mixed>>
	 */
	public static function args( bool $with_fingerprint ): array {
		$args = array(
			'license_key'  => array(
				'description' => 'Licence key, XXXX-XXXX-XXXX-XXXX.',
				'type'        => 'string',
				'required'    => true,
				'maxLength'   => 64,
			),
			'product_slug' => array(
				'description' => 'Slug of the product the key is for.',
				'type'        => 'string',
				'required'    => true,
				'minLength'   => 1,
				'maxLength'   => 100,
			),
			'site_url'     => array(
				'description' => 'URL of the site using the licence.',
				'type'        => 'string',
				'required'    => true,
				'minLength'   => 1,
				'maxLength'   => 2048,
			),
		);
		if ( $with_fingerprint ) {
			$args['server_fingerprint'] = array(
				'description' => 'SHA-256 fingerprint of the calling server, in hex.',
				'type'        => 'string',
				'pattern'     => '^[A-Fa-f0-9]{64}$',
			);
		}
		return $args;
	}

	/**
	 * Routes.
	 */
	public function register_routes(): void {
		$routes = array(
			'validate'   => array( array( $this, 'validate' ), true ),
			'activate'   => array( array( $this, 'activate' ), true ),
			'deactivate' => array( array( $this, 'deactivate' ), false ),
		);
		foreach ( $routes as $path => list( $callback, $with_fingerprint ) ) {
			register_rest_route(
				Api::NAMESPACE,
				'/licenses/' . $path,
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => ErrorResponder::wrap( $callback ),
					'permission_callback' => '__return_true',
					'args'                => self::args( $with_fingerprint ),
				)
			);
		}
	}

	/**
	 * POST /licenses/validate.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function validate( WP_REST_Request $request ): WP_REST_Response {
		list( $product, $license, $site ) = $this->locate( $request );
		$activation                       = $this->activations->find( $license['id'], $site );
		if ( null !== $activation ) {
			$this->activations->touch( $activation['id'], null );
		}
		return new WP_REST_Response(
			ValidationAnswer::build(
				$license,
				$product,
				$activation,
				$this->fingerprint( $request ),
				(bool) $this->settings->get( 'fingerprinting' ),
				time()
			)
		);
	}

	/**
	 * POST /licenses/activate.
	 *
	 * @param WP_REST_Request $request Request.
	 * @throws ServiceError When the licence cannot take this site.
	 */
	public function activate( WP_REST_Request $request ): WP_REST_Response {
		list( $product, $license, $site ) = $this->locate( $request );
		$status                           = LicenseStatus::effective( $license['status'], IsoTime::unix_from_storage( $license['expires'] ), time() );
		if ( ! LicenseStatus::is_usable( $status ) ) {
			throw new ServiceError(
				ErrorCode::LICENSE_NOT_ACTIVE,
				/* translators: %s: licence status, e.g. expired. */
				sprintf( __( 'This licence is %s and cannot be activated.', 'svc-licensing' ), $status ),
				null,
				array( 'license_status' => $status )
			);
		}
		$fingerprint = $this->fingerprint( $request );
		$activation  = $this->activations->find( $license['id'], $site );
		if ( null === $activation ) {
			if ( 'full' === $this->activations->activate( $license['id'], $site, $fingerprint ) ) {
				$license = $this->reload( $product, $request );
				throw new ServiceError(
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
			$activation = $this->activations->find( $license['id'], $site );
		} elseif ( null !== $fingerprint && null === $activation['server_fingerprint'] ) {
			$this->activations->touch( $activation['id'], $fingerprint );
		}
		$license = $this->reload( $product, $request );
		return new WP_REST_Response(
			array(
				'activated'        => true,
				'activation_id'    => (int) $activation['id'],
				'site_url'         => $site,
				'activation_count' => $license['activation_count'],
				'activation_limit' => $license['activation_limit'],
				'activated_at'     => IsoTime::from_storage( $activation['activated_at'] ),
			)
		);
	}

	/**
	 * POST /licenses/deactivate. Deactivating a site that is not active answers deactivated: false.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public function deactivate( WP_REST_Request $request ): WP_REST_Response {
		list( $product, $license, $site ) = $this->locate( $request );
		$deactivated                      = $this->activations->deactivate( $license['id'], $site );
		$license                          = $this->reload( $product, $request );
		return new WP_REST_Response(
			array(
				'deactivated'      => $deactivated,
				'site_url'         => $site,
				'activation_count' => $license['activation_count'],
				'activation_limit' => $license['activation_limit'],
			)
		);
	}

	/**
	 * Product, licence and normalised site of a request, or the spec's error.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return array{0: array<string, mixed>, 1: array<string, mixed>, 2: string}
	 * @throws ServiceError On an unknown product, a malformed or unknown key, or an unusable site URL.
	 */
	private function locate( WP_REST_Request $request ): array {
		$site = SiteUrl::normalise( (string) $request->get_param( 'site_url' ) );
		if ( null === $site ) {
			throw ServiceError::invalid_param(
				'site_url',
				__( 'site_url is not a valid http(s) site URL.', 'svc-licensing' ),
				__( 'Not a valid http(s) site URL.', 'svc-licensing' )
			);
		}
		$product = $this->products->resolve( $request );
		$license = $this->reload( $product, $request );
		return array( $product, $license, $site );
	}

	/**
	 * The licence of the request's key, read afresh.
	 *
	 * @param array<string, mixed> $product Product.
	 * @param WP_REST_Request      $request Request.
	 * @return array<string, mixed>
	 * @throws ServiceError On a malformed or unknown key.
	 */
	private function reload( array $product, WP_REST_Request $request ): array {
		try {
			$key = LicenseKey::parse( (string) $request->get_param( 'license_key' ) );
		} catch ( InvalidArgumentException $e ) {
			throw new ServiceError( ErrorCode::INVALID_LICENSE_KEY, __( 'The licence key is malformed: expected XXXX-XXXX-XXXX-XXXX.', 'svc-licensing' ) );
		}
		$license = $this->licenses->find_by_key( $product['id'], $key->hash( $this->secret->get() ) );
		if ( null === $license ) {
			throw new ServiceError( ErrorCode::LICENSE_NOT_FOUND, __( 'No licence with this key exists for this product.', 'svc-licensing' ) );
		}
		return $license;
	}

	/**
	 * The caller's server fingerprint, lower-cased, or null.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	private function fingerprint( WP_REST_Request $request ): ?string {
		$value = $request->get_param( 'server_fingerprint' );
		return is_string( $value ) && '' !== $value ? strtolower( $value ) : null;
	}
}
