<?php
/**
 * The update check's decisions, recorded after each answer.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Core;

use Svc\Licensing\Domain\Release\UpdateDecision;
use Svc\Licensing\Storage\UpdateDecisionRepository;

/**
 * The update check (REST, the fast lane, the batch form, refusals included) hands its decision here; it is
 * written after the answer has left (AfterResponse), one upsert per product and site. `Explain` reads it back.
 */
final class UpdateDecisions {

	/**
	 * The decisions' table.
	 *
	 * @var UpdateDecisionRepository
	 */
	private $decisions;

	/**
	 * Work after the response.
	 *
	 * @var AfterResponse
	 */
	private $after;

	/**
	 * Constructor.
	 *
	 * @param UpdateDecisionRepository $decisions The decisions' table.
	 * @param AfterResponse            $after     Work after the response.
	 */
	public function __construct( UpdateDecisionRepository $decisions, AfterResponse $after ) {
		$this->decisions = $decisions;
		$this->after     = $after;
	}

	/**
	 * Records a check's decision once the answer has left.
	 *
	 * @param array<string, mixed> $product  Product.
	 * @param array<string, mixed> $license  Licence, with this site's `activation` or null.
	 * @param string               $site     The normalised site the check is counted by.
	 * @param UpdateDecision       $decision The decision, ended.
	 * @param int                  $now      Unix time of the check.
	 */
	public function record( array $product, array $license, string $site, UpdateDecision $decision, int $now ): void {
		$product_id    = (int) $product['id'];
		$license_id    = (int) $license['id'];
		$activation_id = isset( $license['activation']['id'] ) ? (int) $license['activation']['id'] : null;
		$this->after->queue(
			'update_decision',
			function () use ( $product_id, $site, $license_id, $activation_id, $decision, $now ): void {
				$this->decisions->save( $product_id, $site, $license_id, $activation_id, $decision, $now );
			}
		);
	}
}
