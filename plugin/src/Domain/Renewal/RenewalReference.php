<?php
/**
 * The reference a renewal link and a renewal payment carry.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Renewal;

use InvalidArgumentException;

/**
 * Pure. `lic_<licence id>_<check>`: the check is the first 16 hex digits of an HMAC-SHA256 of the id with the
 * site's key secret, so a payment can name only a licence this site sent a link for, and a reference never carries
 * the key (links end up in browsers' histories and checkout logs). It fits Stripe's client_reference_id (at most
 * 200 letters, digits, dashes and underscores) and Paddle's and Lemon Squeezy's custom data.
 */
final class RenewalReference {

	private const PATTERN = '/^lic_([1-9][0-9]{0,18})_([0-9a-f]{16})$/D';

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
			throw new InvalidArgumentException( 'A renewal reference needs the site\'s key secret.' );
		}
		$this->secret = $secret;
	}

	/**
	 * The reference of a licence.
	 *
	 * @param int $license_id Licence id.
	 */
	public function make( int $license_id ): string {
		return 'lic_' . $license_id . '_' . $this->check( $license_id );
	}

	/**
	 * The licence a reference names, or null when it is not one this site made.
	 *
	 * @param string $reference What the payment or the link carried.
	 */
	public function license_id( string $reference ): ?int {
		if ( 1 !== preg_match( self::PATTERN, $reference, $parts ) ) {
			return null;
		}
		$id = (int) $parts[1];
		if ( (string) $id !== $parts[1] ) {
			return null; // Beyond PHP_INT_MAX.
		}
		return hash_equals( $this->check( $id ), $parts[2] ) ? $id : null;
	}

	/**
	 * The check of an id.
	 *
	 * @param int $license_id Licence id.
	 */
	private function check( int $license_id ): string {
		return substr( hash_hmac( 'sha256', 'svc-renewal-reference:' . $license_id, $this->secret ), 0, 16 );
	}
}
