<?php
/**
 * Decides which schema steps still have to run. Pure.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage;

use LogicException;

/**
 * Holds the ordered list of steps and answers "what is pending after version N".
 */
final class MigrationPlan {

	/**
	 * Steps in ascending version order.
	 *
	 * @var Migration[]
	 */
	private $steps;

	/**
	 * Constructor.
	 *
	 * @param Migration[] $steps Steps, which must already be in strictly ascending version order.
	 * @throws LogicException When the order is broken: a schema must never depend on array order by accident.
	 */
	public function __construct( array $steps ) {
		$previous = 0;
		foreach ( $steps as $step ) {
			if ( $step->version() <= $previous ) {
				throw new LogicException( sprintf( 'Schema step %d must come after %d.', $step->version(), $previous ) );
			}
			$previous = $step->version();
		}
		$this->steps = array_values( $steps );
	}

	/**
	 * The newest version the code knows.
	 */
	public function latest(): int {
		return empty( $this->steps ) ? 0 : end( $this->steps )->version();
	}

	/**
	 * Steps newer than the stored version, oldest first.
	 *
	 * @param int $stored_version Version recorded in the database.
	 * @return Migration[]
	 */
	public function pending( int $stored_version ): array {
		return array_values(
			array_filter(
				$this->steps,
				static function ( Migration $step ) use ( $stored_version ): bool {
					return $step->version() > $stored_version;
				}
			)
		);
	}
}
