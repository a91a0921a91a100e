<?php
/**
 * A renewal notice as the seller sets it: refused in words when it cannot be sent as written.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\Renewal;

use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\Renewal\InvalidNotice;
use Svc\Licensing\Domain\Renewal\Notice;

final class NoticeTest extends TestCase {

	/**
	 * A notice the seller could save.
	 *
	 * @param array<string, mixed> $changes Fields to change.
	 * @return array<string, mixed>
	 */
	private static function input( array $changes = array() ): array {
		return $changes + array(
			'id'      => 'before-7',
			'kind'    => 'renewal',
			'offset'  => -7,
			'enabled' => true,
			'subject' => 'Your {product} licence expires in {days} days',
			'body'    => "Hello {customer_name},\n\nRenew here: {renewal_link}",
		);
	}

	/**
	 * The field and message an input is refused with.
	 *
	 * @param array<string, mixed> $input Input.
	 * @return array{0: string, 1: string}
	 */
	private static function refusal( array $input ): array {
		try {
			Notice::from_array( $input );
		} catch ( InvalidNotice $refused ) {
			return array( $refused->field, $refused->getMessage() );
		}
		self::fail( 'The notice was accepted: ' . json_encode( $input ) );
	}

	public function test_a_notice_is_read_and_written_back_as_given(): void {
		$notice = Notice::from_array( self::input() );
		$this->assertSame( 'before-7', $notice->id );
		$this->assertSame( Notice::RENEWAL, $notice->kind );
		$this->assertSame( -7, $notice->offset );
		$this->assertTrue( $notice->enabled );
		$this->assertSame( self::input(), $notice->to_array() );
	}

	public function test_the_offset_says_before_on_or_after_the_expiry_day(): void {
		$this->assertSame( 'before', Notice::from_array( self::input( array( 'offset' => -1 ) ) )->when() );
		$this->assertSame( 'on', Notice::from_array( self::input( array( 'offset' => 0 ) ) )->when() );
		$this->assertSame( 'after', Notice::from_array( self::input( array( 'offset' => 14 ) ) )->when() );
		$this->assertSame( 7, Notice::from_array( self::input( array( 'offset' => -7 ) ) )->days() );
		$this->assertSame( 14, Notice::from_array( self::input( array( 'offset' => 14 ) ) )->days() );
	}

	public function test_numbers_typed_as_text_are_read_but_not_fractions_or_words(): void {
		$this->assertSame( -30, Notice::from_array( self::input( array( 'offset' => '-30' ) ) )->offset );
		foreach ( array( '7.5', 7.5, 'seven', '', null, true, array() ) as $bad ) {
			list( $field, $message ) = self::refusal( self::input( array( 'offset' => $bad ) ) );
			$this->assertSame( 'offset', $field );
			$this->assertStringContainsString( 'whole number of days', $message );
		}
	}

	public function test_an_offset_further_than_a_year_is_refused(): void {
		$this->assertSame( -365, Notice::from_array( self::input( array( 'offset' => -365 ) ) )->offset );
		$this->assertSame( 365, Notice::from_array( self::input( array( 'offset' => 365 ) ) )->offset );
		foreach ( array( -366, 366, PHP_INT_MAX ) as $far ) {
			list( $field, $message ) = self::refusal( self::input( array( 'offset' => $far ) ) );
			$this->assertSame( 'offset', $field );
			$this->assertStringContainsString( '-365 to 365', $message );
		}
	}

	public function test_the_kind_is_renewal_or_trial(): void {
		$this->assertSame( Notice::TRIAL, Notice::from_array( self::input( array( 'kind' => 'trial' ) ) )->kind );
		list( $field, $message ) = self::refusal( self::input( array( 'kind' => 'upsell' ) ) );
		$this->assertSame( 'kind', $field );
		$this->assertSame( 'kind must be renewal (paid licences) or trial (trials).', $message );
	}

	public function test_the_id_is_a_short_slug_that_never_changes_meaning(): void {
		foreach ( array( '', 'Before 7', 'before_7', str_repeat( 'a', 41 ), '-before', 7 ) as $bad ) {
			list( $field ) = self::refusal( self::input( array( 'id' => $bad ) ) );
			$this->assertSame( 'id', $field, (string) json_encode( $bad ) );
		}
		$this->assertSame( str_repeat( 'a', 40 ), Notice::from_array( self::input( array( 'id' => str_repeat( 'a', 40 ) ) ) )->id );
	}

	public function test_enabled_is_a_yes_or_no(): void {
		$this->assertFalse( Notice::from_array( self::input( array( 'enabled' => false ) ) )->enabled );
		list( $field, $message ) = self::refusal( self::input( array( 'enabled' => 'yes' ) ) );
		$this->assertSame( 'enabled', $field );
		$this->assertSame( 'enabled must be true or false.', $message );
	}

	public function test_a_subject_is_one_line_of_at_most_200_characters(): void {
		list( $field, $message ) = self::refusal( self::input( array( 'subject' => '   ' ) ) );
		$this->assertSame( array( 'subject', 'The subject is empty: write what the mail is about.' ), array( $field, $message ) );
		list( $field, $message ) = self::refusal( self::input( array( 'subject' => "Renew\nBcc: everyone@example.com" ) ) );
		$this->assertSame( array( 'subject', 'The subject must be one line.' ), array( $field, $message ) );
		list( $field ) = self::refusal( self::input( array( 'subject' => str_repeat( 'é', 201 ) ) ) );
		$this->assertSame( 'subject', $field );
		$this->assertSame( str_repeat( 'é', 200 ), Notice::from_array( self::input( array( 'subject' => str_repeat( 'é', 200 ) ) ) )->subject, 'characters, not bytes' );
		$this->assertSame( 'Renew now', Notice::from_array( self::input( array( 'subject' => '  Renew now ' ) ) )->subject, 'trimmed' );
	}

	public function test_a_body_is_not_empty_and_not_a_book(): void {
		list( $field, $message ) = self::refusal( self::input( array( 'body' => "\n \n" ) ) );
		$this->assertSame( array( 'body', 'The body is empty: write what the customer should read.' ), array( $field, $message ) );
		list( $field, $message ) = self::refusal( self::input( array( 'body' => str_repeat( 'x', 20001 ) ) ) );
		$this->assertSame( 'body', $field );
		$this->assertStringContainsString( '20000', $message );
	}

	public function test_an_unknown_placeholder_is_refused_naming_it_and_the_known_ones(): void {
		list( $field, $message ) = self::refusal( self::input( array( 'body' => 'Hello {first_name}, your {product} key {key} ends' ) ) );
		$this->assertSame( 'body', $field );
		$this->assertStringStartsWith( 'The body uses {first_name}, {key}, which this service does not know. Use ', $message );
		$this->assertStringContainsString( '{customer_name}', $message );
		list( $field, $message ) = self::refusal( self::input( array( 'subject' => '{Product} expires' ) ) );
		$this->assertSame( 'subject', $field );
		$this->assertStringContainsString( '{Product}', $message, 'placeholders are lower case; a capital is a typo named as such' );
	}

	public function test_braces_that_are_not_a_placeholder_are_plain_text(): void {
		$notice = Notice::from_array( self::input( array( 'body' => 'Our price {was 99} is now 79 :-} {renewal_link}' ) ) );
		$this->assertSame( 'Our price {was 99} is now 79 :-} {renewal_link}', $notice->body );
	}

	public function test_a_field_of_the_wrong_type_is_refused_not_cast(): void {
		list( $field ) = self::refusal( self::input( array( 'subject' => array( 'x' ) ) ) );
		$this->assertSame( 'subject', $field );
		list( $field ) = self::refusal( self::input( array( 'body' => 42 ) ) );
		$this->assertSame( 'body', $field );
		$input = self::input();
		unset( $input['kind'] );
		list( $field ) = self::refusal( $input );
		$this->assertSame( 'kind', $field );
	}
}
