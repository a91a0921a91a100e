<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain;

use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\Money;

final class MoneyTest extends TestCase {

	public function test_an_entered_amount_becomes_minor_units_and_back(): void {
		$this->assertSame( 4900, Money::to_minor( 49, 'USD' ) );
		$this->assertSame( 1999, Money::to_minor( 19.99, 'eur' ), 'rounded, not truncated (19.99 * 100 is 1998.99…)' );
		$this->assertSame( 500, Money::to_minor( 500, 'JPY' ), 'a zero-decimal currency has no minor unit' );
		$this->assertSame( 19.99, Money::to_major( Money::to_minor( 19.99, 'EUR' ), 'EUR' ) );
		$this->assertSame( 500, Money::to_major( 500, 'jpy' ) );
	}
}
