<?php
/**
 * What one move-in run has seen so far.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Core;

use Svc\Licensing\Domain\Event\Actor;
use Svc\Licensing\Domain\MoveIn\Refused;

/**
 * The run's counts, its refused rows, the products and prices it mapped (bounded by the catalogue's size, not the
 * licences'), and the package files it copied (removed again when the transaction that copied them rolls back).
 */
final class MoveInRun {

	/**
	 * Source.
	 *
	 * @var string
	 */
	public $source;

	/**
	 * Who moves in.
	 *
	 * @var Actor
	 */
	public $actor;

	/**
	 * The product here for licences that name none.
	 *
	 * @var int|null
	 */
	public $product;

	/**
	 * Products here by old id, with the download's own limit.
	 *
	 * @var array<string, array{id: int, limit: int|null}>
	 */
	public $products = array();

	/**
	 * Prices here by old reference, with their tier and limit.
	 *
	 * @var array<string, array{id: int, tier: int, limit: int|null}>
	 */
	public $prices = array();

	/**
	 * Products here by an SLM product_ref (null: none).
	 *
	 * @var array<string, int|null>
	 */
	public $named = array();

	/**
	 * Licences written (new or changed) so far.
	 *
	 * @var int
	 */
	public $written = 0;

	/**
	 * Package files copied into storage.
	 *
	 * @var string[]
	 */
	public $copied = array();

	/**
	 * How many of the copied files a committed transaction keeps: a fault removes only the ones after them.
	 *
	 * @var int
	 */
	public $kept = 0;

	/**
	 * Counts by kind: new, changed, unchanged; activations also released (sites the old system released since they
	 * moved in, released here by a re-import). Keys: a new licence's key is new, a mapped licence's key changed when
	 * the old system gave it another since, else unchanged.
	 *
	 * @var array<string, array{new: int, changed: int, unchanged: int, released?: int}>
	 */
	public $arrived = array();

	/**
	 * Refused rows.
	 *
	 * @var list<array{kind: string, old_id: string, reason: string, message: string}>
	 */
	public $refused = array();

	/**
	 * Progress listener.
	 *
	 * @var callable(string, int, int): void
	 */
	private $listener;

	/**
	 * Constructor.
	 *
	 * @param string                           $source   Source.
	 * @param Actor                            $actor    Who moves in.
	 * @param int|null                         $product  Product for licences that name none.
	 * @param callable(string, int, int): void $listener Progress listener.
	 */
	public function __construct( string $source, Actor $actor, ?int $product, callable $listener ) {
		$this->source   = $source;
		$this->actor    = $actor;
		$this->product  = $product;
		$this->listener = $listener;
		foreach ( array( 'products', 'releases', 'prices', 'licences', 'keys', 'bundle links', 'activations' ) as $kind ) {
			$this->arrived[ $kind ] = array(
				'new'       => 0,
				'changed'   => 0,
				'unchanged' => 0,
			);
		}
		$this->arrived['activations']['released'] = 0;
	}

	/**
	 * Counts a row.
	 *
	 * @param string $kind  Kind.
	 * @param string $state new, changed, unchanged or released.
	 */
	public function count( string $kind, string $state ): void {
		if ( 'released' === $state ) {
			$this->arrived[ $kind ]['released'] = ( $this->arrived[ $kind ]['released'] ?? 0 ) + 1;
		} elseif ( 'new' === $state ) {
			++$this->arrived[ $kind ]['new'];
		} elseif ( 'changed' === $state ) {
			++$this->arrived[ $kind ]['changed'];
		} else {
			++$this->arrived[ $kind ]['unchanged'];
		}
	}

	/**
	 * Lists a refused row.
	 *
	 * @param string  $kind    Kind.
	 * @param string  $old_id  Old id.
	 * @param Refused $refused Why.
	 * @param string  $message The seller's words.
	 */
	public function refuse( string $kind, string $old_id, Refused $refused, string $message ): void {
		$this->refused[] = array(
			'kind'    => $kind,
			'old_id'  => $old_id,
			'reason'  => $refused->reason,
			'message' => $message,
		);
	}

	/**
	 * Tells the listener.
	 *
	 * @param string $phase Phase.
	 * @param int    $done  Rows done.
	 * @param int    $total Rows in all.
	 */
	public function progress( string $phase, int $done, int $total ): void {
		( $this->listener )( $phase, $done, $total );
	}
}
