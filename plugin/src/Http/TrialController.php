<?php
/**
 * POST /trials/request: one free trial licence per email address and product.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use Svc\Licensing\Domain\Email;
use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\IsoTime;
use Svc\Licensing\Domain\License\LicenseKey;
use Svc\Licensing\Domain\License\LicenseStatus;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\Storage\KeySecret;
use Svc\Licensing\Storage\LicenseRepository;
use Svc\Licensing\Storage\Settings;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * Duration and activation limit come from the product; the key is answered once and emailed.
 */
final class TrialController implements Controller {

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
	 * Key hashing secret.
	 *
	 * @var KeySecret
	 */
	private $secret;

	/**
	 * Settings (whether plus-tags are distinct addresses).
	 *
	 * @var Settings
	 */
	private $settings;

	/**
	 * Constructor.
	 *
	 * @param OfferedProduct    $products Resolves product_slug.
	 * @param LicenseRepository $licenses Licences.
	 * @param KeySecret         $secret   Key hashing secret.
	 * @param Settings          $settings Settings.
	 */
	public function __construct( OfferedProduct $products, LicenseRepository $licenses, KeySecret $secret, Settings $settings ) {
		$this->products = $products;
		$this->licenses = $licenses;
		$this->secret   = $secret;
		$this->settings = $settings;
	}

	/**
	 * The request schema.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	public static function args(): array {
		return array(
			'product_slug' => array(
				'description' => 'Slug of the product to try.',
				'type'        => 'string',
				'required'    => true,
				'minLength'   => 1,
				'maxLength'   => 100,
			),
			'email'        => array(
				'description' => 'Customer email; trimmed and lower-cased before use.',
				'type'        => 'string',
				'required'    => true,
				'maxLength'   => 320,
			),
			'name'         => array(
				'description' => 'Customer name.',
				'type'        => 'string',
				'maxLength'   => 200,
			),
		);
	}

	/**
	 * Routes.
	 */
	public function register_routes(): void {
		register_rest_route(
			Api::NAMESPACE,
			'/trials/request',
			array(
				'methods'             => WP_REST_Server::CREATABLE,
				'callback'            => ErrorResponder::wrap( array( $this, 'request_trial' ) ),
				'permission_callback' => '__return_true',
				'args'                => self::args(),
			)
		);
	}

	/**
	 * POST /trials/request.
	 *
	 * @param WP_REST_Request $request Request.
	 * @throws ServiceError On a bad email, an unknown product, a product without trials, or a repeat.
	 */
	public function request_trial( WP_REST_Request $request ): WP_REST_Response {
		$email = Email::normalise( (string) $request->get_param( 'email' ) );
		if ( null === $email ) {
			throw ServiceError::invalid_param(
				'email',
				__( 'email is not a valid email address.', 'svc-licensing' ),
				__( 'Not a valid email address.', 'svc-licensing' )
			);
		}
		$product = $this->products->resolve( $request );
		if ( ! $product['trial_enabled'] || $product['trial_days'] < 1 ) {
			throw new ServiceError( ErrorCode::TRIAL_NOT_AVAILABLE, __( 'This product does not offer trials.', 'svc-licensing' ) );
		}
		$key     = LicenseKey::generate();
		$ends    = time() + $product['trial_days'] * DAY_IN_SECONDS;
		$limit   = max( 1, $product['trial_activation_limit'] );
		$created = $this->licenses->create_unless_exists(
			array(
				'product_id'       => $product['id'],
				'key_hash'         => $key->hash( $this->secret->get() ),
				'key_first'        => $key->first_group(),
				'key_last'         => $key->last_group(),
				'customer_name'    => (string) $request->get_param( 'name' ),
				'customer_email'   => $email,
				// One trial per mailbox: the UNIQUE index sees ada+2@ as ada@ unless plus-tags are distinct.
				'trial_email'      => Email::mailbox( $email, (bool) $this->settings->get( 'trial_plus_tags_distinct' ) ),
				'status'           => LicenseStatus::TRIAL,
				'activation_limit' => $limit,
				'is_trial'         => 1,
				'expires'          => IsoTime::to_storage( $ends ),
				'trial_ends'       => IsoTime::to_storage( $ends ),
			)
		);
		if ( ! $created ) {
			throw new ServiceError( ErrorCode::TRIAL_ALREADY_USED, __( 'A trial of this product was already issued to this email address.', 'svc-licensing' ) );
		}
		$this->send_key( $email, (string) $product['name'], $key->reveal(), $ends );
		return new WP_REST_Response(
			array(
				'license_key'      => $key->reveal(),
				'product_slug'     => $product['slug'],
				'status'           => LicenseStatus::TRIAL,
				'expires'          => IsoTime::format( $ends ),
				'activation_limit' => $limit,
				'is_trial'         => true,
				'trial_ends'       => IsoTime::format( $ends ),
			),
			201
		);
	}

	/**
	 * Emails the key to the customer. A mail failure does not undo the trial: the key was also answered.
	 *
	 * @param string $email   Address.
	 * @param string $product Product name.
	 * @param string $key     Full key.
	 * @param int    $ends    Trial end, unix seconds.
	 */
	private function send_key( string $email, string $product, string $key, int $ends ): void {
		wp_mail(
			$email,
			/* translators: %s: product name. */
			sprintf( __( 'Your trial licence for %s', 'svc-licensing' ), $product ),
			sprintf(
				/* translators: 1: product name, 2: licence key, 3: end date (UTC). */
				__( "Thank you for trying %1\$s.\n\nYour licence key: %2\$s\n\nThe trial ends on %3\$s (UTC).", 'svc-licensing' ),
				$product,
				$key,
				gmdate( 'Y-m-d H:i', $ends )
			)
		);
	}
}
