<?php
/**
 * The figures of the admin dashboard: counts and the 30-day revenue.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Core;

use Svc\Licensing\Domain\Money;
use Svc\Licensing\Storage\PaymentRepository;
use Svc\Licensing\Storage\Settings;
use Svc\Licensing\Storage\StatsRepository;

/**
 * One summary for `GET /admin/stats` and `wp svc stats`: products, licences by status, activations, and the
 * revenue of the last 30 days in the site's currency; and the daily series of `GET /admin/stats/daily` (the
 * panel's charts). Read only.
 */
final class Stats {

	/**
	 * Counts.
	 *
	 * @var StatsRepository
	 */
	private $stats;

	/**
	 * Payments, for the revenue.
	 *
	 * @var PaymentRepository
	 */
	private $payments;

	/**
	 * Settings, for the currency.
	 *
	 * @var Settings
	 */
	private $settings;

	/**
	 * Constructor.
	 *
	 * @param StatsRepository   $stats    Counts.
	 * @param PaymentRepository $payments Payments.
	 * @param Settings          $settings Settings.
	 */
	public function __construct( StatsRepository $stats, PaymentRepository $payments, Settings $settings ) {
		$this->stats    = $stats;
		$this->payments = $payments;
		$this->settings = $settings;
	}

	/**
	 * The figures, for every product or one.
	 *
	 * @param int|null $product_id Only this product.
	 * @param int      $now        Unix time.
	 * @return array<string, array<string, mixed>> Group => name => figure.
	 */
	public function summary( ?int $product_id, int $now ): array {
		$currency = strtoupper( (string) $this->settings->get( 'currency' ) );
		return array_merge(
			$this->stats->counts( $product_id, gmdate( 'Y-m-d H:i:s', $now ) ),
			array(
				'revenue' => array(
					'period'   => '30d',
					'total'    => Money::to_major( $this->payments->revenue( $currency, $now - 30 * DAY_IN_SECONDS, $product_id ), $currency ),
					'currency' => $currency,
				),
			)
		);
	}

	/**
	 * Revenue, new licences and new activations per UTC day, oldest first, every day present (zero when nothing
	 * happened), for every product or one.
	 *
	 * @param int|null $product_id Only this product.
	 * @param int      $days       How many days back, today included (1 or more).
	 * @param int      $now        Unix time.
	 * @return array{currency: string, days: list<array{date: string, revenue: float|int, licenses: int, activations: int}>}
	 */
	public function daily( ?int $product_id, int $days, int $now ): array {
		$first    = (int) strtotime( gmdate( 'Y-m-d', $now ) . ' 00:00:00 UTC' ) - ( $days - 1 ) * DAY_IN_SECONDS;
		$currency = strtoupper( (string) $this->settings->get( 'currency' ) );
		$counts   = $this->stats->daily( $product_id, gmdate( 'Y-m-d H:i:s', $first ) );
		$revenue  = $this->payments->daily_revenue( $currency, $first, $product_id );
		$series   = array();
		for ( $i = 0; $i < $days; $i++ ) {
			$day      = gmdate( 'Y-m-d', $first + $i * DAY_IN_SECONDS );
			$series[] = array(
				'date'        => $day,
				'revenue'     => Money::to_major( $revenue[ $day ] ?? 0, $currency ),
				'licenses'    => $counts['licenses'][ $day ] ?? 0,
				'activations' => $counts['activations'][ $day ] ?? 0,
			);
		}
		return array(
			'currency' => $currency,
			'days'     => $series,
		);
	}
}
