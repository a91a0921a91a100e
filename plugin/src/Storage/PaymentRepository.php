<?php
/**
 * What payment events write: licences sold under a subscription, and transactions.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage;

/**
 * Statements only, no transactions of their own: the webhook inbox wraps one event's whole effect in one
 * transaction. Idempotency comes from UNIQUE indexes (subscription + price, kind + reference + licence) and
 * from renewals that only ever move expiry forward.
 */
final class PaymentRepository extends TableRepository {

	/**
	 * Licences table.
	 */
	private function licenses(): string {
		return $this->table_name( Tables::LICENSES );
	}

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
	 * The licence sold under a subscription for a price.
	 *
	 * @param string $subscription Subscription reference.
	 * @param int    $price_id     Price row.
	 * @return array{id: int, status: string}|null
	 */
	public function subscription_license( string $subscription, int $price_id ): ?array {
		$row = $this->db->get_row(
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
			$this->db->prepare( "SELECT id, status FROM {$this->licenses()} WHERE processor_subscription_id = %s AND price_id = %d", $subscription, $price_id ),
			ARRAY_A
		);
		return is_array( $row ) ? array(
			'id'     => (int) $row['id'],
			'status' => (string) $row['status'],
		) : null;
	}

	/**
	 * Every licence sold under a subscription.
	 *
	 * @param string $subscription Subscription reference.
	 * @return int[]
	 */
	public function licenses_of_subscription( string $subscription ): array {
		return array_map(
			'intval',
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
			(array) $this->db->get_col( $this->db->prepare( "SELECT id FROM {$this->licenses()} WHERE processor_subscription_id = %s", $subscription ) )
		);
	}

	/**
	 * Creates the licence of a subscription and price unless it exists (the UNIQUE index decides).
	 *
	 * @param array<string, mixed> $fields Columns, processor_subscription_id and price_id included.
	 * @return int|null New id, or null when it exists.
	 */
	public function create_license( array $fields ): ?int {
		return $this->insert_ignore_timestamped( Tables::LICENSES, $fields );
	}

	/**
	 * Renews a licence: expiry only moves forward (null, lifetime, stays null), status back to active unless
	 * the licence was revoked or cancelled on purpose.
	 *
	 * @param int         $license_id Licence.
	 * @param string|null $expires    New expiry (storage format), or null for lifetime.
	 */
	public function renew( int $license_id, ?string $expires ): void {
		$now = gmdate( 'Y-m-d H:i:s' );
		if ( null === $expires ) {
			$this->db->query(
				$this->db->prepare(
					// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
					"UPDATE {$this->licenses()} SET expires = NULL, status = CASE WHEN status IN ('revoked', 'cancelled') THEN status ELSE 'active' END, updated_at = %s WHERE id = %d",
					$now,
					$license_id
				)
			);
			return;
		}
		$this->db->query(
			$this->db->prepare(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
				"UPDATE {$this->licenses()} SET expires = CASE WHEN expires IS NULL OR expires >= %s THEN expires ELSE %s END, status = CASE WHEN status IN ('revoked', 'cancelled') THEN status ELSE 'active' END, updated_at = %s WHERE id = %d",
				$expires,
				$expires,
				$now,
				$license_id
			)
		);
	}

	/**
	 * Sets a licence's status and removes its activations (cancel, revoke).
	 *
	 * @param int    $license_id Licence.
	 * @param string $status     cancelled or revoked.
	 * @param bool   $keep_revoked Leave a revoked licence revoked.
	 */
	public function end_license( int $license_id, string $status, bool $keep_revoked ): void {
		$this->db->delete( $this->table_name( Tables::ACTIVATIONS ), array( 'license_id' => $license_id ) );
		$this->db->query(
			$this->db->prepare(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
				"UPDATE {$this->licenses()} SET status = CASE WHEN %d = 1 AND status = 'revoked' THEN status ELSE %s END, activation_count = 0, updated_at = %s WHERE id = %d",
				$keep_revoked ? 1 : 0,
				$status,
				gmdate( 'Y-m-d H:i:s' ),
				$license_id
			)
		);
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
