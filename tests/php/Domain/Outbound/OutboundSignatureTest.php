<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\Outbound;

use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\Outbound\EndpointSecret;
use Svc\Licensing\Domain\PaymentEvent\StripeSignature;

final class OutboundSignatureTest extends TestCase {

	public function test_the_header_is_t_and_v1_of_hmac_sha256_over_t_dot_body(): void {
		$body   = '{"id":"d1","type":"license.created"}';
		$secret = 'svcwh_out_test';
		$header = EndpointSecret::sign( $body, $secret, 1700000000 );
		$this->assertSame( 't=1700000000,v1=' . hash_hmac( 'sha256', '1700000000.' . $body, $secret ), $header );
		StripeSignature::verify( $header, $body, $secret, 1700000010 );
		$this->expectException( \Svc\Licensing\Domain\PaymentEvent\InvalidSignature::class );
		StripeSignature::verify( $header, $body . ' ', $secret, 1700000010 );
	}

	public function test_a_new_secret_is_prefixed_random_and_long(): void {
		$one = EndpointSecret::generate();
		$two = EndpointSecret::generate();
		$this->assertMatchesRegularExpression( '/^svcwh_[A-Za-z0-9]{40}$/', $one );
		$this->assertNotSame( $one, $two );
	}
}
