<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\License;

use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\License\LicenseStatus;
use Svc\Licensing\Domain\License\ValidationAnswer;

final class ValidationAnswerTest extends TestCase {

	private const NOW = 1767323045; // 2026-01-02T03:04:05Z.

	/**
	 * @param array<string, mixed> $overrides Fields to change.
	 * @return array<string, mixed>
	 */
	private static function license( array $overrides = array() ): array {
		return array_merge(
			array(
				'status'           => 'active',
				'expires'          => '2026-06-01 00:00:00',
				'activation_limit' => 3,
				'activation_count' => 1,
				'is_trial'         => false,
				'trial_ends'       => null,
				'tier_label'       => null,
				'tier_features'    => null,
			),
			$overrides
		);
	}

	public function test_expiry_turns_running_statuses_into_expired_only(): void {
		$this->assertSame( 'expired', LicenseStatus::effective( 'active', self::NOW, self::NOW ) );
		$this->assertSame( 'expired', LicenseStatus::effective( 'trial', self::NOW - 1, self::NOW ) );
		$this->assertSame( 'active', LicenseStatus::effective( 'active', self::NOW + 1, self::NOW ) );
		$this->assertSame( 'active', LicenseStatus::effective( 'active', null, self::NOW ) );
		$this->assertSame( 'revoked', LicenseStatus::effective( 'revoked', self::NOW - 1, self::NOW ) );
		$this->assertTrue( LicenseStatus::is_usable( 'trial' ) );
		$this->assertFalse( LicenseStatus::is_usable( 'suspended' ) );
	}

	public function test_a_current_license_answers_every_field(): void {
		$answer = ValidationAnswer::build(
			self::license(
				array(
					'tier_label'    => 'Pro',
					'tier_features' => '["updates",7]',
				)
			),
			array( 'current_version' => '1.4.0' ),
			array( 'server_fingerprint' => null ),
			null,
			false,
			self::NOW
		);
		$this->assertSame(
			array(
				'valid'             => true,
				'status'            => 'active',
				'expires'           => '2026-06-01T00:00:00Z',
				'activation_limit'  => 3,
				'activation_count'  => 1,
				'already_activated' => true,
				'product_version'   => '1.4.0',
				'is_trial'          => false,
				'trial_ends'        => null,
				'tier'              => array(
					'label'    => 'Pro',
					'features' => array( 'updates', '7' ),
				),
				'is_staging'        => false,
			),
			$answer
		);
	}

	public function test_a_staging_site_is_told_it_uses_no_slot(): void {
		$product = array( 'current_version' => '1' );
		$this->assertTrue(
			ValidationAnswer::build( self::license(), $product, array( 'server_fingerprint' => null, 'is_staging' => '1' ), null, false, self::NOW )['is_staging']
		);
		$this->assertFalse(
			ValidationAnswer::build( self::license(), $product, array( 'server_fingerprint' => null, 'is_staging' => '0' ), null, false, self::NOW )['is_staging']
		);
		$this->assertFalse( ValidationAnswer::build( self::license(), $product, null, null, false, self::NOW )['is_staging'] );
	}

	public function test_an_expired_license_is_invalid(): void {
		$answer = ValidationAnswer::build( self::license( array( 'expires' => '2026-01-01 00:00:00' ) ), array( 'current_version' => '1' ), null, null, false, self::NOW );
		$this->assertFalse( $answer['valid'] );
		$this->assertSame( 'expired', $answer['status'] );
		$this->assertFalse( $answer['already_activated'] );
		$this->assertNull( $answer['tier'] );
	}

	public function test_fingerprint_counts_only_when_the_setting_is_on_and_one_was_stored(): void {
		$activation = array( 'server_fingerprint' => str_repeat( 'a', 64 ) );
		$product    = array( 'current_version' => '1' );
		$other      = str_repeat( 'b', 64 );
		$this->assertTrue( ValidationAnswer::build( self::license(), $product, $activation, $other, false, self::NOW )['valid'] );
		$this->assertFalse( ValidationAnswer::build( self::license(), $product, $activation, $other, true, self::NOW )['valid'] );
		$this->assertFalse( ValidationAnswer::build( self::license(), $product, $activation, null, true, self::NOW )['valid'] );
		$this->assertTrue( ValidationAnswer::build( self::license(), $product, $activation, str_repeat( 'A', 64 ), true, self::NOW )['valid'] );
		$this->assertTrue( ValidationAnswer::build( self::license(), $product, array( 'server_fingerprint' => null ), $other, true, self::NOW )['valid'] );
	}
}
