<?php
/**
 * The trial use case: one free trial licence per mailbox and product.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Core;

use Svc\Licensing\Domain\Email;
use Svc\Licensing\Domain\Event\Actor;
use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\IsoTime;
use Svc\Licensing\Domain\License\LicenseKey;
use Svc\Licensing\Domain\License\LicenseStatus;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\Storage\KeySecret;
use Svc\Licensing\Storage\Settings;

/**
 * Duration and activation limit come from the product; the key is answered once and emailed. The UNIQUE index
 * on (product, trial mailbox) refuses a second trial, so two racing requests cannot both get one.
 */
final class Trials {

	/**
	 * The optional body field a person never sees, so never fills (docs/api-decisions.md).
	 */
	public const HONEYPOT = 'website';

	/**
	 * Finds offered products.
	 *
	 * @var LicenceFinder
	 */
	private $finder;

	/**
	 * Licence use cases (issuing).
	 *
	 * @var Licences
	 */
	private $licences;

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
	 * @param LicenceFinder $finder   Finds offered products.
	 * @param Licences      $licences Licence use cases (issuing).
	 * @param KeySecret     $secret   Key hashing secret.
	 * @param Settings      $settings Settings.
	 */
	public function __construct( LicenceFinder $finder, Licences $licences, KeySecret $secret, Settings $settings ) {
		$this->finder   = $finder;
		$this->licences = $licences;
		$this->secret   = $secret;
		$this->settings = $settings;
	}

	/**
	 * Issues a trial licence and emails its key.
	 *
	 * @param string                     $product_slug Product slug as sent.
	 * @param (callable(int): void)|null $scope        Throws when the caller's API key may not reach a product.
	 * @param string                     $email        Customer email as sent.
	 * @param string                     $name         Customer name.
	 * @param int                        $now          Unix time.
	 * @param string                     $honeypot     The form field people leave empty (`website`); a bot fills it.
	 * @return array<string, mixed> The spec's trial answer, with the full key.
	 * @throws ServiceError On a filled honeypot, a bad email, an unknown product, a product without trials, or a repeat.
	 */
	public function request( string $product_slug, ?callable $scope, string $email, string $name, int $now, string $honeypot = '' ): array {
		// Before anything else: a bot learns nothing about the product or the address.
		if ( '' !== trim( $honeypot ) ) {
			throw ServiceError::invalid_param(
				self::HONEYPOT,
				__( 'This request looks automated, so no trial was sent. If you are a person, reload the page and try again.', 'svc-licensing' ),
				__( 'Leave this field empty.', 'svc-licensing' )
			);
		}
		$address = EmailField::address( $email );
		$product = $this->finder->product( $product_slug, $scope );
		if ( ! self::offered( $product ) ) {
			throw new ServiceError( ErrorCode::TRIAL_NOT_AVAILABLE, __( 'This product does not offer trials.', 'svc-licensing' ) );
		}
		$key     = LicenseKey::generate();
		$ends    = $now + $product['trial_days'] * DAY_IN_SECONDS;
		$limit   = max( 1, $product['trial_activation_limit'] );
		$fields  = array(
			'product_id'       => $product['id'],
			'key_hash'         => $key->hash( $this->secret->get() ),
			'key_first'        => $key->first_group(),
			'key_last'         => $key->last_group(),
			'customer_name'    => $name,
			'customer_email'   => $address,
			// One trial per mailbox: the UNIQUE index sees ada+2@ as ada@ unless plus-tags are distinct.
			'trial_email'      => Email::mailbox( $address, (bool) $this->settings->get( 'trial_plus_tags_distinct' ) ),
			'status'           => LicenseStatus::TRIAL,
			'activation_limit' => $limit,
			'is_trial'         => 1,
			'expires'          => IsoTime::to_storage( $ends ),
			'trial_ends'       => IsoTime::to_storage( $ends ),
		);
		$created = $this->licences->issue( $fields, $key, Actor::customer( $address ) );
		if ( ! $created ) {
			throw new ServiceError( ErrorCode::TRIAL_ALREADY_USED, __( 'A trial of this product was already issued to this email address.', 'svc-licensing' ) );
		}
		$this->send_key( $address, (string) $product['name'], $key->reveal(), $ends );
		return array(
			'license_key'      => $key->reveal(),
			'product_slug'     => $product['slug'],
			'status'           => LicenseStatus::TRIAL,
			'expires'          => IsoTime::format( $ends ),
			'activation_limit' => $limit,
			'is_trial'         => true,
			'trial_ends'       => IsoTime::format( $ends ),
		);
	}

	/**
	 * Whether a product offers trials: switched on, for at least a day.
	 *
	 * @param array<string, mixed> $product Product row.
	 */
	public static function offered( array $product ): bool {
		return (bool) $product['trial_enabled'] && (int) $product['trial_days'] >= 1;
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
