<?php
/**
 * The rows a restore writes in one statement.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Backup;

/**
 * Rows of one table with the same columns, gathered until the batch holds its most rows or bytes: an export lists
 * a table's rows one after another, so a restore writes them a batch at a time, and memory holds one batch.
 */
final class RestoreBatch {

	/**
	 * Most rows in a batch.
	 *
	 * @var int
	 */
	private $max_rows;

	/**
	 * Bytes of values after which a batch is full.
	 *
	 * @var int
	 */
	private $max_bytes;

	/**
	 * The batch's table, or null while it is empty.
	 *
	 * @var string|null
	 */
	private $table = null;

	/**
	 * The batch's columns, in the first row's order.
	 *
	 * @var list<string>
	 */
	private $columns = array();

	/**
	 * The rows.
	 *
	 * @var list<array<string, mixed>>
	 */
	private $rows = array();

	/**
	 * Bytes of the rows' values.
	 *
	 * @var int
	 */
	private $bytes = 0;

	/**
	 * Constructor.
	 *
	 * @param int $max_rows  Most rows in a batch (at least 1).
	 * @param int $max_bytes Bytes of values after which a batch is full.
	 */
	public function __construct( int $max_rows, int $max_bytes ) {
		$this->max_rows  = max( 1, $max_rows );
		$this->max_bytes = max( 1, $max_bytes );
	}

	/**
	 * Whether a row can join this batch: it is empty, or the row is of its table with the same columns.
	 *
	 * @param string               $table Table.
	 * @param array<string, mixed> $row   Row.
	 */
	public function fits( string $table, array $row ): bool {
		if ( null === $this->table ) {
			return true;
		}
		$columns = array_keys( $row );
		sort( $columns );
		$mine = $this->columns;
		sort( $mine );
		return $table === $this->table && $columns === $mine;
	}

	/**
	 * Adds a row; call fits() first.
	 *
	 * @param string               $table Table.
	 * @param array<string, mixed> $row   Row.
	 * @throws \LogicException When the row does not fit.
	 */
	public function add( string $table, array $row ): void {
		if ( ! $this->fits( $table, $row ) ) {
			throw new \LogicException( 'A row of another table or other columns joins a batch.' );
		}
		if ( null === $this->table ) {
			$this->table   = $table;
			$this->columns = array_map( 'strval', array_keys( $row ) );
		}
		$this->rows[] = $row;
		foreach ( $row as $value ) {
			$this->bytes += is_scalar( $value ) ? strlen( (string) $value ) + 4 : 8;
		}
	}

	/**
	 * Whether the batch holds its most rows or bytes.
	 */
	public function full(): bool {
		return count( $this->rows ) >= $this->max_rows || $this->bytes >= $this->max_bytes;
	}

	/**
	 * The batch's table, columns and rows, and the batch emptied; null when it holds none.
	 *
	 * @return array{0: string, 1: list<string>, 2: list<array<string, mixed>>}|null
	 */
	public function take(): ?array {
		if ( null === $this->table ) {
			return null;
		}
		$taken         = array( $this->table, $this->columns, $this->rows );
		$this->table   = null;
		$this->columns = array();
		$this->rows    = array();
		$this->bytes   = 0;
		return $taken;
	}
}
