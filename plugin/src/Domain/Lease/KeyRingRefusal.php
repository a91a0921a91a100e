<?php
/**
 * A rotation step that cannot be taken.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Lease;

use RuntimeException;

/**
 * Why: next_exists (detail: its kid), no_next, unknown_key, active_key, leases_outstanding (detail: when the last
 * lease of the key runs out, ISO UTC).
 */
final class KeyRingRefusal extends RuntimeException {

	/**
	 * The reason.
	 *
	 * @var string
	 */
	private $reason;

	/**
	 * The detail.
	 *
	 * @var string
	 */
	private $detail;

	/**
	 * Constructor.
	 *
	 * @param string $reason Reason.
	 * @param string $detail Detail.
	 */
	public function __construct( string $reason, string $detail ) {
		parent::__construct( $reason . ( '' === $detail ? '' : ': ' . $detail ) );
		$this->reason = $reason;
		$this->detail = $detail;
	}

	/**
	 * The reason.
	 */
	public function reason(): string {
		return $this->reason;
	}

	/**
	 * The detail.
	 */
	public function detail(): string {
		return $this->detail;
	}
}
