<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\Privacy;

use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\Privacy\PayloadRedactor;

final class PayloadRedactorTest extends TestCase {

	private const EMAIL = 'ada@example.com';

	/**
	 * @return array<string, mixed>
	 */
	private static function charge(): array {
		return array(
			'id'   => 'evt_1',
			'type' => 'charge.refunded',
			'data' => array(
				'object' => array(
					'object'          => 'charge',
					'customer'        => 'cus_ABC123',
					'receipt_email'   => 'Ada@Example.com',
					'billing_details' => array(
						'name'    => 'Ada Lovelace',
						'email'   => 'ada@example.com',
						'phone'   => '+44 20 7946 0018',
						'address' => array( 'line1' => '12 St James Square' ),
					),
					'shipping'        => array( 'name' => 'Ada Lovelace' ),
					'description'     => 'Order for ada@example.com',
					'metadata'        => array( 'note' => 'call ADA@example.com' ),
					'amount'          => 4900,
					'lines'           => array(
						array(
							'price' => array(
								'object'  => 'price',
								'product' => array(
									'object' => 'product',
									'name'   => 'Acme Widgets Pro',
								),
							),
						),
					),
				),
			),
		);
	}

	public function test_every_personal_field_is_erased_at_any_depth(): void {
		$redacted = PayloadRedactor::redact( self::charge(), self::EMAIL );
		$json     = (string) wp_json_encode_for_test( $redacted );
		foreach ( array( 'Ada Lovelace', 'ada@example.com', '7946', 'St James' ) as $personal ) {
			$this->assertStringNotContainsStringIgnoringCase( $personal, $json );
		}
		$charge = $redacted['data']['object'];
		$this->assertSame( PayloadRedactor::ERASED, $charge['receipt_email'] );
		$this->assertSame( PayloadRedactor::ERASED, $charge['billing_details'] );
		$this->assertSame( 'Order for [erased]', $charge['description'] );
		$this->assertSame( 'call [erased]', $charge['metadata']['note'] );
	}

	public function test_what_is_not_personal_stays(): void {
		$charge = PayloadRedactor::redact( self::charge(), self::EMAIL )['data']['object'];
		$this->assertSame( 4900, $charge['amount'] );
		$this->assertSame( 'cus_ABC123', $charge['customer'] );
		$this->assertSame( 'Acme Widgets Pro', $charge['lines'][0]['price']['product']['name'] );
	}

	public function test_invoice_and_customer_fields(): void {
		$invoice = PayloadRedactor::redact(
			array(
				'object'            => 'invoice',
				'customer_name'     => 'Ada Lovelace',
				'customer_email'    => self::EMAIL,
				'customer_phone'    => '+44',
				'customer_address'  => array( 'city' => 'London' ),
				'customer_shipping' => null,
			),
			self::EMAIL
		);
		$this->assertSame( PayloadRedactor::ERASED, $invoice['customer_name'] );
		$this->assertSame( PayloadRedactor::ERASED, $invoice['customer_address'] );
		$this->assertNull( $invoice['customer_shipping'] );
		$customer = PayloadRedactor::redact(
			array(
				'object' => 'customer',
				'name'   => 'Ada',
			),
			self::EMAIL
		);
		$this->assertSame( PayloadRedactor::ERASED, $customer['name'] );
	}

	public function test_customer_ids(): void {
		$this->assertSame( array( 'cus_ABC123' ), PayloadRedactor::customer_ids( self::charge() ) );
		$this->assertSame(
			array( 'cus_XYZ' ),
			PayloadRedactor::customer_ids(
				array(
					'data' => array(
						'object' => array(
							'object' => 'customer',
							'id'     => 'cus_XYZ',
						),
					),
				)
			)
		);
		$this->assertSame( array(), PayloadRedactor::customer_ids( array( 'data' => array( 'object' => array( 'customer' => "cus_1' OR 1" ) ) ) ) );
		$this->assertSame( array(), PayloadRedactor::customer_ids( array() ) );
	}
}

/**
 * JSON of a value (the domain tests run without WordPress).
 *
 * @param mixed $value Value.
 */
function wp_json_encode_for_test( $value ): string {
	return (string) json_encode( $value );
}
