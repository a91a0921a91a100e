<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Docs;

use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\Outbound\EndpointSecret;

/**
 * The PHP receiver example of docs/outbound-webhooks.md, run as written: its verify function accepts what the
 * service signs and refuses a changed body, another secret and an old timestamp.
 */
final class OutboundReceiverExampleTest extends TestCase {

	public static function setUpBeforeClass(): void {
		if ( function_exists( 'svc_webhook_verify' ) ) {
			return;
		}
		$doc = (string) file_get_contents( dirname( __DIR__, 3 ) . '/docs/outbound-webhooks.md' );
		self::assertSame( 1, preg_match( '/```php\n<\?php\n(.*?)\n\$raw_body =/s', $doc, $match ), 'the PHP example and its verify function' );
		eval( $match[1] ); // phpcs:ignore Squiz.PHP.Eval.Discouraged -- runs the documented example.
	}

	public function test_the_example_verifies_what_the_service_signs(): void {
		$body   = '{"id":"d-1","type":"license.created","event":{"id":1}}';
		$secret = EndpointSecret::generate();
		$header = EndpointSecret::sign( $body, $secret, 1764000000 );
		$this->assertTrue( \svc_webhook_verify( $header, $body, $secret, 1764000100 ) );
		$this->assertFalse( \svc_webhook_verify( $header, $body . ' ', $secret, 1764000100 ), 'a changed body' );
		$this->assertFalse( \svc_webhook_verify( $header, $body, EndpointSecret::generate(), 1764000100 ), 'another secret' );
		$this->assertFalse( \svc_webhook_verify( $header, $body, $secret, 1764000301 ), 'older than five minutes' );
		$this->assertFalse( \svc_webhook_verify( '', $body, $secret, 1764000100 ), 'no header' );
	}
}
