<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\MoveIn;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\License\LicenseInput;
use Svc\Licensing\Domain\License\LicenseStatus;
use Svc\Licensing\Domain\MoveIn\Refused;
use Svc\Licensing\Domain\MoveIn\Rows;
use Svc\Licensing\Domain\MoveIn\Source;

final class RowsTest extends TestCase {

	/**
	 * An EDD licence row as the reader hands it over.
	 *
	 * @param array<string, mixed> $changes Columns to change.
	 * @return array<string, mixed>
	 */
	private static function edd( array $changes = array() ): array {
		return array_merge(
			array(
				'id'          => '12',
				'license_key' => 'd41d8cd98f00b204e9800998ecf8427e',
				'status'      => 'active',
				'download_id' => '7',
				'price_id'    => '2',
				'expiration'  => '1893456000',
				'parent'      => '0',
				'email'       => ' Buyer@Example.COM ',
				'name'        => 'Ada Buyer',
				'limit_meta'  => null,
			),
			$changes
		);
	}

	/**
	 * An SLM licence row as the reader hands it over.
	 *
	 * @param array<string, mixed> $changes Columns to change.
	 * @return array<string, mixed>
	 */
	private static function slm( array $changes = array() ): array {
		return array_merge(
			array(
				'id'                  => '3',
				'license_key'         => 'SLM-5f3c2a1b9e4d7',
				'max_allowed_domains' => '2',
				'lic_status'          => 'pending',
				'first_name'          => 'Grace',
				'last_name'           => 'Hopper',
				'email'               => 'grace@example.com',
				'date_expiry'         => '2027-03-31',
				'product_ref'         => 'acme-pro',
			),
			$changes
		);
	}

	public function test_an_edd_license_keeps_its_key_and_points_at_its_download_and_price(): void {
		$draft = Rows::edd_license( self::edd() );
		$this->assertSame( '12', $draft['old_id'] );
		$this->assertSame( 'D41D8CD98F00B204E9800998ECF8427E', $draft['key']->reveal() );
		$this->assertSame( '7', $draft['product'] );
		$this->assertSame( '7:2', $draft['price'] );
		$this->assertNull( $draft['parent'] );
		$this->assertNull( $draft['limit'] );
		$this->assertSame(
			array(
				'status'         => LicenseStatus::ACTIVE,
				'expires'        => '2030-01-01T00:00:00Z',
				'customer_email' => 'buyer@example.com',
				'customer_name'  => 'Ada Buyer',
			),
			$draft['fields']
		);
	}

	public function test_an_edd_lifetime_license_has_no_expiry_and_a_child_names_its_parent(): void {
		foreach ( array( '0', null, '' ) as $lifetime ) {
			$draft = Rows::edd_license(
				self::edd(
					array(
						'expiration' => $lifetime,
						'parent'     => '9',
						'price_id'   => null,
					)
				)
			);
			$this->assertNull( $draft['fields']['expires'] );
			$this->assertSame( '9', $draft['parent'] );
			$this->assertNull( $draft['price'] );
		}
	}

	public function test_an_edd_license_of_its_own_limit_keeps_it_and_zero_is_unlimited(): void {
		$this->assertSame( 5, Rows::edd_license( self::edd( array( 'limit_meta' => '5' ) ) )['limit'] );
		$this->assertSame( LicenseInput::MAX_ACTIVATIONS, Rows::edd_license( self::edd( array( 'limit_meta' => '0' ) ) )['limit'] );
	}

	public function test_edd_limit_takes_the_license_then_the_price_then_the_download(): void {
		$this->assertSame( 4, Rows::edd_limit( 4, 3, 2 ) );
		$this->assertSame( 3, Rows::edd_limit( null, 3, 2 ) );
		$this->assertSame( 2, Rows::edd_limit( null, null, 2 ) );
		$this->assertSame( LicenseInput::MAX_ACTIVATIONS, Rows::edd_limit( null, 0, 2 ) );
		$this->assertSame( LicenseInput::MAX_ACTIVATIONS, Rows::edd_limit( null, null, null ) );
	}

	/**
	 * @return array<string, array{string, string, string}>
	 */
	public static function statuses(): array {
		return array(
			'EDD active'   => array( Source::EDD_SL, 'active', LicenseStatus::ACTIVE ),
			'EDD inactive' => array( Source::EDD_SL, 'inactive', LicenseStatus::ACTIVE ),
			'EDD expired'  => array( Source::EDD_SL, 'expired', LicenseStatus::EXPIRED ),
			'EDD disabled' => array( Source::EDD_SL, 'Disabled', LicenseStatus::SUSPENDED ),
			'SLM pending'  => array( Source::SLM, 'pending', LicenseStatus::ACTIVE ),
			'SLM active'   => array( Source::SLM, 'active', LicenseStatus::ACTIVE ),
			'SLM blocked'  => array( Source::SLM, 'blocked', LicenseStatus::SUSPENDED ),
			'SLM expired'  => array( Source::SLM, 'expired', LicenseStatus::EXPIRED ),
		);
	}

