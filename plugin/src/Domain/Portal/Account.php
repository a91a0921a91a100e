<?php
/**
 * Who is signed in to WordPress, as the portal sees them.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Portal;

/**
 * A WordPress account at the time of a request: its id and email as stored (unproven), whether it is a member of
 * this site (on multisite, a user of another subsite is not), and its login session. User id 0 is a visitor.
 */
final class Account {

	/**
	 * User id; 0 for a visitor.
	 *
	 * @var int
	 */
	public $user_id;

	/**
	 * The account's email as stored; WordPress never proved it.
	 *
	 * @var string
	 */
	public $email;

	/**
	 * Whether the user is a member of this site.
	 *
	 * @var bool
	 */
	public $member;

	/**
	 * The login session's token.
	 *
	 * @var string
	 */
	public $session_token;

	/**
	 * When the login session ends (unix time).
	 *
	 * @var int
	 */
	public $session_expires;

	/**
	 * Constructor.
	 *
	 * @param int    $user_id         User id; 0 for a visitor.
	 * @param string $email           Account email as stored.
	 * @param bool   $member          Whether the user is a member of this site.
	 * @param string $session_token   Login session token.
	 * @param int    $session_expires When the login session ends.
	 */
	public function __construct( int $user_id, string $email, bool $member, string $session_token, int $session_expires ) {
		$this->user_id         = $user_id;
		$this->email           = $email;
		$this->member          = $member;
		$this->session_token   = $session_token;
		$this->session_expires = $session_expires;
	}

	/**
	 * A visitor: no account.
	 */
	public static function nobody(): self {
		return new self( 0, '', false, '', 0 );
	}
}
