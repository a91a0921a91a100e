<?php
/**
 * Who gets a notice: not a licence that renews by itself, not an ended one, not an unsubscribed customer, and a
 * trial's notice only for trials.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\Renewal;

use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\Renewal\Notice;
use Svc\Licensing\Domain\Renewal\Recipient;

final class RecipientTest extends TestCase {

	/**
	 * A licence row's facts.
	 *
	 * @param array<string, mixed> $changes Changes.
	 * @return array<string, mixed>
	 */
	private static function license( array $changes = array() ): array {
		return $changes + array(
			'status'                    => 'active',
			'is_trial'                  => 0,
			'processor_subscription_id' => 'invoice:in_1Abc',
			'customer_email'            => 'ada@example.com',
			'expires'                   => '2027-03-17 12:00:00',
		);
	}

	public function test_an_active_subscription_renews_by_itself(): void {
		$this->assertTrue( Recipient::renews_itself( self::license( array( 'processor_subscription_id' => 'sub_1NqX' ) ) ) );
		$this->assertSame( Recipient::RENEWS_ITSELF, Recipient::skip( self::license( array( 'processor_subscription_id' => 'sub_1NqX' ) ), Notice::RENEWAL, false ) );
	}

	public function test_a_one_off_payment_an_import_or_an_admin_license_does_not(): void {
		foreach ( array( 'invoice:in_1Abc', '', null ) as $reference ) {
			$this->assertFalse( Recipient::renews_itself( self::license( array( 'processor_subscription_id' => $reference ) ) ), (string) json_encode( $reference ) );
		}
		$no_column = self::license();
		unset( $no_column['processor_subscription_id'] );
		$this->assertFalse( Recipient::renews_itself( $no_column ) );
		$this->assertNull( Recipient::skip( self::license(), Notice::RENEWAL, false ) );
	}

	public function test_a_subscription_that_lapsed_is_still_stripes_to_collect(): void {
		// Payment failed: the licence expired while Stripe retries the card. A one-off renewal link now could make
		// the customer pay twice; the subscription's end (customer.subscription.deleted) cancels the licence.
		$lapsed = self::license(
			array(
				'processor_subscription_id' => 'sub_1NqX',
				'status'                    => 'expired',
			)
		);
		$this->assertSame( Recipient::RENEWS_ITSELF, Recipient::skip( $lapsed, Notice::RENEWAL, false ) );
	}

	public function test_an_ended_license_gets_nothing(): void {
		foreach ( array( 'cancelled', 'revoked', 'suspended' ) as $status ) {
			$this->assertSame( Recipient::ENDED, Recipient::skip( self::license( array( 'status' => $status ) ), Notice::RENEWAL, false ), $status );
		}
		foreach ( array( 'active', 'expired' ) as $status ) {
			$this->assertNull( Recipient::skip( self::license( array( 'status' => $status ) ), Notice::RENEWAL, false ), $status );
		}
	}

	public function test_an_unsubscribed_customer_or_one_without_an_email_gets_nothing(): void {
		$this->assertSame( Recipient::UNSUBSCRIBED, Recipient::skip( self::license(), Notice::RENEWAL, true ) );
		$this->assertSame( Recipient::NO_EMAIL, Recipient::skip( self::license( array( 'customer_email' => '' ) ), Notice::RENEWAL, false ) );
	}

	public function test_a_lifetime_license_gets_nothing(): void {
		$this->assertSame( Recipient::LIFETIME, Recipient::skip( self::license( array( 'expires' => null ) ), Notice::RENEWAL, false ) );
	}

	public function test_trials_get_trial_notices_and_paid_licenses_renewal_notices(): void {
		$trial = self::license(
			array(
				'status'                    => 'trial',
				'is_trial'                  => '1',
				'processor_subscription_id' => null,
			)
		);
		$this->assertNull( Recipient::skip( $trial, Notice::TRIAL, false ) );
		$this->assertSame( Recipient::OTHER_KIND, Recipient::skip( $trial, Notice::RENEWAL, false ) );
		$this->assertSame( Recipient::OTHER_KIND, Recipient::skip( self::license(), Notice::TRIAL, false ) );
		$this->assertNull( Recipient::skip( array( 'status' => 'expired' ) + $trial, Notice::TRIAL, false ), 'a trial that ended may be told it ended' );
	}

	public function test_an_ended_license_is_reported_as_ended_whatever_else_holds(): void {
		$this->assertSame(
			Recipient::ENDED,
			Recipient::skip(
				self::license(
					array(
						'status'                    => 'revoked',
						'processor_subscription_id' => 'sub_1',
					)
				),
				Notice::TRIAL,
				true
			)
		);
	}
}
