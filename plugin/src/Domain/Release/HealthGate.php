<?php
/**
 * The failure-rate gate of a release: whether the client sites' reports say it must pause.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Release;

use InvalidArgumentException;

/**
 * A release pauses when at least `min_reports` sites have reported on it and the failed share of those reports is
 * over `threshold` percent (strictly: 10 % with 1 failure in 10 reports does not pause, 1 in 9 does). Threshold 100
 * never pauses (a share cannot be over 100 %); threshold 0 pauses on the first failure once enough reports are in.
 * Compared in integers (failed × 100 > threshold × reports), so no float decides at the edge.
 */
final class HealthGate {

	/**
	 * Sites whose update core installed.
	 *
	 * @var int
	 */
	public $installed;

	/**
	 * Sites whose update failed (an install error or a fatal on the first request).
	 *
	 * @var int
	 */
	public $failed;

	/**
	 * The failure rate, in whole percent, above which the release pauses (0–100).
	 *
	 * @var int
	 */
	public $threshold;

	/**
	 * Reports needed before the gate judges (at least 1).
	 *
	 * @var int
	 */
	public $min_reports;

	/**
	 * Constructor.
	 *
	 * @param int $installed   Installed reports.
	 * @param int $failed      Failed reports.
	 * @param int $threshold   Failure rate threshold, whole percent 0–100.
	 * @param int $min_reports Reports before the gate judges, at least 1.
	 * @throws InvalidArgumentException On negative counts or settings out of range.
	 */
	public function __construct( int $installed, int $failed, int $threshold, int $min_reports ) {
		if ( $installed < 0 || $failed < 0 ) {
			throw new InvalidArgumentException( 'Report counts cannot be negative.' );
		}
		if ( $threshold < 0 || $threshold > 100 ) {
			throw new InvalidArgumentException( 'The threshold is a percentage from 0 to 100.' );
		}
		if ( $min_reports < 1 ) {
			throw new InvalidArgumentException( 'The gate needs at least one report.' );
		}
		$this->installed   = $installed;
		$this->failed      = $failed;
		$this->threshold   = $threshold;
		$this->min_reports = $min_reports;
	}

	/**
	 * Reports counted.
	 */
	public function reports(): int {
		return $this->installed + $this->failed;
	}

	/**
	 * Whether the release must pause.
	 */
	public function trips(): bool {
		return $this->reports() >= $this->min_reports && $this->failed * 100 > $this->threshold * $this->reports();
	}

	/**
	 * The failed share in whole percent, rounded down (0 without reports).
	 */
	public function failure_rate(): int {
		return 0 === $this->reports() ? 0 : intdiv( $this->failed * 100, $this->reports() );
	}

	/**
	 * The pause reason with its figures, as stored in pause_reason and the event (at most 255 characters), e.g.
	 * "Failure rate 40 % (2 of 5 licences reported a failure) is over the 10 % threshold."
	 */
	public function reason(): string {
		return sprintf(
			'Failure rate %d %% (%d of %d licences reported a failure) is over the %d %% threshold.',
			$this->failure_rate(),
			$this->failed,
			$this->reports(),
			$this->threshold
		);
	}
}
