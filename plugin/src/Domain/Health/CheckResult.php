<?php
/**
 * One health check's outcome.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Health;

use InvalidArgumentException;

/**
 * Immutable value: name, pass|warn|fail, and a short message that reveals no internals.
 */
final class CheckResult {
	public const PASS = 'pass';
	public const WARN = 'warn';
	public const FAIL = 'fail';

	/**
	 * Check name, e.g. database.
	 *
	 * @var string
	 */
	private $name;

	/**
	 * One of the three statuses.
	 *
	 * @var string
	 */
	private $status;

	/**
	 * Human-readable reason, empty when passing.
	 *
	 * @var string
	 */
	private $message;

	/**
	 * Constructor.
	 *
	 * @param string $name    Check name.
	 * @param string $status  pass, warn or fail.
	 * @param string $message Reason.
	 * @throws InvalidArgumentException On an unknown status.
	 */
	public function __construct( string $name, string $status, string $message = '' ) {
		if ( ! in_array( $status, array( self::PASS, self::WARN, self::FAIL ), true ) ) {
			throw new InvalidArgumentException( 'Unknown health status: ' . $status );
		}
		$this->name    = $name;
		$this->status  = $status;
		$this->message = $message;
	}

	/**
	 * Check name.
	 */
	public function name(): string {
		return $this->name;
	}

	/**
	 * The status: pass, warn or fail.
	 */
	public function status(): string {
		return $this->status;
	}

	/**
	 * Human-readable reason, empty when passing.
	 */
	public function message(): string {
		return $this->message;
	}

	/**
	 * As it appears in checks[].
	 *
	 * @return array{name: string, status: string, message?: string}
	 */
	public function to_array(): array {
		$out = array(
			'name'   => $this->name,
			'status' => $this->status,
		);
		if ( '' !== $this->message ) {
			$out['message'] = $this->message;
		}
		return $out;
	}
}
