<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\Email;

final class EmailTest extends TestCase {

	/**
	 * @return array<string, array{string, string|null}>
	 */
	public static function emails(): array {
		return array(
			'plain'           => array( 'ann@example.com', 'ann@example.com' ),
			'case and spaces' => array( "  Ann.Lee@Example.COM \t", 'ann.lee@example.com' ),
			'plus tag kept'   => array( 'ann+shop@example.com', 'ann+shop@example.com' ),
			'no at'           => array( 'ann.example.com', null ),
			'no domain'       => array( 'ann@', null ),
			'two ats'         => array( 'ann@@example.com', null ),
			'space inside'    => array( 'ann lee@example.com', null ),
			'empty'           => array( '', null ),
			'too long'        => array( str_repeat( 'a', 64 ) . '@' . str_repeat( 'b', 186 ) . '.com', null ),
		);
	}

	#[DataProvider( 'emails' )]
	public function test_normalise( string $input, ?string $expected ): void {
		$this->assertSame( $expected, Email::normalise( $input ) );
	}

	public function test_mailbox_folds_plus_tags_unless_they_are_distinct(): void {
		$this->assertSame( 'ada@example.com', Email::mailbox( 'ada+2@example.com', false ) );
		$this->assertSame( 'ada@example.com', Email::mailbox( 'ada+a+b@example.com', false ) );
		$this->assertSame( 'ada@example.com', Email::mailbox( 'ada@example.com', false ) );
		$this->assertSame( '+ada@example.com', Email::mailbox( '+ada@example.com', false ) );
		$this->assertSame( 'ada+2@example.com', Email::mailbox( 'ada+2@example.com', true ) );
	}
}
