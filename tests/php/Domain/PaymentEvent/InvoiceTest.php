<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\PaymentEvent;

use InvalidArgumentException;
use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\PaymentEvent\Invoice;
use Svc\Licensing\Domain\PaymentEvent\StripeEvent;

final class InvoiceTest extends TestCase {

	public function test_the_classic_shape(): void {
		$invoice = Invoice::read(
			array(
				'id'             => 'in_1',
				'customer_email' => 'Buyer@Example.com',
				'customer_name'  => 'Buyer',
				'currency'       => 'eur',
				'subscription'   => 'sub_1',
				'payment_intent' => 'pi_1',
				'charge'         => 'ch_1',
				'lines'          => array(
					'data' => array(
						array(
							'price'  => array( 'id' => 'price_a' ),
							'amount' => 4900,
							'period' => array( 'end' => 1900000000 ),
						),
						array( 'description' => 'no price, skipped' ),
					),
				),
			)
		);
		$this->assertSame( array( 'in_1', 'Buyer@Example.com', 'Buyer', 'EUR', 'pi_1', 'ch_1' ), array( $invoice->id, $invoice->customer_email, $invoice->customer_name, $invoice->currency, $invoice->payment_intent, $invoice->charge ) );
		$this->assertSame(
			array(
				array(
					'price'         => 'price_a',
					'subscription'  => 'sub_1',
					'period_end'    => 1900000000,
					'amount'        => 4900,
					'unit_amount'   => null,
					'unit_currency' => 'EUR',
				),
			),
			$invoice->lines
		);
	}

	public function test_the_basil_shape(): void {
		$invoice = Invoice::read(
			array(
				'id'       => 'in_2',
				'currency' => 'usd',
				'parent'   => array( 'subscription_details' => array( 'subscription' => 'sub_2' ) ),
				'payments' => array( 'data' => array( array( 'payment' => array( 'payment_intent' => 'pi_2' ) ) ) ),
				'lines'    => array(
					'data' => array(
						array(
							'pricing' => array( 'price_details' => array( 'price' => 'price_b' ) ),
							'amount'  => 1200,
							'period'  => array( 'end' => 1800000000 ),
							'parent'  => array( 'subscription_item_details' => array( 'subscription' => 'sub_line' ) ),
						),
					),
				),
			)
		);
		$this->assertSame( 'pi_2', $invoice->payment_intent );
		$this->assertNull( $invoice->charge );
		$this->assertSame( 'price_b', $invoice->lines[0]['price'] );
		$this->assertSame( 'sub_line', $invoice->lines[0]['subscription'], 'a line names its own subscription' );
		$this->assertSame( 1800000000, $invoice->lines[0]['period_end'] );
		$this->assertNull( $invoice->lines[0]['unit_amount'], 'no price object, no amount of its own' );
	}

	public function test_a_line_carries_what_its_price_costs(): void {
		$lines = Invoice::read(
			array(
				'id'       => 'in_3',
				'currency' => 'usd',
				'lines'    => array(
					'data' => array(
						array(
							'price'    => array(
								'id'          => 'price_c',
								'unit_amount' => 1500,
								'currency'    => 'eur',
								'recurring'   => array( 'interval' => 'month' ),
							),
							'amount'   => 3000,
							'currency' => 'eur',
						),
						array(
							'pricing' => array(
								'price_details'       => array( 'price' => 'price_d' ),
								'unit_amount_decimal' => '4900',
							),
							'amount'  => 4900,
						),
						array(
							'pricing' => array(
								'price_details'       => array( 'price' => 'price_e' ),
								'unit_amount_decimal' => '12.5',
							),
						),
					),
				),
			)
		)->lines;
		$this->assertSame( array( 1500, 'EUR' ), array( $lines[0]['unit_amount'], $lines[0]['unit_currency'] ), 'the expanded price object' );
		$this->assertSame( array( 4900, 'USD' ), array( $lines[1]['unit_amount'], $lines[1]['unit_currency'] ), 'the basil shape, in the invoice currency' );
		$this->assertNull( $lines[2]['unit_amount'], 'a fraction of a minor unit is not an amount we store' );
	}

	public function test_missing_parts_read_as_empty(): void {
		$invoice = Invoice::read( array( 'lines' => 'not a list' ) );
		$this->assertSame( array( '', '', array() ), array( $invoice->id, $invoice->currency, $invoice->lines ) );
	}

	public function test_events_need_id_type_and_data_object(): void {
		$event = StripeEvent::from_json( '{"id":"evt_1","type":"invoice.paid","data":{"object":{"id":"in_1"}}}' );
		$this->assertSame( array( 'evt_1', 'invoice.paid', array( 'id' => 'in_1' ) ), array( $event->id, $event->type, $event->object ) );
		$bad = array(
			'not json'          => '{',
			'a list'            => '[1,2]',
			'a string'          => '"x"',
			'no id'             => '{"type":"a","data":{"object":{}}}',
			'numeric id'        => '{"id":5,"type":"a","data":{"object":{}}}',
			'no type'           => '{"id":"e","data":{"object":{}}}',
			'no data'           => '{"id":"e","type":"a"}',
			'object not object' => '{"id":"e","type":"a","data":{"object":"x"}}',
		);
		foreach ( $bad as $name => $json ) {
			try {
				StripeEvent::from_json( $json );
				$this->fail( "Accepted {$name}" );
			} catch ( InvalidArgumentException $e ) {
				$this->assertNotSame( '', $e->getMessage() );
			}
		}
	}
}
