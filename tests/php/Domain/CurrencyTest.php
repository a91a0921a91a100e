<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\Currency;

final class CurrencyTest extends TestCase {

	/**
	 * @return array<string, array{string, string|null}>
	 */
	public static function codes(): array {
		return array(
			'USD'                 => array( 'USD', 'USD' ),
			'lower case, spaces'  => array( ' eur ', 'EUR' ),
			'zero-decimal JPY'    => array( 'jpy', 'JPY' ),
			'CFA franc'           => array( 'XOF', 'XOF' ),
			'three letters, none' => array( 'DOL', null ),
			'a word'              => array( 'dollars', null ),
			'gold is no currency' => array( 'XAU', null ),
			'the testing code'    => array( 'XTS', null ),
			'a fund code'         => array( 'USN', null ),
			'withdrawn kuna'      => array( 'HRK', null ),
			'empty'               => array( '', null ),
			'symbol'              => array( '$', null ),
		);
	}

	#[DataProvider( 'codes' )]
	public function test_only_iso_4217_currencies_pass( string $typed, ?string $stored ): void {
		$this->assertSame( $stored, Currency::normalise( $typed ) );
	}
}
