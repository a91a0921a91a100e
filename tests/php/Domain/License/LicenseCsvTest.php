<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\License;

use InvalidArgumentException;
use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\License\LicenseCsv;
use Svc\Licensing\Domain\License\LicenseInput;

final class LicenseCsvTest extends TestCase {

	public function test_a_full_row_becomes_license_fields_with_its_line(): void {
		$parsed = LicenseCsv::parse(
			"product,customer_email,customer_name,status,expires,max_activations,key\n"
			. "acme-widgets,Ann@Example.com,Ann Lee,Suspended,2027-01-31,3,abcd-efgh-jkmn-pqrs\n"
		);
		$this->assertSame( array(), $parsed['errors'] );
		$this->assertCount( 1, $parsed['rows'] );
		$row = $parsed['rows'][0];
		$this->assertSame( 2, $row['line'] );
		$this->assertSame( 'acme-widgets', $row['product'] );
		$this->assertSame(
			array(
				'customer_email'   => 'Ann@Example.com',
				'customer_name'    => 'Ann Lee',
				'status'           => 'suspended',
				'expires'          => '2027-01-31T00:00:00Z',
				'activation_limit' => 3,
			),
			$row['fields']
		);
		$this->assertSame( 'ABCD-EFGH-JKMN-PQRS', $row['key']?->reveal() );
	}

	public function test_optional_columns_may_be_missing_or_empty_and_columns_come_in_any_order(): void {
		$parsed = LicenseCsv::parse( "\xEF\xBB\xBFcustomer_email,product,key\r\nbob@example.com,7,\r\n\r\n" );
		$this->assertSame( array(), $parsed['errors'] );
		$this->assertSame( '7', $parsed['rows'][0]['product'] );
		$this->assertSame( array( 'customer_email' => 'bob@example.com' ), $parsed['rows'][0]['fields'] );
		$this->assertNull( $parsed['rows'][0]['key'] );
	}

	public function test_every_bad_row_is_reported_with_its_line_and_good_rows_are_kept(): void {
		$parsed = LicenseCsv::parse(
			"product,customer_email,status,expires,max_activations,key\n"
			. "p,a@example.com,active,,,\n"
			. "p,b@example.com,paused,,,\n"
			. "p,c@example.com,,2027-02-30,,\n"
			. "p,d@example.com,,,0,\n"
			. ",e@example.com,,,,\n"
			. "p,,,,,\n"
			. "p,f@example.com,,,,NOT-A-KEY\n"
			. "p,g@example.com,,,,AAAA-BBBB-CCCC-DDDD\n"
			. "p,h@example.com,,,,aaaa-bbbb-cccc-dddd\n"
			. "p,i@example.com\n"
		);
		$this->assertSame( array( 2, 9 ), array_column( $parsed['rows'], 'line' ) );
		$this->assertSame(
			array(
				array(
					'line'    => 3,
					'message' => 'status must be one of active, expired, suspended, revoked, trial, cancelled.',
				),
				array(
					'line'    => 4,
					'message' => 'expires must be a date (2027-01-31) or a date-time (2027-01-31T12:00:00Z).',
				),
				array(
					'line'    => 5,
					'message' => 'max_activations must be a whole number from 1 to 1000000.',
				),
				array(
					'line'    => 6,
					'message' => 'product is empty.',
				),
				array(
					'line'    => 7,
					'message' => 'customer_email is empty.',
				),
				array(
					'line'    => 8,
					'message' => 'key must be a licence key of the form XXXX-XXXX-XXXX-XXXX (letters and the digits 2-9).',
				),
				array(
					'line'    => 10,
					'message' => 'key is the same as on line 9.',
				),
				array(
					'line'    => 11,
					'message' => 'The row has 2 cells; the header has 6.',
				),
			),
			$parsed['errors']
		);
	}

	/**
	 * @return array<string, array{0: string, 1: string}>
	 */
	public static function bad_headers(): array {
		return array(
			'unknown column' => array( "product,customer_email,colour\n", 'Unknown column "colour"; the columns are product, customer_email, customer_name, status, expires, max_activations, key.' ),
			'missing email'  => array( "product,customer_name\n", 'The header has no customer_email column; the file needs product and customer_email.' ),
			'column twice'   => array( "product,customer_email,product\n", 'A column is named twice in the header.' ),
		);
	}

	#[DataProvider( 'bad_headers' )]
	public function test_a_bad_header_is_line_one_and_no_row_is_read( string $csv, string $message ): void {
		$parsed = LicenseCsv::parse( $csv . "p,a@example.com,x\n" );
		$this->assertSame( array(), $parsed['rows'] );
		$this->assertSame(
			array(
				array(
					'line'    => 1,
					'message' => $message,
				),
			),
			$parsed['errors']
		);
	}

	public function test_an_empty_file_asks_for_the_header(): void {
		$this->assertSame(
			array(
				'rows'   => array(),
				'errors' => array(
					array(
						'line'    => 1,
						'message' => 'The file is empty; its first line must name the columns, at least product,customer_email.',
					),
				),
			),
			LicenseCsv::parse( '' )
		);
	}

	public function test_expiry_date_times_keep_their_offset_in_utc(): void {
		$this->assertSame( '2027-01-31T10:30:00Z', LicenseInput::expires( '2027-01-31T12:30:00+02:00' ) );
		$this->assertSame( '2027-01-31T12:30:00Z', LicenseInput::expires( '2027-01-31T12:30:00Z' ) );
		$this->expectException( InvalidArgumentException::class );
		LicenseInput::expires( 'next tuesday' );
	}
}
