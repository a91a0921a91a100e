<?php
/**
 * A price as the admin API shows it.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\View;

use Svc\Licensing\Domain\IsoTime;
use Svc\Licensing\Domain\Money;

/**
 * The admin API's price object, which `GET|POST|PUT|DELETE /admin/prices` show: the amount in minor units
 * (`unit_amount`) and in major ones (`amount`) when both it and the currency are known.
 */
final class PriceView {

	/**
	 * A price row as the admin API shows it.
	 *
	 * @param array<string, mixed> $row Row of svc_prices.
	 * @return array<string, mixed>
	 */
	public static function present( array $row ): array {
		$amount   = isset( $row['unit_amount'] ) ? (int) $row['unit_amount'] : null;
		$currency = isset( $row['currency'] ) && '' !== $row['currency'] ? (string) $row['currency'] : null;
		return array(
			'id'                 => (int) $row['id'],
			'processor_price_id' => (string) $row['processor_price_id'],
			'product_id'         => (int) $row['product_id'],
			'tier_id'            => null === $row['tier_id'] ? null : (int) $row['tier_id'],
			'activation_limit'   => (int) $row['activation_limit'],
			'period'             => (string) $row['period'],
			'unit_amount'        => $amount,
			'amount'             => null === $amount || null === $currency ? null : Money::to_major( $amount, $currency ),
			'currency'           => $currency,
			'created_at'         => IsoTime::from_storage( $row['created_at'] ),
		);
	}
}