	#[DataProvider( 'statuses' )]
	public function test_status_mapping( string $source, string $old, string $expected ): void {
		$this->assertSame( $expected, Source::status( $source, $old ) );
	}

	public function test_an_unknown_status_is_refused_with_its_name(): void {
		try {
			Rows::edd_license( self::edd( array( 'status' => 'revoked' ) ) );
			$this->fail( 'A licence of an unknown status moved in.' );
		} catch ( Refused $refused ) {
			$this->assertSame( Refused::UNKNOWN_STATUS, $refused->reason );
			$this->assertSame( 'revoked', $refused->detail );
		}
	}

	/**
	 * @return array<string, array{array<string, mixed>, string}>
	 */
	public static function refusals(): array {
		return array(
			'no email'       => array( array( 'email' => '  ' ), Refused::NO_EMAIL ),
			'no customer'    => array( array( 'email' => null ), Refused::NO_EMAIL ),
			'not an email'   => array( array( 'email' => 'buyer-at-example' ), Refused::BAD_EMAIL ),
			'key with space' => array( array( 'license_key' => 'abc def ghi jkl' ), Refused::KEY_UNUSABLE ),
			'key too short'  => array( array( 'license_key' => 'abc' ), Refused::KEY_UNUSABLE ),
		);
	}

	/**
	 * @param array<string, mixed> $changes Columns to change.
	 * @param string               $reason  Expected reason.
	 */
	#[DataProvider( 'refusals' )]
	public function test_refusals( array $changes, string $reason ): void {
		try {
			Rows::edd_license( self::edd( $changes ) );
			$this->fail( 'The row moved in.' );
		} catch ( Refused $refused ) {
			$this->assertSame( $reason, $refused->reason );
		}
	}

	public function test_an_slm_license(): void {
		$draft = Rows::slm_license( self::slm() );
		$this->assertSame( 'SLM-5F3C2A1B9E4D7', $draft['key']->reveal() );
		$this->assertSame( 'acme-pro', $draft['product'] );
		$this->assertSame( 2, $draft['limit'] );
		$this->assertSame( 'Grace Hopper', $draft['fields']['customer_name'] );
		$this->assertSame( '2027-03-31T23:59:59Z', $draft['fields']['expires'] );
		$this->assertSame( LicenseStatus::ACTIVE, $draft['fields']['status'] );
	}

	public function test_slm_zero_date_and_unlimited_domains(): void {
		$draft = Rows::slm_license(
			self::slm(
				array(
					'date_expiry'         => '0000-00-00',
					'max_allowed_domains' => '0',
				)
			)
		);
		$this->assertNull( $draft['fields']['expires'] );
		$this->assertSame( LicenseInput::MAX_ACTIVATIONS, $draft['limit'] );
		$this->assertNull( Rows::expires_from_date( '2027-02-30' ) );
		$this->assertNull( Rows::expires_from_date( '' ) );
	}

	public function test_sites_are_normalised_as_the_service_counts_them(): void {
		$this->assertSame( 'example.com/shop', Rows::site( 'https://www.Example.com/shop/' ) );
		$this->assertSame( 'example.com', Rows::site( 'example.com' ) );
		$this->expectException( Refused::class );
		Rows::site( 'not a site' );
	}

	public function test_versions(): void {
		$this->assertSame( '2.1.0', Rows::version( '2.1' ) );
		$this->assertSame( '3.0.0', Rows::version( 'v3' ) );
		$this->assertSame( '1.4.2-beta.1', Rows::version( '1.4.2-beta.1' ) );
		try {
			Rows::version( 'latest' );
			$this->fail( 'A word became a version.' );
		} catch ( Refused $refused ) {
			$this->assertSame( Refused::BAD_VERSION, $refused->reason );
		}
	}

	public function test_the_fingerprint_follows_the_values_not_their_order(): void {
		$this->assertSame( Rows::fingerprint( array( 'a' => 1, 'b' => null ) ), Rows::fingerprint( array( 'b' => null, 'a' => 1 ) ) );
		$this->assertNotSame( Rows::fingerprint( array( 'expires' => '2027-01-01T00:00:00Z' ) ), Rows::fingerprint( array( 'expires' => '2028-01-01T00:00:00Z' ) ) );
	}
}
