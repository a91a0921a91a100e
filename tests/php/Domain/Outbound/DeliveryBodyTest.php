<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\Outbound;

use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\Outbound\DeliveryBody;

final class DeliveryBodyTest extends TestCase {

	public function test_the_body_carries_the_delivery_id_the_type_and_the_event(): void {
		$event = array(
			'id'   => 7,
			'type' => 'license.created',
			'url'  => 'https://example.com/a',
		);
		$body  = DeliveryBody::encode( 'f0e1d2c3-0000-4000-8000-000000000001', $event, '2026-01-01T00:00:00Z' );
		$this->assertSame(
			'{"id":"f0e1d2c3-0000-4000-8000-000000000001","type":"license.created","created_at":"2026-01-01T00:00:00Z","event":{"id":7,"type":"license.created","url":"https://example.com/a"}}',
			$body
		);
	}
}
