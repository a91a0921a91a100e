<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\Event;

use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\Event\LicensePayload;
use Svc\Licensing\Domain\License\LicenseKey;

final class LicensePayloadTest extends TestCase {

	public function test_a_created_license_shows_its_key_masked_and_no_hash(): void {
		$key     = LicenseKey::generate();
		$payload = LicensePayload::created(
			$key,
			array(
				'status'         => 'active',
				'customer_email' => 'ada@example.com',
				'key_hash'       => str_repeat( 'f', 64 ),
				'key_first'      => $key->first_group(),
				'product_id'     => 3,
			)
		);
		$this->assertSame(
			array(
				'key'            => 'XXXX-XXXX-XXXX-' . $key->last_group(),
				'status'         => 'active',
				'customer_email' => 'ada@example.com',
			),
			$payload
		);
		$this->assertStringNotContainsString( $key->reveal(), (string) json_encode( $payload ) );
	}

	public function test_a_rotation_shows_both_keys_masked(): void {
		$key = LicenseKey::generate();
		$this->assertSame(
			array(
				'previous_key' => 'XXXX-XXXX-XXXX-ABCD',
				'key'          => 'XXXX-XXXX-XXXX-' . $key->last_group(),
			),
			LicensePayload::rotated( 'ABCD', $key )
		);
	}
}
