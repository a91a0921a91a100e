<?php
/**
 * A portal session cookie that cannot be trusted.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Portal;

use RuntimeException;

/**
 * Why it was refused, for logs and tests; the customer only learns that they must sign in again.
 */
final class InvalidPortalSession extends RuntimeException {
	public const MALFORMED = 'malformed';
	public const SIGNATURE = 'signature';
	public const EXPIRED   = 'expired';

	/**
	 * One of the constants.
	 *
	 * @var string
	 */
	private $reason;

	/**
	 * Constructor.
	 *
	 * @param string $reason One of the constants.
	 */
	public function __construct( string $reason ) {
		parent::__construct( $reason );
		$this->reason = $reason;
	}

	/**
	 * Why: one of the constants.
	 */
	public function reason(): string {
		return $this->reason;
	}
}
