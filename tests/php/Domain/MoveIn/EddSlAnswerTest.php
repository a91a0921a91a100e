<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\MoveIn;

use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\License\LicenseInput;
use Svc\Licensing\Domain\MoveIn\EddSlAnswer;

final class EddSlAnswerTest extends TestCase {

	/**
	 * @param array<string, mixed> $row Row overrides.
	 * @return array<string, mixed>
	 */
	private static function facts( array $row = array(), string $status = 'active' ): array {
		return EddSlAnswer::facts(
			$row + array(
				'expires'          => '2027-01-02 03:04:05',
				'activation_limit' => 3,
				'activation_count' => 1,
			),
			$status,
			'42',
			'Pro Widgets',
			'2'
		);
	}

	public function test_activation_answers_in_edds_fields(): void {
		$this->assertSame(
			array(
				'success'          => true,
				'license'          => 'valid',
				'item_id'          => '42',
				'item_name'        => 'Pro Widgets',
				'expires'          => '2027-01-02 03:04:05',
				'license_limit'    => 3,
				'site_count'       => 1,
				'activations_left' => 2,
				'price_id'         => '2',
			),
			EddSlAnswer::activated( self::facts() )
		);
	}

	public function test_lifetime_and_unlimited_read_back_as_edds_words(): void {
		$facts = self::facts(
			array(
				'expires'          => null,
				'activation_limit' => LicenseInput::MAX_ACTIVATIONS,
				'activation_count' => 7,
			)
		);
		$this->assertSame( 'lifetime', $facts['expires'] );
		$this->assertSame( 0, $facts['license_limit'] );
		$this->assertSame( 'unlimited', $facts['activations_left'] );
		$this->assertSame( 7, $facts['site_count'] );
		$this->assertSame( 0, self::facts( array( 'activation_count' => 3 ) )['activations_left'] );
		$this->assertFalse( EddSlAnswer::facts( array(), 'active', '', 'X', null )['price_id'] );
	}

	public function test_refused_activation_words(): void {
		$full = EddSlAnswer::activation_refused( ErrorCode::ACTIVATION_LIMIT_REACHED, self::facts( array( 'activation_count' => 3 ) ), false );
		$this->assertFalse( $full['success'] );
		$this->assertSame( 'invalid', $full['license'] );
		$this->assertSame( 'no_activations_left', $full['error'] );
		$this->assertSame( 0, $full['activations_left'] );
		$this->assertSame( 'expired', EddSlAnswer::activation_refused( ErrorCode::LICENSE_NOT_ACTIVE, self::facts( array(), 'expired' ), false )['error'] );
		$this->assertSame( 'disabled', EddSlAnswer::activation_refused( ErrorCode::LICENSE_NOT_ACTIVE, self::facts( array(), 'revoked' ), false )['error'] );
		$this->assertSame( 'disabled', EddSlAnswer::activation_refused( ErrorCode::LICENSE_NOT_ACTIVE, self::facts( array(), 'suspended' ), false )['error'] );
		$this->assertSame( 'missing', EddSlAnswer::activation_refused( ErrorCode::LICENSE_NOT_FOUND, null, false )['error'] );
		$this->assertSame( 'missing', EddSlAnswer::activation_refused( ErrorCode::INVALID_LICENSE_KEY, null, false )['error'] );
		$this->assertSame( 'invalid_item_id', EddSlAnswer::activation_refused( ErrorCode::PRODUCT_NOT_FOUND, null, false )['error'] );
		$this->assertSame( 'item_name_mismatch', EddSlAnswer::activation_refused( ErrorCode::PRODUCT_NOT_FOUND, null, true )['error'] );
		$this->assertArrayNotHasKey( 'status', $full );
	}

	public function test_check_words(): void {
		$this->assertSame( 'valid', EddSlAnswer::checked( self::facts(), true )['license'] );
		$this->assertTrue( EddSlAnswer::checked( self::facts(), true )['success'] );
		$this->assertSame( 'site_inactive', EddSlAnswer::checked( self::facts(), false )['license'] );
		$this->assertFalse( EddSlAnswer::checked( self::facts(), false )['success'] );
		$this->assertSame( 'valid', EddSlAnswer::checked( self::facts( array(), 'trial' ), true )['license'] );
		$this->assertSame( 'expired', EddSlAnswer::checked( self::facts( array(), 'expired' ), true )['license'] );
		$this->assertSame( 'disabled', EddSlAnswer::checked( self::facts( array(), 'cancelled' ), true )['license'] );
		$this->assertSame( array( 'success' => false, 'license' => 'invalid' ), EddSlAnswer::check_refused( ErrorCode::LICENSE_NOT_FOUND, false ) );
		$this->assertSame( 'invalid_item_id', EddSlAnswer::check_refused( ErrorCode::PRODUCT_NOT_FOUND, false )['license'] );
		$this->assertSame( 'item_name_mismatch', EddSlAnswer::check_refused( ErrorCode::PRODUCT_NOT_FOUND, true )['license'] );
	}

	public function test_deactivation_words(): void {
		$this->assertSame( 'deactivated', EddSlAnswer::deactivated( true, self::facts() )['license'] );
		$this->assertTrue( EddSlAnswer::deactivated( true, self::facts() )['success'] );
		$this->assertSame( array( 'success' => false, 'license' => 'failed' ), EddSlAnswer::deactivated( false, null ) );
	}

	public function test_version_answer_feeds_edds_updater(): void {
		$answer = EddSlAnswer::version(
			array(
				'name' => 'Pro Widgets',
				'slug' => 'pro-widgets',
			),
			array(
				'version'      => '2.1.0',
				'changelog'    => 'Fixes.',
				'requires'     => '6.0',
				'tested'       => '6.7',
				'requires_php' => '7.4',
				'published_at' => 1700000000,
			),
			'http://127.0.0.1/dl?t=x',
			'http://127.0.0.1/pro',
			''
		);
		$this->assertSame( '2.1.0', $answer['new_version'] );
		$this->assertSame( '2.1.0', $answer['stable_version'] );
		$this->assertSame( 'http://127.0.0.1/dl?t=x', $answer['package'] );
		$this->assertSame( $answer['package'], $answer['download_link'] );
		$this->assertSame( array( 'changelog' => 'Fixes.' ), unserialize( $answer['sections'] ) ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.serialize_unserialize
		$this->assertSame( '2023-11-14 22:13:20', $answer['last_updated'] );
		$this->assertSame( 'pro-widgets', $answer['slug'] );
	}

	/**
	 * EDD answers get_version with the slug the client sent (its main file's name), the download's own only when none
	 * came: core keys "View details" on it, and the shipped updater answers plugins_api only for its own slug.
	 */
	public function test_version_answers_the_slug_the_client_sent(): void {
		$product = array(
			'name' => 'Pro Widgets',
			'slug' => 'pro-widgets',
		);
		$offer   = array( 'version' => '2.1.0' );
		$this->assertSame( 'old-widgets', EddSlAnswer::version( $product, $offer, '', 'http://127.0.0.1/pro', 'old-widgets' )['slug'] );
		$this->assertSame( 'pro-widgets', EddSlAnswer::version( $product, $offer, '', 'http://127.0.0.1/pro', '' )['slug'] );
	}
}
