<?php
/**
 * A lease that does not verify.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Lease;

use RuntimeException;

/**
 * Why a lease string was refused: malformed, unknown_kid, bad_signature or expired (the reason, for tests and
 * diagnostics; a client treats every one the same: not valid).
 */
final class InvalidLease extends RuntimeException {

	/**
	 * The reason.
	 *
	 * @var string
	 */
	private $reason;

	/**
	 * Constructor.
	 *
	 * @param string $reason malformed, unknown_kid, bad_signature or expired.
	 */
	public function __construct( string $reason ) {
		parent::__construct( 'Invalid lease: ' . $reason );
		$this->reason = $reason;
	}

	/**
	 * The reason.
	 */
	public function reason(): string {
		return $this->reason;
	}
}
