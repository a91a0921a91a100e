<?php
/**
 * Schema step 6: webhook events, transactions, and the subscription a licence was sold under.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage\Migrations;

use Svc\Licensing\Storage\Migration;
use Svc\Licensing\Storage\Tables;

/**
 * The UNIQUE indexes are the idempotency: one row per processor event id, one payment (or refund) per
 * reference and licence, one licence per subscription and price.
 */
final class CreatePayments implements Migration {

	/**
	 * Schema version.
	 */
	public function version(): int {
		return 6;
	}

	/**
	 * SQL.
	 *
	 * @param string $prefix          Table prefix.
	 * @param string $charset_collate Charset clause.
	 * @return string[]
	 */
	public function statements( string $prefix, string $charset_collate ): array {
		$events       = $prefix . Tables::WEBHOOK_EVENTS;
		$transactions = $prefix . Tables::TRANSACTIONS;
		$licenses     = $prefix . Tables::LICENSES;
		return array(
			"CREATE TABLE IF NOT EXISTS {$events} (
				id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
				event_id VARCHAR(191) NOT NULL,
				event_type VARCHAR(100) NOT NULL,
				source VARCHAR(20) NOT NULL DEFAULT 'stripe',
				payload LONGTEXT NOT NULL,
				processed_at DATETIME NULL DEFAULT NULL,
				processing_error TEXT NULL,
				retry_count INT UNSIGNED NOT NULL DEFAULT 0,
				next_retry_at DATETIME NULL DEFAULT NULL,
				locked_until DATETIME NULL DEFAULT NULL,
				created_at DATETIME NOT NULL,
				updated_at DATETIME NOT NULL,
				PRIMARY KEY  (id),
				UNIQUE KEY event_id (event_id),
				KEY next_retry_at (next_retry_at),
				KEY created_at (created_at)
			) {$charset_collate}",
			"CREATE TABLE IF NOT EXISTS {$transactions} (
				id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
				kind VARCHAR(10) NOT NULL,
				reference VARCHAR(191) NOT NULL,
				license_id BIGINT UNSIGNED NOT NULL,
				product_id BIGINT UNSIGNED NOT NULL,
				amount BIGINT NOT NULL,
				currency CHAR(3) NOT NULL,
				customer_email VARCHAR(254) NOT NULL DEFAULT '',
				processor_charge_id VARCHAR(191) NULL DEFAULT NULL,
				processor_payment_intent VARCHAR(191) NULL DEFAULT NULL,
				event_id VARCHAR(191) NOT NULL,
				occurred_at DATETIME NOT NULL,
				created_at DATETIME NOT NULL,
				PRIMARY KEY  (id),
				UNIQUE KEY kind_reference_license (kind, reference, license_id),
				KEY license_id (license_id),
				KEY occurred_at (occurred_at),
				KEY processor_charge_id (processor_charge_id),
				KEY processor_payment_intent (processor_payment_intent),
				KEY customer_email (customer_email(191))
			) {$charset_collate}",
			"ALTER TABLE {$licenses} ADD COLUMN processor_subscription_id VARCHAR(191) NULL DEFAULT NULL",
			"ALTER TABLE {$licenses} ADD UNIQUE KEY subscription_price (processor_subscription_id, price_id)",
		);
	}
}
