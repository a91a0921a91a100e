<?php
/**
 * What each Stripe event does to licences (decisions.md, "Processor events").
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Payments;

use Svc\Licensing\Domain\Event\Actor;
use Svc\Licensing\Domain\Email;
use Svc\Licensing\Domain\IsoTime;
use Svc\Licensing\Domain\License\LicenseKey;
use Svc\Licensing\Domain\License\LicenseStatus;
use Svc\Licensing\Domain\PaymentEvent\Invoice;
use Svc\Licensing\Domain\PaymentEvent\StripeEvent;
use Svc\Licensing\Core\Catalog;
use Svc\Licensing\Core\Licenses;
use Svc\Licensing\Storage\KeySecret;
use Svc\Licensing\Storage\LicenseRepository;
use Svc\Licensing\Storage\PaymentRepository;
use Svc\Licensing\Storage\ProductRepository;

/**
 * Runs inside the inbox's transaction and only writes through PaymentRepository; it answers the keys to email
 * once the transaction has committed.
 */
final class EventProcessor {
	private const PAID = array( 'invoice.paid', 'invoice.payment_succeeded' );

	/**
	 * Licences and transactions.
	 *
	 * @var PaymentRepository
	 */
	private $payments;

	/**
	 * Products.
	 *
	 * @var ProductRepository
	 */
	private $products;

	/**
	 * Key hashing secret.
	 *
	 * @var KeySecret
	 */
	private $secret;

	/**
	 * Licences (reads and the paid licence's creation).
	 *
	 * @var LicenseRepository
	 */
	private $license_repository;

	/**
	 * Licence use cases: renew and end, as the admin API and the expiry job use them.
	 *
	 * @var Licenses
	 */
	private $licenses;

	/**
	 * Catalogue use cases: a mapped price learns its amount from the line.
	 *
	 * @var Catalog
	 */
	private $catalog;

	/**
	 * Constructor.
	 *
	 * @param PaymentRepository $payments Prices and transactions.
	 * @param ProductRepository $products Products.
	 * @param LicenseRepository $license_repository Licences.
	 * @param Licenses          $licenses Licence use cases.
	 * @param KeySecret         $secret   Key hashing secret.
	 * @param Catalog           $catalog  Catalogue use cases.
	 */
	public function __construct( PaymentRepository $payments, ProductRepository $products, LicenseRepository $license_repository, Licenses $licenses, KeySecret $secret, Catalog $catalog ) {
		$this->payments           = $payments;
		$this->products           = $products;
		$this->license_repository = $license_repository;
		$this->licenses           = $licenses;
		$this->secret             = $secret;
		$this->catalog            = $catalog;
	}

	/**
	 * Readies, outside the event's transaction, what processing needs: the key secret (created on a fresh
	 * install, which must not be rolled back with a failed event while this process keeps using it).
	 *
	 * @throws \Svc\Licensing\Domain\ServiceError When the key secret is unavailable.
	 */
	public function prepare(): void {
		$this->secret->get();
	}

	/**
	 * Applies an event.
	 *
	 * @param StripeEvent $event Event.
	 * @param int         $now   Unix time.
	 * @return array<int, array{email: string, product: string, key: string, expires: int|null}> New keys to email.
	 * @throws ProcessingFailed When the event cannot take effect (for now).
	 */
	public function process( StripeEvent $event, int $now ): array {
		if ( in_array( $event->type, self::PAID, true ) ) {
			return $this->paid( Invoice::read( $event->object ), $event->id, $now );
		}
		if ( 'customer.subscription.deleted' === $event->type ) {
			foreach ( $this->license_repository->ids_of_subscription( (string) ( $event->object['id'] ?? '' ) ) as $license_id ) {
				$this->licenses->end( $license_id, LicenseStatus::CANCELLED, true, Actor::payment( $event->id ) );
			}
		} elseif ( 'charge.refunded' === $event->type ) {
			$this->refunded( $event->object, $event->id, $now );
		}
		// invoice.payment_failed and every other type: stored, nothing to do.
		return array();
	}

