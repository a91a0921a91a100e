<?php
/**
 * What a verified portal session says.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Portal;

/**
 * The customer's email (every portal route is scoped to it), when the session ends, and its id (the CSRF token's
 * seed).
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
	 * Constructor.
	 *
	 * @param string $email      Normalised email.
	 * @param int    $expires    Unix time the session ends.
	 * @param string $session_id Random session id.
	 */
	public function __construct( string $email, int $expires, string $session_id ) {
		$this->email      = $email;
		$this->expires    = $expires;
		$this->session_id = $session_id;
	}
}
