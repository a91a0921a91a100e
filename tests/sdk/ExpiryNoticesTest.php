<?php
/**
 * Which licences need an expiry notice, grouped per licence server, and how long a dismissal lasts.
 *
 * @package SvcLicensingClient
 */

use PHPUnit\Framework\TestCase;
use Svc\LicensingClient\ExpiryNotices;
use Svc\LicensingClient\LicenseRecord;

final class ExpiryNoticesTest extends TestCase {

	private const DAY = 86400;
	private const NOW = 1800000000;

	/**
	 * A record whose last answer expires at the given time (null: lifetime).
	 *
	 * @param int|null             $expires Unix time.
	 * @param array<string, mixed> $more    Other answer fields.
	 */
	private static function record( ?int $expires, array $more = array() ): LicenseRecord {
		return ( new LicenseRecord() )->after_answer(
			$more + array(
				'valid'       => true,
				'status'      => 'active',
				'expires'     => null === $expires ? null : gmdate( 'Y-m-d\TH:i:s\Z', $expires ),
				'renewal_url' => 'https://seller.example/renew/',
			),
			self::NOW - 60
		);
	}

	public function test_a_license_expiring_within_14_days_or_expired_needs_a_notice_and_one_further_out_does_not(): void {
		$due = ExpiryNotices::due(
			array(
				'soon'     => array( 'server' => 'a', 'record' => self::record( self::NOW + 14 * self::DAY ) ),
				'later'    => array( 'server' => 'a', 'record' => self::record( self::NOW + 14 * self::DAY + 1 ) ),
				'lifetime' => array( 'server' => 'a', 'record' => self::record( null ) ),
				'past'     => array( 'server' => 'a', 'record' => self::record( self::NOW - self::DAY, array( 'valid' => false, 'status' => 'expired' ) ) ),
			),
			array(),
			self::NOW
		);
		$this->assertSame( array( 'a' ), array_keys( $due ) );
		$this->assertSame( array( 'soon', 'past' ), array_keys( $due['a'] ) );
		$this->assertSame(
			array(
				'expires'     => self::NOW + 14 * self::DAY,
				'expired'     => false,
				'renewal_url' => 'https://seller.example/renew/',
			),
			$due['a']['soon']
		);
		$this->assertTrue( $due['a']['past']['expired'] );
	}

	public function test_an_expiry_in_the_past_counts_as_expired_even_before_the_server_says_so(): void {
		$due = ExpiryNotices::due( array( 'p' => array( 'server' => 'a', 'record' => self::record( self::NOW ) ) ), array(), self::NOW );
		$this->assertTrue( $due['a']['p']['expired'] );
		$status = ExpiryNotices::due( array( 'p' => array( 'server' => 'a', 'record' => self::record( self::NOW + self::DAY, array( 'status' => 'expired' ) ) ) ), array(), self::NOW );
		$this->assertTrue( $status['a']['p']['expired'], 'the status expired wins' );
	}

	public function test_products_of_one_server_share_one_notice_and_other_servers_have_their_own(): void {
		$due = ExpiryNotices::due(
			array(
				'widgets' => array( 'server' => 'acme', 'record' => self::record( self::NOW + 3 * self::DAY ) ),
				'other'   => array( 'server' => 'globex', 'record' => self::record( self::NOW + 3 * self::DAY ) ),
				'gadgets' => array( 'server' => 'acme', 'record' => self::record( self::NOW - 3 * self::DAY ) ),
			),
			array(),
			self::NOW
		);
		$this->assertSame( array( 'acme', 'globex' ), array_keys( $due ) );
		$this->assertSame( array( 'widgets', 'gadgets' ), array_keys( $due['acme'] ) );
		$this->assertSame( array( 'other' ), array_keys( $due['globex'] ) );
	}

