<?php
/**
 * The seller's list of notices, and the defaults the service ships switched off.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\Renewal;

use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\Renewal\InvalidNotice;
use Svc\Licensing\Domain\Renewal\Notice;
use Svc\Licensing\Domain\Renewal\NoticeSet;
use Svc\Licensing\Domain\Renewal\Template;

final class NoticeSetTest extends TestCase {

	public function test_the_shipped_defaults_are_all_switched_off(): void {
		$defaults = NoticeSet::defaults();
		$this->assertNotEmpty( $defaults->all() );
		foreach ( $defaults->all() as $notice ) {
			$this->assertFalse( $notice->enabled, $notice->id . ' ships switched off' );
		}
		$this->assertSame( array(), $defaults->enabled( Notice::RENEWAL ) );
		$this->assertSame( array(), $defaults->enabled( Notice::TRIAL ) );
	}

	public function test_the_defaults_remind_before_on_and_after_expiry_and_before_a_trial_ends(): void {
		$offsets = array();
		foreach ( NoticeSet::defaults()->all() as $notice ) {
			$offsets[ $notice->kind ][] = $notice->offset;
		}
		$this->assertSame( array( -30, -7, 0, 7 ), $offsets[ Notice::RENEWAL ] );
		$this->assertSame( array( -3 ), $offsets[ Notice::TRIAL ] );
	}

	public function test_the_defaults_pass_their_own_validation_and_offer_the_renewal_link(): void {
		$rows = NoticeSet::defaults()->to_list();
		$this->assertEquals( NoticeSet::defaults(), NoticeSet::from_list( $rows ) );
		foreach ( NoticeSet::defaults()->all() as $notice ) {
			$this->assertStringContainsString( '{renewal_link}', $notice->body, $notice->id );
			$this->assertSame( array(), Template::unknown( $notice->subject . $notice->body ) );
		}
	}

	public function test_enabled_notices_of_a_kind_come_in_offset_order(): void {
		$set = NoticeSet::from_list(
			array(
				self::row( 'after-7', 'renewal', 7, true ),
				self::row( 'before-30', 'renewal', -30, true ),
				self::row( 'off', 'renewal', -1, false ),
				self::row( 'trial-3', 'trial', -3, true ),
			)
		);
		$this->assertSame( array( 'before-30', 'after-7' ), self::ids( $set->enabled( Notice::RENEWAL ) ) );
		$this->assertSame( array( 'trial-3' ), self::ids( $set->enabled( Notice::TRIAL ) ) );
		$this->assertSame( 'off', $set->find( 'off' )->id );
		$this->assertNull( $set->find( 'nope' ) );
	}

	public function test_two_notices_with_one_id_are_refused(): void {
		$this->expectException( InvalidNotice::class );
		$this->expectExceptionMessage( 'Two notices are named before-7: give each its own name.' );
		NoticeSet::from_list( array( self::row( 'before-7', 'renewal', -7, true ), self::row( 'before-7', 'renewal', -8, true ) ) );
	}

	public function test_two_notices_of_a_kind_on_the_same_day_are_refused(): void {
		try {
			NoticeSet::from_list( array( self::row( 'a', 'renewal', -7, true ), self::row( 'b', 'renewal', -7, false ) ) );
			$this->fail( 'accepted' );
		} catch ( InvalidNotice $refused ) {
			$this->assertSame( 'offset', $refused->field );
			$this->assertSame( 'b', $refused->notice );
			$this->assertSame( 'Notices a and b both go 7 days before expiry: one mail a day is enough, move or remove one.', $refused->getMessage() );
		}
		// A renewal and a trial notice on the same day reach different licences.
		$this->assertCount( 2, NoticeSet::from_list( array( self::row( 'a', 'renewal', -3, true ), self::row( 'b', 'trial', -3, true ) ) )->all() );
	}

	public function test_at_most_twenty_notices(): void {
		$rows = array();
		for ( $i = 1; $i <= 21; $i++ ) {
			$rows[] = self::row( 'n' . $i, 'renewal', -$i, false );
		}
		$this->expectExceptionMessage( 'At most 20 notices' );
		NoticeSet::from_list( $rows );
	}

	public function test_a_refusal_names_the_notice_it_is_about(): void {
		try {
			NoticeSet::from_list( array( self::row( 'fine', 'renewal', -7, true ), array( 'id' => 'broken' ) + self::row( 'x', 'nope', 1, true ) ) );
			$this->fail( 'accepted' );
		} catch ( InvalidNotice $refused ) {
			$this->assertSame( 'broken', $refused->notice );
			$this->assertSame( 'kind', $refused->field );
		}
		try {
			NoticeSet::from_list( array( 'not a notice' ) );
			$this->fail( 'accepted' );
		} catch ( InvalidNotice $refused ) {
			$this->assertSame( 'Each notice must be an object with id, kind, offset, enabled, subject and body.', $refused->getMessage() );
		}
	}

	/**
	 * A notice row.
	 *
	 * @return array<string, mixed>
	 */
	private static function row( string $id, string $kind, int $offset, bool $enabled ): array {
		return array(
			'id'      => $id,
			'kind'    => $kind,
			'offset'  => $offset,
			'enabled' => $enabled,
			'subject' => 'About {product}',
			'body'    => 'Renew: {renewal_link}',
		);
	}

	/**
	 * Ids.
	 *
	 * @param Notice[] $notices Notices.
	 * @return string[]
	 */
	private static function ids( array $notices ): array {
		return array_map(
			static function ( Notice $notice ): string {
				return $notice->id;
			},
			$notices
		);
	}
}
