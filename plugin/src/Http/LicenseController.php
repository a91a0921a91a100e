<?php
/**
 * POST /licenses/validate, /licenses/activate and /licenses/deactivate: what client sites call.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\IsoTime;
use Svc\Licensing\Domain\License\ValidationAnswer;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\Storage\ActivationRepository;
use Svc\Licensing\Storage\Settings;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * The licence key is the caller's credential here; the routes are otherwise public.
 */
final class LicenseController implements Controller {

	/**
	 * Finds the licence of a key.
	 *
	 * @var LicenseLookup
	 */
	private $lookup;

	/**
	 * Activations.
	 *
	 * @var ActivationRepository
	 */
	private $activations;


	/**
	 * Settings.
	 *
	 * @var Settings
	 */
	private $settings;

	/**
	 * Constructor.
	 *
	 * @param LicenseLookup        $lookup      Finds the licence of a key.
	 * @param ActivationRepository $activations Activations.
	 * @param Settings             $settings    Settings.
	 */
	public function __construct( LicenseLookup $lookup, ActivationRepository $activations, Settings $settings ) {
		$this->lookup      = $lookup;
		$this->activations = $activations;
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
		list( $product, $license, $site ) = $this->lookup->locate( $request );
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
		list( $product, $license, $site ) = $this->lookup->locate( $request );
		LicenseLookup::assert_usable( $license, __( 'activated', 'svc-licensing' ) );
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
		list( $product, $license, $site ) = $this->lookup->locate( $request );
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
	 * The licence of the request's key, read afresh.
	 *
	 * @param array<string, mixed> $product Product.
	 * @param WP_REST_Request      $request Request.
	 * @return array<string, mixed>
	 */
	private function reload( array $product, WP_REST_Request $request ): array {
		return $this->lookup->find( $product, (string) $request->get_param( 'license_key' ) );
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
