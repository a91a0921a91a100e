<?php
/**
 * Software License Manager's client protocol on the store's front URL, for the plugins a seller shipped for SLM.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Http;

use Svc\Licensing\Core\Activations;
use Svc\Licensing\Core\ClientCall;
use Svc\Licensing\Core\LicenseFinder;
use Svc\Licensing\Core\MovedIn;
use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\License\LicenseStatus;
use Svc\Licensing\Domain\MoveIn\OldProtocolRequest;
use Svc\Licensing\Domain\MoveIn\SlmAnswer;
use Svc\Licensing\Domain\MoveIn\Source;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\Storage\Settings;

/**
 * An adapter, like EddSlProtocol: slm_action = slm_check, slm_activate or slm_deactivate (and slm_create_new, only
 * ever refused), with the secret_key the seller's SLM had (imported into the slm_secret_key setting), license_key
 * and registered_domain. SLM's licence keys name no product: the licence holding the key gives it. Each action is our
 * Core call; SlmAnswer maps the outcome. On only while the slm_protocol setting is on. docs/moving-in.md, "The old
 * clients".
 */
final class SlmProtocol {

	/** Each action and the rate limit it counts against. */
	private const ACTIONS = array(
		'slm_activate'   => 'activate',
		'slm_deactivate' => 'deactivate',
		'slm_check'      => 'validate',
		'slm_create_new' => 'activate',
	);

	/**
	 * Settings.
	 *
	 * @var Settings
	 */
	private $settings;

	/**
	 * Finds licences.
	 *
	 * @var LicenseFinder
	 */
	private $finder;

	/**
	 * Activation use cases.
	 *
	 * @var Activations
	 */
	private $activations;

	/**
	 * Which licences the import brought from SLM.
	 *
	 * @var MovedIn
	 */
	private $moved_in;

	/**
	 * Rate limits, counts and sending.
	 *
	 * @var OldProtocolCall
	 */
	private $old;

	/**
	 * Constructor.
	 *
	 * @param Settings        $settings    Settings.
	 * @param LicenseFinder   $finder      Finds licences.
	 * @param Activations     $activations Activation use cases.
	 * @param MovedIn         $moved_in    Which licences the import brought from SLM.
	 * @param OldProtocolCall $old         Rate limits, counts and sending.
	 */
	public function __construct( Settings $settings, LicenseFinder $finder, Activations $activations, MovedIn $moved_in, OldProtocolCall $old ) {
		$this->settings    = $settings;
		$this->finder      = $finder;
		$this->activations = $activations;
		$this->moved_in    = $moved_in;
		$this->old         = $old;
	}

	/**
	 * Answers on the front URL once WordPress has loaded; the fast lane answers the same requests earlier through
	 * maybe_answer().
	 */
	public function add_hooks(): void {
		OldProtocolCall::answer_on_init( array( $this, 'maybe_answer' ) );
	}

	/**
	 * Whether this request is one of SLM's client actions that this site answers: the protocol is on and it is not
	 * an admin screen. Reads no input but the action's name (see EddSlProtocol::wants()).
	 */
	public function wants(): bool {
		return isset( self::ACTIONS[ OldProtocolCall::param( OldProtocolRequest::SLM_PARAM ) ] ) && $this->settings->get( 'slm_protocol' ) && ! is_admin();
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
		$action = OldProtocolCall::param( OldProtocolRequest::SLM_PARAM );
		$over   = $this->old->limit( self::ACTIONS[ $action ], OldProtocolCall::param( 'license_key' ), OldProtocolCall::param( 'registered_domain' ) );
		if ( null !== $over ) {
			$this->old->send( Source::SLM, 429, SlmAnswer::error( 429, $over->get_error_message() ) );
			return true;
		}
		$this->old->send( Source::SLM, 200, $this->answer( $action, time() ) );
		return true;
	}

	/**
	 * SLM's answer to one action.
	 *
	 * @param string $action slm_action.
	 * @param int    $now    Unix time.
	 * @return array<string, mixed>
	 */
	public function answer( string $action, int $now ): array {
		if ( 'slm_create_new' === $action ) {
			// Never acted on, whatever secret it brings (SLM checks a creation secret that no import brings).
			return SlmAnswer::error( SlmAnswer::CREATE_FAILED, __( 'This store no longer creates licence keys through this address. Licence keys are made by its sales, its admin screens, its API and its command line.', 'svc-licensing' ) );
		}
		$secret = (string) $this->settings->get( 'slm_secret_key' );
		if ( '' === $secret || ! hash_equals( $secret, OldProtocolCall::param( 'secret_key' ) ) ) {
			return SlmAnswer::error( SlmAnswer::VERIFY_KEY_INVALID, 'Verification API secret key is invalid' );
		}
		$key     = OldProtocolCall::param( 'license_key' );
		$domain  = OldProtocolCall::param( 'registered_domain' );
		$product = $this->finder->product_of_key( $key );
		if ( null === $product ) {
			return SlmAnswer::refused( ErrorCode::LICENSE_NOT_FOUND, null );
		}
		if ( 'slm_check' === $action ) {
			return $this->check( $product, $key, $now );
		}
		if ( '' === $domain ) {
			return SlmAnswer::error( SlmAnswer::DOMAIN_MISSING, 'Registered domain information is missing' );
		}
		$call   = new ClientCall( $key, (string) $product['slug'], $domain );
		$status = null;
		try {
			list( , $license ) = $this->finder->locate( $call );
			$status            = LicenseStatus::of( $license, $now );
			if ( 'slm_deactivate' === $action ) {
				return $this->activations->deactivate( $call, $now, Source::SLM )['deactivated']
					? SlmAnswer::success( 'The license key has been deactivated for this domain' )
					: SlmAnswer::error( SlmAnswer::DOMAIN_ALREADY_INACTIVE, 'The license key on this domain is already inactive' );
			}
			// SLM refuses to activate a domain that is already registered (copied; our REST route answers it as activated).
			if ( null !== $license['activation'] && LicenseStatus::is_usable( $status ) ) {
				return SlmAnswer::in_use( $domain );
			}
			$this->activations->activate( $call, $now );
			return SlmAnswer::success( 'License key activated' );
		} catch ( ServiceError $error ) {
			return SlmAnswer::refused( $error->error_code(), $status );
		}
	}

	/**
	 * The slm_check answer: the licence's fields, found whatever its status. The customer's email and registered
	 * domains only for a licence the import brought from SLM, whose clients were given them there; any other
	 * licence's check answers them blank, since SLM's secret sits in every plugin shipped for SLM (issue 40).
	 *
	 * @param array<string, mixed> $product Product.
	 * @param string               $key     Key as sent.
	 * @param int                  $now     Unix time.
	 * @return array<string, mixed>
	 */
	private function check( array $product, string $key, int $now ): array {
		try {
			$license = $this->finder->license( $product, $key, '' );
		} catch ( ServiceError $error ) {
			return SlmAnswer::refused( $error->error_code(), null );
		}
		$domains = array();
		if ( ! $this->moved_in->from( Source::SLM, (int) $license['id'] ) ) {
			$license['customer_email'] = '';
			return SlmAnswer::checked( $license, LicenseStatus::of( $license, $now ), $key, (string) $product['slug'], $domains );
		}
		foreach ( $this->activations->of_license( (int) $license['id'] ) as $row ) {
			$domains[] = (string) $row['site_url'];
		}
		return SlmAnswer::checked( $license, LicenseStatus::of( $license, $now ), $key, (string) $product['slug'], $domains );
	}
}
