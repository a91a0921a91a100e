<?php
/**
 * The trial use case: one free trial licence per mailbox and product.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Core;

use Svc\Licensing\Domain\Event\Actor;
use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\IsoTime;
use Svc\Licensing\Domain\License\LicenseKey;
use Svc\Licensing\Domain\License\LicenseStatus;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\Storage\KeySecret;
use Svc\Licensing\Storage\Settings;

/**
 * Duration and activation limit come from the product. The UNIQUE index on (product, trial mailbox) refuses a second
 * trial, so two racing requests cannot both get one; the mailbox is EmailField::mailbox's.
 *
 * The key goes by mail only, so only the address's owner gets it. A visitor's answer says a mail was sent, in the
 * same words whether the address had a trial or not; a repeat gets a mail saying it already had one. A caller with
 * an API key of write permission (a seller's own back end, which proved the address itself) gets the spec's answer:
 * 201 with the key, or 409 trial_already_used. Mail goes after the response (AfterResponse).
 */
final class Trials {

	/**
	 * The optional body field a person never sees, so never fills (docs/api-decisions.md).
	 */
	public const HONEYPOT = 'website';

	/**
	 * Finds offered products.
	 *
	 * @var LicenseFinder
	 */
	private $finder;

	/**
	 * Licence use cases (issuing).
	 *
	 * @var Licenses
	 */
	private $licenses;

	/**
	 * Key hashing secret.
	 *
	 * @var KeySecret
	 */
	private $secret;

	/**
	 * Settings (the mailbox rule's switches).
	 *
	 * @var Settings
	 */
	private $settings;

	/**
	 * Runs the mail after the response.
	 *
	 * @var AfterResponse
	 */
	private $after;

	/**
	 * Constructor.
	 *
	 * @param LicenseFinder $finder   Finds offered products.
	 * @param Licenses      $licenses Licence use cases (issuing).
	 * @param KeySecret     $secret   Key hashing secret.
	 * @param Settings      $settings Settings.
	 * @param AfterResponse $after    Runs the mail after the response.
	 */
	public function __construct( LicenseFinder $finder, Licenses $licenses, KeySecret $secret, Settings $settings, AfterResponse $after ) {
		$this->finder   = $finder;
		$this->licenses = $licenses;
		$this->secret   = $secret;
		$this->settings = $settings;
		$this->after    = $after;
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
	 * @param bool                       $with_key     Whether the caller may have the key in the answer (an API key of
	 *                                                 write permission): the spec's answer, and 409 on a repeat.
	 * @return array<string, mixed> The spec's trial answer with the full key, or for a visitor what was sent.
	 * @throws ServiceError On a filled honeypot, a bad email, an unknown product, a product without trials, or (with
	 *                      the key) a repeat.
	 */
	public function request( string $product_slug, ?callable $scope, string $email, string $name, int $now, string $honeypot = '', bool $with_key = false ): array {
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
			// One trial per mailbox: the UNIQUE index sees ada+2@ and a.da@gmail as ada@ (by the settings).
			'trial_email'      => EmailField::mailbox( $address, $this->settings ),
			'status'           => LicenseStatus::TRIAL,
			'activation_limit' => $limit,
			'is_trial'         => 1,
			'expires'          => IsoTime::to_storage( $ends ),
			'trial_ends'       => IsoTime::to_storage( $ends ),
		);
		$created = $this->licenses->issue( $fields, $key, Actor::customer( $address ) );
		$title   = (string) $product['name'];
		if ( ! $created && $with_key ) {
			throw new ServiceError( ErrorCode::TRIAL_ALREADY_USED, __( 'A trial of this product was already issued to this email address.', 'svc-licensing' ) );
		}
		$this->after->queue(
			'trial_mail',
			$created
				? function () use ( $address, $title, $key, $ends ): void {
					self::send_key( $address, $title, $key->reveal(), $ends );
				}
				: function () use ( $address, $title ): void {
					self::send_repeat( $address, $title );
				}
		);
		if ( ! $with_key ) {
			return array(
				'sent'         => true,
				'product_slug' => $product['slug'],
				'email'        => $address,
				'message'      => sprintf(
					/* translators: 1: product name, 2: email address. */
					__( 'Check your inbox: we have sent a mail about your trial of %1$s to %2$s.', 'svc-licensing' ),
					$title,
					$address
				),
			);
		}
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
	 * Emails the key to the customer. A mail failure does not undo the trial: the customer can sign in to the
	 * portal with the address and take a new key there, or the seller sends one.
	 *
	 * @param string $email   Address.
	 * @param string $product Product name.
	 * @param string $key     Full key.
	 * @param int    $ends    Trial end, unix seconds.
	 */
	private static function send_key( string $email, string $product, string $key, int $ends ): void {
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

	/**
	 * Tells an address that asked again that it already had its trial (no key: keys are kept hashed).
	 *
	 * @param string $email   Address.
	 * @param string $product Product name.
	 */
	private static function send_repeat( string $email, string $product ): void {
		wp_mail(
			$email,
			/* translators: %s: product name. */
			sprintf( __( 'Your trial of %s', 'svc-licensing' ), $product ),
			sprintf(
				/* translators: %s: product name. */
				__( "You asked for a trial of %1\$s. This address already had one, so no new key was made.\n\nYour key is in the mail \"Your trial licence for %1\$s\" we sent you then. If you did not ask, you can ignore this mail.", 'svc-licensing' ),
				$product
			)
		);
	}
}