	/**
	 * A paid invoice: each mapped line creates its licence the first time, renews it afterwards, and is stored
	 * as a transaction.
	 *
	 * @param Invoice $invoice  Invoice.
	 * @param string  $event_id Event id.
	 * @param int     $now      Unix time.
	 * @return array<int, array{email: string, product: string, key: string, expires: int|null}>
	 * @throws ProcessingFailed When no line has a mapped price, or a new licence lost a race.
	 */
	private function paid( Invoice $invoice, string $event_id, int $now ): array {
		if ( '' === $invoice->id ) {
			throw new ProcessingFailed( 'The invoice has no id.' );
		}
		$mapped = array();
		foreach ( $invoice->lines as $line ) {
			$price = $this->payments->price( $line['price'] );
			if ( null !== $price ) {
				$mapped[] = array( $line, $price );
				if ( null !== $line['unit_amount'] && '' !== $line['unit_currency'] ) {
					$this->catalog->note_amount( $line['price'], $line['unit_amount'], $line['unit_currency'] );
				}
			}
		}
		if ( array() === $mapped ) {
			$prices = implode( ', ', array_unique( array_column( $invoice->lines, 'price' ) ) );
			throw new ProcessingFailed(
				'' === $prices
					? sprintf( 'Invoice %s has no line with a price.', $invoice->id )
					: sprintf( 'No price of invoice %1$s is mapped to a product (%2$s). Add it under Prices; the event is retried.', $invoice->id, $prices )
			);
		}
		$email = Email::normalise( $invoice->customer_email ) ?? '';
		$mails = array();
		foreach ( $mapped as list( $line, $price ) ) {
			$product = $this->products->find( $price['product_id'] );
			if ( null === $product ) {
				throw new ProcessingFailed( sprintf( 'Price %s points at a product that no longer exists.', $line['price'] ) );
			}
			$expires      = self::expiry( $price['period'], $line['period_end'], $now );
			$subscription = $line['subscription'] ?? 'invoice:' . $invoice->id;
			$license      = $this->license_repository->of_subscription_price( $subscription, $price['id'] );
			if ( null === $license ) {
				$key = LicenseKey::generate();
				$id  = $this->licenses->issue(
					array(
						'product_id'                => $product['id'],
						'price_id'                  => $price['id'],
						'tier_id'                   => $price['tier_id'],
						'processor_subscription_id' => $subscription,
						'key_hash'                  => $key->hash( $this->secret->get() ),
						'key_first'                 => $key->first_group(),
						'key_last'                  => $key->last_group(),
						'customer_name'             => $invoice->customer_name,
						'customer_email'            => $email,
						'status'                    => LicenseStatus::ACTIVE,
						'activation_limit'          => max( 1, $price['activation_limit'] ),
						'expires'                   => null === $expires ? null : IsoTime::to_storage( $expires ),
					),
					$key,
					Actor::payment( $event_id )
				);
				if ( null === $id ) {
					throw new ProcessingFailed( sprintf( 'Another event created the licence of subscription %s at the same moment; the event is retried.', $subscription ) );
				}
				if ( '' !== $email ) {
					$mails[] = array(
						'email'   => $email,
						'product' => (string) $product['name'],
						'key'     => $key->reveal(),
						'expires' => $expires,
					);
				}
				$license_id = $id;
			} else {
				$license_id = $license['id'];
				$this->licenses->renew( $license_id, $expires, Actor::payment( $event_id ) );
			}
			$this->payments->record(
				array(
					'kind'                     => 'payment',
					'reference'                => $invoice->id,
					'license_id'               => $license_id,
					'product_id'               => $product['id'],
					'amount'                   => $line['amount'],
					'currency'                 => '' === $invoice->currency ? 'USD' : $invoice->currency,
					'customer_email'           => $email,
					'processor_charge_id'      => $invoice->charge,
					'processor_payment_intent' => $invoice->payment_intent,
					'event_id'                 => $event_id,
					'occurred_at'              => gmdate( 'Y-m-d H:i:s', $now ),
				)
			);
		}
		return $mails;
	}

	/**
	 * A refunded charge revokes the licences its payment bought and stores the refund. A partial refund
	 * (refunded false) and a charge of something this service did not sell change nothing.
	 *
	 * @param array<string, mixed> $charge   Charge object.
	 * @param string               $event_id Event id.
	 * @param int                  $now      Unix time.
	 */
	private function refunded( array $charge, string $event_id, int $now ): void {
		if ( false === ( $charge['refunded'] ?? true ) ) {
			return;
		}
		$ids = array();
		foreach ( array( 'invoice', 'id', 'payment_intent' ) as $field ) {
			$ids[ $field ] = Invoice::id_of( $charge[ $field ] ?? null );
		}
		foreach ( $this->payments->payments_of_charge( $ids['invoice'], $ids['id'], $ids['payment_intent'] ) as $payment ) {
			$this->licenses->end( $payment['license_id'], LicenseStatus::REVOKED, false, Actor::payment( $event_id ) );
			$this->payments->record(
				array(
					'kind'           => 'refund',
					'reference'      => (string) ( $ids['id'] ?? $payment['reference'] ),
					'license_id'     => $payment['license_id'],
					'product_id'     => $payment['product_id'],
					'amount'         => -abs( $payment['amount'] ),
					'currency'       => $payment['currency'],
					'customer_email' => $payment['customer_email'],
					'event_id'       => $event_id,
					'occurred_at'    => gmdate( 'Y-m-d H:i:s', $now ),
				)
			);
		}
	}

	/**
	 * Expiry of a paid line: lifetime prices never expire; otherwise the line's period end, or one period from
	 * now when the line has none.
	 *
	 * @param string   $period     month, year or lifetime.
	 * @param int|null $period_end Line period end.
	 * @param int      $now        Unix time.
	 */
	private static function expiry( string $period, ?int $period_end, int $now ): ?int {
		if ( 'lifetime' === $period ) {
			return null;
		}
		if ( null !== $period_end ) {
			return $period_end;
		}
		return $now + ( 'month' === $period ? MONTH_IN_SECONDS : YEAR_IN_SECONDS );
	}
}
