<?php
/**
 * A release's rollout schedule: percentages that take effect at set times.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Release;

use InvalidArgumentException;

/**
 * Steps such as 5 % now, 25 % tomorrow, 100 % next week. Times strictly ascending, percentages 0–100 and never
 * falling, and the last step is 100 (a schedule that never finishes is a plain rollout percentage). The
 * effective percentage at a time is that of the last step whose time has come (0 before the first); a paused
 * release is frozen at the moment it was paused. A release without a plan keeps its plain `rollout`.
 */
final class RolloutPlan {

	/**
	 * The steps, oldest first.
	 *
	 * @var list<array{percentage: int, at: int}>
	 */
	private $steps;

	/**
	 * Constructor.
	 *
	 * @param list<array{percentage: int, at: int}> $steps Checked steps.
	 */
	private function __construct( array $steps ) {
		$this->steps = $steps;
	}

	/**
	 * A plan from the steps given (REST's JSON list or the stored JSON decoded): each `{percentage, at}` with
	 * `at` an ISO 8601 time (UTC unless it names an offset).
	 *
	 * @param mixed $given The steps.
	 * @throws InvalidArgumentException Naming the first rule broken.
	 */
	public static function from_steps( $given ): self {
		if ( ! is_array( $given ) || array() === $given || array_keys( $given ) !== range( 0, count( $given ) - 1 ) ) {
			throw new InvalidArgumentException( 'The rollout plan must be a non-empty list of steps.' );
		}
		$steps = array();
		foreach ( $given as $index => $step ) {
			if ( ! is_array( $step ) || ! isset( $step['percentage'], $step['at'] ) ) {
				throw new InvalidArgumentException( sprintf( 'Step %d needs a percentage and an at time.', $index + 1 ) );
			}
			$percentage = self::percentage( $step['percentage'], $index );
			$at         = self::time( $step['at'], $index );
			$previous   = end( $steps );
			if ( false !== $previous && $at <= $previous['at'] ) {
				throw new InvalidArgumentException( sprintf( 'Step %d must come after step %d.', $index + 1, $index ) );
			}
			if ( false !== $previous && $percentage < $previous['percentage'] ) {
				throw new InvalidArgumentException( sprintf( 'Step %d must not lower the percentage of step %d.', $index + 1, $index ) );
			}
			$steps[] = array(
				'percentage' => $percentage,
				'at'         => $at,
			);
		}
		if ( 100 !== $steps[ count( $steps ) - 1 ]['percentage'] ) {
			throw new InvalidArgumentException( 'The last step of a rollout plan must reach 100 %.' );
		}
		return new self( $steps );
	}

	/**
	 * The stored plan, or null when the release has none (or the stored text is not a plan, which a writer never
	 * stores: such a release falls back to its plain percentage).
	 *
	 * @param string|null $json Stored column.
	 */
	public static function from_storage( ?string $json ): ?self {
		if ( null === $json || '' === $json ) {
			return null;
		}
		try {
			return self::from_steps( json_decode( $json, true ) );
		} catch ( InvalidArgumentException $e ) {
			return null;
		}
	}

	/**
	 * The effective percentage of a release now: from its plan, frozen at its pause, or its plain percentage.
	 *
	 * @param self|null $plan      Its plan.
	 * @param int       $rollout   Its plain percentage.
	 * @param int|null  $paused_at When it was paused (Unix), or null.
	 * @param int       $now       Unix time.
	 */
	public static function effective( ?self $plan, int $rollout, ?int $paused_at, int $now ): int {
		if ( null === $plan ) {
			return max( 0, min( 100, $rollout ) );
		}
		$index = $plan->step_index( null === $paused_at ? $now : min( $now, $paused_at ) );
		return null === $index ? 0 : $plan->steps[ $index ]['percentage'];
	}

	/**
	 * The index (0-based) of the step in force at a time, or null before the first.
	 *
	 * @param int $time Unix time.
	 */
	public function step_index( int $time ): ?int {
		$found = null;
		foreach ( $this->steps as $index => $step ) {
			if ( $step['at'] <= $time ) {
				$found = $index;
			}
		}
		return $found;
	}

	/**
	 * The steps with ISO times, as the API shows and stores them.
	 *
	 * @return list<array{percentage: int, at: string}>
	 */
	public function steps(): array {
		return array_map(
			static function ( array $step ): array {
				return array(
					'percentage' => $step['percentage'],
					'at'         => gmdate( 'Y-m-d\TH:i:s\Z', $step['at'] ),
				);
			},
			$this->steps
		);
	}

	/**
	 * The stored form.
	 */
	public function to_json(): string {
		// phpcs:ignore WordPress.WP.AlternativeFunctions.json_encode_json_encode -- the Domain is plain PHP; the steps are ints and ASCII.
		return (string) json_encode( $this->steps() );
	}

	/**
	 * A step's percentage: a whole number 0–100 (a digit string is accepted, for WP-CLI).
	 *
	 * @param mixed $value Given.
	 * @param int   $index Step index.
	 * @throws InvalidArgumentException When it is not.
	 */
	private static function percentage( $value, int $index ): int {
		$text = is_int( $value ) ? (string) $value : ( is_string( $value ) ? trim( $value ) : '' );
		if ( ! ctype_digit( $text ) || (int) $text > 100 ) {
			throw new InvalidArgumentException( sprintf( 'Step %d: percentage must be a whole number from 0 to 100.', $index + 1 ) );
		}
		return (int) $text;
	}

	/**
	 * A step's time: ISO 8601 (YYYY-MM-DDTHH:MM[:SS] with Z or an offset; UTC when it names none).
	 *
	 * @param mixed $value Given.
	 * @param int   $index Step index.
	 * @throws InvalidArgumentException When it is not.
	 */
	private static function time( $value, int $index ): int {
		$text = is_string( $value ) ? trim( $value ) : '';
		if ( 1 !== preg_match( '/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?(Z|[+-]\d{2}:?\d{2})?$/', $text ) ) {
			throw new InvalidArgumentException( sprintf( 'Step %d: at must be an ISO 8601 time such as 2026-01-31T12:00:00Z.', $index + 1 ) );
		}
		$unix = strtotime( 1 === preg_match( '/(Z|[+-]\d{2}:?\d{2})$/', $text ) ? $text : $text . 'Z' );
		if ( false === $unix ) {
			throw new InvalidArgumentException( sprintf( 'Step %d: at is not a real time.', $index + 1 ) );
		}
		return $unix;
	}
}
