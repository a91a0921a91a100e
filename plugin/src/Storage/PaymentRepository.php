<?php
/**
 * What payment events write: licences sold under a subscription, and transactions.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage;

/**
 * Prices (read) and transactions (the one writer), statements only: the webhook inbox wraps one event's whole
 * effect in one transaction. A stored payment or refund is idempotent through UNIQUE (kind, reference, licence).
 */
final class PaymentRepository extends TableRepository {

	/**
	 * Transactions table.
	 */
	private function transactions(): string {
		return $this->table_name( Tables::TRANSACTIONS );
	}

	/**
	 * A price by the processor's price id.
	 *
	 * @param string $processor_price_id Processor price id.
	 * @return array<string, mixed>|null
	 */
	public function price( string $processor_price_id ): ?array {
		$prices = $this->table_name( Tables::PRICES );
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
		$row = $this->db->get_row( $this->db->prepare( "SELECT * FROM {$prices} WHERE processor_price_id = %s", $processor_price_id ), ARRAY_A );
		if ( ! is_array( $row ) ) {
			return null;
		}
		foreach ( array( 'id', 'product_id', 'activation_limit' ) as $column ) {
			$row[ $column ] = (int) $row[ $column ];
		}
		$row['tier_id'] = null === $row['tier_id'] ? null : (int) $row['tier_id'];
		return $row;
	}

	/**
	 * Stores a payment or refund unless this one is stored already.
	 *
	 * @param array<string, mixed> $fields Columns: kind, reference, license_id, product_id, amount, currency, ….
	 * @return bool Whether it was new.
	 */
	public function record( array $fields ): bool {
		$fields['created_at']  = gmdate( 'Y-m-d H:i:s' );
		$fields['occurred_at'] = $fields['occurred_at'] ?? $fields['created_at'];
		return null !== $this->insert_ignore( Tables::TRANSACTIONS, $fields );
	}

	/**
	 * Payments a refunded charge belongs to, found by invoice, charge or payment intent.
	 *
	 * @param string|null $invoice        Invoice id.
	 * @param string|null $charge         Charge id.
	 * @param string|null $payment_intent Payment intent id.
	 * @return array<int, array<string, mixed>>
	 */
	public function payments_of_charge( ?string $invoice, ?string $charge, ?string $payment_intent ): array {
		$rows = $this->db->get_results(
			$this->db->prepare(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
				"SELECT * FROM {$this->transactions()} WHERE kind = 'payment' AND (reference = %s OR processor_charge_id = %s OR processor_payment_intent = %s)",
				(string) $invoice,
				(string) $charge,
				(string) $payment_intent
			),
			ARRAY_A
		);
		return array_map(
			static function ( array $row ): array {
				foreach ( array( 'id', 'license_id', 'product_id', 'amount' ) as $column ) {
					$row[ $column ] = (int) $row[ $column ];
				}
				return $row;
			},
			(array) $rows
		);
	}

	/**
	 * Payments minus refunds in a currency since a time, in minor units; optionally for one product.
	 *
	 * @param string   $currency   ISO 4217 code.
	 * @param int      $since      Unix time.
	 * @param int|null $product_id Product, or null for all.
	 */
	public function revenue( string $currency, int $since, ?int $product_id ): int {
		$product = null === $product_id ? '' : $this->db->prepare( ' AND product_id = %d', $product_id );
		return (int) $this->db->get_var(
			$this->db->prepare(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant, product condition prepared above.
				"SELECT COALESCE(SUM(amount), 0) FROM {$this->transactions()} WHERE currency = %s AND occurred_at >= %s{$product}",
				strtoupper( $currency ),
				gmdate( 'Y-m-d H:i:s', $since )
			)
		);
	}

	/**
	 * Payments minus refunds per UTC day in a currency since a time, in minor units.
	 *
	 * @param string   $currency   ISO 4217 code.
	 * @param int      $since      Unix time.
	 * @param int|null $product_id Product, or null for all.
	 * @return array<string, int> Day (Y-m-d) => amount.
	 */
	public function daily_revenue( string $currency, int $since, ?int $product_id ): array {
		$product = null === $product_id ? '' : $this->db->prepare( ' AND product_id = %d', $product_id );
		$rows    = $this->db->get_results(
			$this->db->prepare(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant, product condition prepared above.
				"SELECT SUBSTR(occurred_at, 1, 10) AS day, SUM(amount) AS total FROM {$this->transactions()} WHERE currency = %s AND occurred_at >= %s{$product} GROUP BY SUBSTR(occurred_at, 1, 10)",
				strtoupper( $currency ),
				gmdate( 'Y-m-d H:i:s', $since )
			),
			ARRAY_A
		);
		$days = array();
		foreach ( (array) $rows as $row ) {
			$days[ (string) $row['day'] ] = (int) $row['total'];
		}
		return $days;
	}

	/**
	 * A customer's transactions (privacy export).
	 *
	 * @param string $email Lower-case email.
	 * @return array<int, array<string, mixed>>
	 */
	public function of_customer( string $email ): array {
		return (array) $this->db->get_results(
			$this->db->prepare(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
				"SELECT id, kind, reference, license_id, amount, currency, occurred_at FROM {$this->transactions()} WHERE customer_email = %s ORDER BY id",
				$email
			),
			ARRAY_A
		);
	}

	/**
	 * Clears a customer's email from transactions (privacy erase); the amounts stay for the books.
	 *
	 * @param string $email Lower-case email.
	 * @return int Rows changed.
	 */
	public function erase_customer( string $email ): int {
		return (int) $this->db->update( $this->transactions(), array( 'customer_email' => '' ), array( 'customer_email' => $email ) );
	}
}
