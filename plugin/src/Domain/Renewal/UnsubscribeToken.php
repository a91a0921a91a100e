<?php
/**
 * The token of a reminder's unsubscribe link.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Renewal;

use InvalidArgumentException;
use Svc\Licensing\Domain\Email;

/**
 * Pure. `<email hash>.<check>`: the email hash is an HMAC-SHA256 of the normalised address with the site's key
 * secret (what the opt-out table stores, so it holds no address and a list of addresses cannot be matched
 * against it); the check, 16 hex digits of another HMAC of that hash, refuses made-up tokens. The link works
 * without signing in and carries no address.
 */
final class UnsubscribeToken {

	private const PATTERN = '/^([0-9a-f]{64})\.([0-9a-f]{16})$/D';

	/**
	 * The site's key secret.
	 *
	 * @var string
	 */
	private $secret;

	/**
	 * Constructor.
	 *
	 * @param string $secret The site's key secret.
	 * @throws InvalidArgumentException When it is empty.
	 */
	public function __construct( string $secret ) {
		if ( '' === $secret ) {
			throw new InvalidArgumentException( 'An unsubscribe token needs the site\'s key secret.' );
		}
		$this->secret = $secret;
	}

	/**
	 * The keyed hash of an address, as the opt-out table stores it.
	 *
	 * @param string $email Address (normalised here).
	 */
	public function email_hash( string $email ): string {
		return hash_hmac( 'sha256', 'svc-reminder-optout:' . ( Email::normalise( $email ) ?? strtolower( trim( $email ) ) ), $this->secret );
	}

	/**
	 * The token of an address's unsubscribe link.
	 *
	 * @param string $email Address.
	 */
	public function for_email( string $email ): string {
		$hash = $this->email_hash( $email );
		return $hash . '.' . $this->check( $hash );
	}

	/**
	 * The email hash a token names, or null when this site did not make it.
	 *
	 * @param string $token From the link.
	 */
	public function hash_of( string $token ): ?string {
		if ( 1 !== preg_match( self::PATTERN, $token, $parts ) ) {
			return null;
		}
		return hash_equals( $this->check( $parts[1] ), $parts[2] ) ? $parts[1] : null;
	}

	/**
	 * The check of a hash.
	 *
	 * @param string $hash Email hash.
	 */
	private function check( string $hash ): string {
		return substr( hash_hmac( 'sha256', 'svc-reminder-optout-link:' . $hash, $this->secret ), 0, 16 );
	}
}