	public function test_no_answer_a_refusal_without_expiry_and_ended_licenses_need_no_notice(): void {
		$due = ExpiryNotices::due(
			array(
				'none'      => array( 'server' => 'a', 'record' => new LicenseRecord() ),
				'refused'   => array( 'server' => 'a', 'record' => ( new LicenseRecord() )->after_answer( array( 'valid' => false, 'status' => 'license_not_found' ), self::NOW ) ),
				'revoked'   => array( 'server' => 'a', 'record' => self::record( self::NOW + self::DAY, array( 'valid' => false, 'status' => 'revoked' ) ) ),
				'cancelled' => array( 'server' => 'a', 'record' => self::record( self::NOW - self::DAY, array( 'valid' => false, 'status' => 'cancelled' ) ) ),
				'garbled'   => array( 'server' => 'a', 'record' => ( new LicenseRecord() )->after_answer( array( 'expires' => 'soon' ), self::NOW ) ),
			),
			array(),
			self::NOW
		);
		$this->assertSame( array(), $due );
	}

	public function test_a_trial_ending_soon_needs_a_notice(): void {
		$due = ExpiryNotices::due( array( 't' => array( 'server' => 'a', 'record' => self::record( self::NOW + 2 * self::DAY, array( 'status' => 'trial' ) ) ) ), array(), self::NOW );
		$this->assertFalse( $due['a']['t']['expired'] );
	}

	public function test_the_last_answer_is_used_while_the_server_cannot_be_reached(): void {
		$record = self::record( self::NOW + self::DAY )->after_failure( self::NOW );
		$due    = ExpiryNotices::due( array( 'p' => array( 'server' => 'a', 'record' => $record ) ), array(), self::NOW );
		$this->assertSame( 'https://seller.example/renew/', $due['a']['p']['renewal_url'] );
	}

	public function test_only_an_http_renewal_url_is_kept(): void {
		foreach ( array( 'javascript:alert(1)', '', 'ftp://seller.example/', 42, null ) as $bad ) {
			$due = ExpiryNotices::due( array( 'p' => array( 'server' => 'a', 'record' => self::record( self::NOW + self::DAY, array( 'renewal_url' => $bad ) ) ) ), array(), self::NOW );
			$this->assertNull( $due['a']['p']['renewal_url'], var_export( $bad, true ) );
		}
		$due = ExpiryNotices::due( array( 'p' => array( 'server' => 'a', 'record' => self::record( self::NOW + self::DAY, array( 'renewal_url' => 'HTTP://seller.example/r?p=x' ) ) ) ), array(), self::NOW );
		$this->assertSame( 'HTTP://seller.example/r?p=x', $due['a']['p']['renewal_url'] );
	}

	public function test_a_dismissal_hides_its_server_for_14_days_then_the_notice_comes_back(): void {
		$licenses  = array(
			'widgets' => array( 'server' => 'acme', 'record' => self::record( self::NOW + 3 * self::DAY ) ),
			'other'   => array( 'server' => 'globex', 'record' => self::record( self::NOW + 3 * self::DAY ) ),
		);
		$dismissed = ExpiryNotices::dismiss( array(), 'acme', self::NOW );
		$this->assertSame( array( 'acme' => self::NOW + 14 * self::DAY ), $dismissed );

		$this->assertSame( array( 'globex' ), array_keys( ExpiryNotices::due( $licenses, $dismissed, self::NOW ) ) );
		$this->assertSame( array( 'globex' ), array_keys( ExpiryNotices::due( $licenses, $dismissed, self::NOW + 14 * self::DAY - 1 ) ) );
		$this->assertSame( array( 'acme', 'globex' ), array_keys( ExpiryNotices::due( $licenses, $dismissed, self::NOW + 14 * self::DAY ) ) );
	}

	public function test_dismissing_again_moves_the_end_and_ended_or_unreadable_dismissals_are_dropped(): void {
		$stored = array(
			'acme' => self::NOW + self::DAY,
			'old'  => self::NOW - 1,
			'bad'  => 'tomorrow',
			7      => self::NOW + self::DAY,
		);
		$this->assertSame( array( 'acme' => self::NOW + self::DAY ), ExpiryNotices::dismissals( $stored, self::NOW ) );
		$this->assertSame( array(), ExpiryNotices::dismissals( 'garbage', self::NOW ) );
		$this->assertSame(
			array( 'acme' => self::NOW + 10 * self::DAY + 14 * self::DAY ),
			ExpiryNotices::dismiss( $stored, 'acme', self::NOW + 10 * self::DAY )
		);
	}
}
