<?php
/**
 * What a verified portal session says.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Portal;

/**
 * The customer's email (every portal route is scoped to it), when the session ends, its id (the CSRF token's
 * seed), and whether a mailed link opened it (else a WordPress account whose email was proven before).
 */
final class PortalClaims {

	/**
	 * Normalised email.
	 *
	 * @var string
	 */
	public $email;

	/**
	 * Unix time the session ends.
	 *
	 * @var int
	 */
	public $expires;

	/**
	 * Random session id.
	 *
	 * @var string
	 */
	public $session_id;

	/**
	 * Whether a mailed sign-in link opened the session (a session cookie); false for a WordPress account.
	 *
	 * @var bool
	 */
	public $by_link;

	/**
	 * Constructor.
	 *
	 * @param string $email      Normalised email.
	 * @param int    $expires    Unix time the session ends.
	 * @param string $session_id Random session id.
	 * @param bool   $by_link    Whether a mailed link opened it.
	 */
	public function __construct( string $email, int $expires, string $session_id, bool $by_link = true ) {
		$this->email      = $email;
		$this->expires    = $expires;
		$this->session_id = $session_id;
		$this->by_link    = $by_link;
	}

	/**
	 * Whether a mailed link opened the session within the last PortalSession::FRESH seconds: what a change that
	 * cannot be undone on the customer's sites (a new key) asks for.
	 *
	 * @param int $now Unix time.
	 */
	public function fresh( int $now ): bool {
		return $this->by_link && $this->expires - PortalSession::LIFETIME >= $now - PortalSession::FRESH;
	}
}
