<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\MoveIn;

use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\License\LicenseInput;
use Svc\Licensing\Domain\MoveIn\SlmAnswer;

final class SlmAnswerTest extends TestCase {

	public function test_refusals_carry_slms_codes(): void {
		$this->assertSame(
			array(
				'result'     => 'error',
				'message'    => 'Reached maximum allowable domains',
				'error_code' => 50,
			),
			SlmAnswer::refused( ErrorCode::ACTIVATION_LIMIT_REACHED, 'active' )
		);
		$this->assertSame( 30, SlmAnswer::refused( ErrorCode::LICENSE_NOT_ACTIVE, 'expired' )['error_code'] );
		$this->assertSame( 20, SlmAnswer::refused( ErrorCode::LICENSE_NOT_ACTIVE, 'suspended' )['error_code'] );
		$this->assertSame( 20, SlmAnswer::refused( ErrorCode::LICENSE_NOT_ACTIVE, 'revoked' )['error_code'] );
		$this->assertSame( 60, SlmAnswer::refused( ErrorCode::LICENSE_NOT_FOUND, null )['error_code'] );
		$this->assertSame( 60, SlmAnswer::refused( ErrorCode::INVALID_LICENSE_KEY, null )['error_code'] );
		$this->assertSame(
			array(
				'result'     => 'error',
				'message'    => 'License key already in use on a.example',
				'error_code' => 40,
			),
			SlmAnswer::in_use( 'a.example' )
		);
	}

	public function test_check_answers_the_license_fields(): void {
		$answer = SlmAnswer::checked(
			array(
				'customer_email'   => 'ada@example.com',
				'activation_limit' => 2,
				'created_at'       => '2026-01-02 10:00:00',
				'expires'          => '2027-03-04 00:00:00',
			),
			'trial',
			'SLM-abc',
			'acme',
			array( 'a.example', 'b.example' )
		);
		$this->assertSame(
			array(
				'result'              => 'success',
				'message'             => 'License key details retrieved.',
				'status'              => 'active',
				'license_key'         => 'SLM-abc',
				'email'               => 'ada@example.com',
				'max_allowed_domains' => 2,
				'registered_domains'  => array(
					array( 'registered_domain' => 'a.example' ),
					array( 'registered_domain' => 'b.example' ),
				),
				'date_created'        => '2026-01-02',
				'date_expiry'         => '2027-03-04',
				'product_ref'         => 'acme',
			),
			$answer
		);
	}

	public function test_unlimited_never_expiring_and_ended_licenses(): void {
		$answer = SlmAnswer::checked(
			array(
				'activation_limit' => LicenseInput::MAX_ACTIVATIONS,
				'expires'          => null,
			),
			'expired',
			'k',
			'p',
			array()
		);
		$this->assertSame( 0, $answer['max_allowed_domains'] );
		$this->assertSame( '0000-00-00', $answer['date_expiry'] );
		$this->assertSame( 'expired', $answer['status'] );
		$this->assertSame( 'blocked', SlmAnswer::status_word( 'cancelled' ) );
		$this->assertSame( 'blocked', SlmAnswer::status_word( 'suspended' ) );
	}
}
