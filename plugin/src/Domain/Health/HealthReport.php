<?php
/**
 * Aggregates health checks into the response of GET /health.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Health;

use Svc\Licensing\Domain\IsoTime;

/**
 * The overall status is the worst of the checks (pass < warn < fail); only a fail makes the service unhealthy.
 */
final class HealthReport {

	private const RANK = array(
		CheckResult::PASS => 0,
		CheckResult::WARN => 1,
		CheckResult::FAIL => 2,
	);

	/**
	 * Checks in the order they ran.
	 *
	 * @var CheckResult[]
	 */
	private $checks;

	/**
	 * Constructor.
	 *
	 * @param CheckResult[] $checks Results.
	 */
	public function __construct( array $checks ) {
		$this->checks = array_values( $checks );
	}

	/**
	 * Worst status among the checks; pass when there are none.
	 */
	public function status(): string {
		$worst = CheckResult::PASS;
		foreach ( $this->checks as $check ) {
			if ( self::RANK[ $check->status() ] > self::RANK[ $worst ] ) {
				$worst = $check->status();
			}
		}
		return $worst;
	}

	/**
	 * Whether the service is healthy: no check failed (a warning is still healthy).
	 */
	public function is_healthy(): bool {
		return CheckResult::FAIL !== $this->status();
	}

	/**
	 * The report as data: overall status, version, time and each check.
	 *
	 * @param string $version   Service version.
	 * @param int    $timestamp Unix time of the report.
	 * @return array<string, mixed>
	 */
	public function to_array( string $version, int $timestamp ): array {
		return array(
			'status'    => $this->status(),
			'version'   => $version,
			'timestamp' => IsoTime::format( $timestamp ),
			'checks'    => array_map(
				static function ( CheckResult $check ): array {
					return $check->to_array();
				},
				$this->checks
			),
		);
	}
}
