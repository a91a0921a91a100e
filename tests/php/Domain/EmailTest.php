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
			'quoted ordinary' => array( '"Ann"@gmail.com', 'ann@gmail.com' ),
			'quoted dots'     => array( '"a.nn"@example.com', 'a.nn@example.com' ),
			'quoted space'    => array( '"a b"@example.com', null ),
			'quoted escape'   => array( '"a\\"b"@example.com', null ),
			'quoted quote'    => array( '"a"b"@example.com', null ),
			'ipv4 literal'    => array( 'ann@[1.2.3.4]', null ),
			'ipv6 literal'    => array( 'ann@[IPv6:::1]', null ),
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

	public function test_gmail_ignores_dots_and_googlemail_is_gmail_with_the_provider_rules(): void {
		foreach ( array( 'ann@gmail.com', 'a.nn@gmail.com', 'a.n.n.@gmail.com', 'ann@googlemail.com', 'a.nn+x@googlemail.com' ) as $address ) {
			$this->assertSame( 'ann@gmail.com', Email::mailbox( $address, false, true ), $address );
		}
		// The review's four spellings of one inbox, as the service sees them: the quoted one unquoted, the literal refused.
		$this->assertSame( 'ann@gmail.com', Email::mailbox( (string) Email::normalise( '"ann"@gmail.com' ), false, true ) );
		$this->assertNull( Email::normalise( 'ann@[1.2.3.4]' ) );
		// Dots elsewhere are real: another provider's a.nn is another person.
		$this->assertSame( 'a.nn@example.com', Email::mailbox( 'a.nn@example.com', false, true ) );
		$this->assertSame( 'a.nn@gmail.com.example', Email::mailbox( 'a.nn@gmail.com.example', false, true ) );
	}

	public function test_the_provider_rules_switch_off_alone(): void {
		$this->assertSame( 'a.nn@googlemail.com', Email::mailbox( 'a.nn+x@googlemail.com', false, false ) );
		$this->assertSame( 'a.nn+x@googlemail.com', Email::mailbox( 'a.nn+x@googlemail.com', true, false ) );
		$this->assertSame( 'ann+x@gmail.com', Email::mailbox( 'a.nn+x@googlemail.com', true, true ) );
	}
}
