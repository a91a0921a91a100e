<?php
/**
 * A notice's subject and body with the licence's values in place: HTML-escaped in the HTML part, one line in the
 * subject, and an unknown placeholder left visible rather than dropped.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\Renewal;

use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\Renewal\Template;

final class TemplateTest extends TestCase {

	/**
	 * The values of one licence.
	 *
	 * @param array<string, mixed> $changes Changes.
	 * @return array<string, mixed>
	 */
	private static function values( array $changes = array() ): array {
		return $changes + array(
			'customer_name' => 'Ada Lovelace',
			'product'       => 'Acme Widgets',
			'expiry_date'   => '17 March 2027',
			'key_last'      => 'K9ZX',
			'renewal_link'  => 'https://shop.example/renew?r=lic_42',
			'sites'         => array( 'https://ada.example', 'https://staging.ada.example' ),
			'days'          => '7',
		);
	}

	public function test_every_placeholder_of_the_issue_is_known(): void {
		$this->assertSame( array( 'customer_name', 'product', 'expiry_date', 'key_last', 'renewal_link', 'sites', 'days' ), Template::PLACEHOLDERS );
	}

	public function test_the_text_part_has_the_values_in_place(): void {
		$body = "Hello {customer_name},\n\nyour {product} licence (…{key_last}) expires on {expiry_date}, in {days} days.\nSites:\n{sites}\n\nRenew: {renewal_link}";
		$this->assertSame(
			"Hello Ada Lovelace,\n\nyour Acme Widgets licence (…K9ZX) expires on 17 March 2027, in 7 days.\nSites:\nhttps://ada.example\nhttps://staging.ada.example\n\nRenew: https://shop.example/renew?r=lic_42",
			Template::text( $body, self::values() )
		);
	}

	public function test_the_html_part_escapes_the_values_and_the_sellers_text(): void {
		$html = Template::html(
			'Hi {customer_name} & welcome to <b>{product}</b>',
			self::values(
				array(
					'customer_name' => '<script>alert(1)</script>',
					'product'       => 'Tom & "Jerry"',
				)
			)
		);
		$this->assertSame( '<p>Hi &lt;script&gt;alert(1)&lt;/script&gt; &amp; welcome to &lt;b&gt;Tom &amp; &quot;Jerry&quot;&lt;/b&gt;</p>', $html );
		$this->assertStringNotContainsString( '<script', $html );
	}

	public function test_the_html_part_makes_paragraphs_line_breaks_and_a_link(): void {
		$html = Template::html( "Hello {customer_name},\n\nRenew here:\n{renewal_link}\n\n\nSites:\n{sites}", self::values() );
		$this->assertSame(
			'<p>Hello Ada Lovelace,</p>' . "\n"
			. '<p>Renew here:<br>' . "\n" . '<a href="https://shop.example/renew?r=lic_42">https://shop.example/renew?r=lic_42</a></p>' . "\n"
			. '<p>Sites:<br>' . "\n" . 'https://ada.example<br>' . "\n" . 'https://staging.ada.example</p>',
			$html
		);
	}

	public function test_a_link_that_is_not_http_is_never_a_link(): void {
		$html = Template::html( 'Renew: {renewal_link}', self::values( array( 'renewal_link' => 'javascript:alert(document.cookie)' ) ) );
		$this->assertSame( '<p>Renew: </p>', $html );
		$this->assertSame( 'Renew: ', Template::text( 'Renew: {renewal_link}', self::values( array( 'renewal_link' => 'javascript:alert(1)' ) ) ) );
		$quoted = Template::html( '{renewal_link}', self::values( array( 'renewal_link' => 'https://shop.example/?a="><script>' ) ) );
		$this->assertStringNotContainsString( '"><script>', $quoted );
		$this->assertStringContainsString( 'href="https://shop.example/?a=&quot;&gt;&lt;script&gt;"', $quoted );
	}

	public function test_the_subject_is_one_plain_line(): void {
		$this->assertSame( 'Acme Widgets expires in 7 days', Template::subject( '{product} expires in {days} days', self::values() ) );
		$this->assertSame( 'Tom & Jerry expires', Template::subject( '{product} expires', self::values( array( 'product' => 'Tom & Jerry' ) ) ), 'not HTML: no &amp;' );
		$this->assertSame( 'Ada Bcc: x@example.com renews', Template::subject( '{customer_name} renews', self::values( array( 'customer_name' => "Ada\r\nBcc: x@example.com" ) ) ), 'a value never adds a header' );
		$this->assertSame( 'https://ada.example, https://staging.ada.example', Template::subject( '{sites}', self::values() ) );
	}

	public function test_an_unknown_or_missing_value_is_left_visible_or_empty(): void {
		// Saving refuses unknown placeholders (Notice); a template stored before a placeholder was renamed shows it
		// as typed, so the seller sees it in the preview instead of a silent gap.
		$this->assertSame( 'Hi {first_name}', Template::text( 'Hi {first_name}', self::values() ) );
		$this->assertSame( '<p>Hi {first_name}</p>', Template::html( 'Hi {first_name}', self::values() ) );
		$this->assertSame( 'Hi , no sites', Template::text( 'Hi {customer_name}, no sites{sites}', array() ) );
	}

	public function test_a_value_that_looks_like_a_placeholder_is_not_replaced_again(): void {
		$this->assertSame( 'Hi {product} of Acme Widgets', Template::text( 'Hi {customer_name} of {product}', self::values( array( 'customer_name' => '{product}' ) ) ) );
	}

	public function test_unknown_lists_each_unknown_placeholder_once_as_typed(): void {
		$this->assertSame( array(), Template::unknown( 'Hi {customer_name}, {renewal_link} {not a placeholder} {}' ) );
		$this->assertSame( array( '{first_name}', '{Product}' ), Template::unknown( '{first_name} {Product} {first_name} {product}' ) );
	}
}
