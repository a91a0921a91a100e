<?php
/**
 * One database transaction around a unit of work, nestable.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage;

use Throwable;
use wpdb;

/**
 * MySQL and MariaDB commit an open transaction when another START TRANSACTION arrives, so a use case called
 * from inside another (a payment event ending a licence) must join the outer transaction instead of opening
 * its own. Only the outermost call starts and commits; a throw anywhere rolls the whole unit back.
 */
final class Transaction {

	/**
	 * Database.
	 *
	 * @var wpdb
	 */
	private $db;

	/**
	 * Open levels.
	 *
	 * @var int
	 */
	private $depth = 0;

	/**
	 * Constructor.
	 *
	 * @param wpdb $db Database.
	 */
	public function __construct( wpdb $db ) {
		$this->db = $db;
	}

	/**
	 * Runs the work in a transaction and returns its result. The work commits by returning and rolls back by
	 * throwing, or by returning a value for which $keep answers false.
	 *
	 * @template T
	 * @param callable(): T            $work Work.
	 * @param (callable(T): bool)|null $keep Whether to commit this result; null commits every result.
	 * @return T
	 * @throws Throwable Whatever the work throws, after the rollback.
	 */
	public function run( callable $work, ?callable $keep = null ) {
		if ( $this->depth > 0 ) {
			return $work();
		}
		$this->db->query( 'START TRANSACTION' );
		$this->depth = 1;
		try {
			$result = $work();
		} catch ( Throwable $error ) {
			$this->depth = 0;
			$this->db->query( 'ROLLBACK' );
			throw $error;
		}
		$this->depth = 0;
		$this->db->query( null === $keep || $keep( $result ) ? 'COMMIT' : 'ROLLBACK' );
		return $result;
	}
}
