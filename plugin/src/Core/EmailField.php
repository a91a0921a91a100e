<?php
/**
 * The `email` field of a request: normalised, or refused in the same words everywhere.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Core;

use Svc\Licensing\Domain\Email;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\Storage\Settings;

/**
 * One rule for the routes whose body or query names a customer by `email` (trials, the portal's sign-in link,
 * privacy export and erase).
 */
final class EmailField {

	/**
	 * The address, trimmed and lower-cased.
	 *
	 * @param string $email Email as sent.
	 * @throws ServiceError 400 invalid_params when it is not an email address.
	 */
	public static function address( string $email ): string {
		$address = Email::normalise( $email );
		if ( null === $address ) {
			throw ServiceError::invalid_param(
				'email',
				__( 'Email: enter an email address with a domain, such as name@example.com.', 'svc-licensing' ),
				__( 'Enter an email address with a domain, such as name@example.com.', 'svc-licensing' )
			);
		}
		return $address;
	}

	/**
	 * The mailbox an address delivers to, by the seller's settings: the one rule for one trial per mailbox
	 * (Domain\Email::mailbox; docs/api-decisions.md, "Trials").
	 *
	 * @param string   $address  An address from address().
	 * @param Settings $settings Whether plus-tags are distinct, and whether providers' aliases are folded.
	 */
	public static function mailbox( string $address, Settings $settings ): string {
		return Email::mailbox(
			$address,
			(bool) $settings->get( 'trial_plus_tags_distinct' ),
			(bool) $settings->get( 'trial_mailbox_provider_rules' )
		);
	}
}
