<?php
/**
 * @package SvcLicensing
 */

namespace Svc\Licensing\Tests\Domain\Lease;

use PHPUnit\Framework\TestCase;
use Svc\Licensing\Domain\Lease\KeyEndorsement;
use Svc\Licensing\Domain\Lease\KeyRing;
use Svc\Licensing\Domain\Lease\KeyRevocation;
use Svc\Licensing\Domain\Lease\KeyRingRefusal;
use Svc\Licensing\Domain\Lease\LeaseKey;
use Svc\Licensing\Domain\Base64Url;

final class KeyRingTest extends TestCase {
	private const DAY = 86400;

	private static function key( string $label ): LeaseKey {
		return LeaseKey::from_seed( hash( 'sha256', 'ring test ' . $label, true ) );
	}

	private static function refusal( callable $step ): string {
		try {
			$step();
		} catch ( KeyRingRefusal $refusal ) {
			return $refusal->reason();
		}
		return 'none';
	}

	public function test_a_rotation_publishes_the_next_key_endorsed_then_signs_with_it_and_keeps_the_old_one_retired(): void {
		$old  = self::key( 'old' );
		$new  = self::key( 'new' );
		$ring = KeyRing::first( $old, 1000 );
		$this->assertSame( array( $old->kid() => $old->public_key_b64url() ), $ring->public_keys() );

		$prepared = $ring->prepare( $new, 2000 );
		$this->assertSame( $old->kid(), $prepared->active()->kid() );
		$published = $prepared->published();
		$this->assertSame( array( 'active', 'next' ), array_column( $published, 'status' ) );
		$this->assertSame( array( 'kid', 'alg', 'public_key', 'status', 'created_at', 'endorsed_by', 'endorsement' ), array_keys( $published[1] ) );
		$this->assertSame( $old->kid(), $published[1]['endorsed_by'] );
		$this->assertTrue( KeyEndorsement::verify( (string) $published[1]['endorsement'], $new->kid(), $new->public_key_b64url(), $old->public_key_b64url() ) );
		$this->assertSame( 'next_exists', self::refusal( static fn() => $prepared->prepare( self::key( 'third' ), 2001 ) ) );

		$promoted = $prepared->promote( 3000 );
		$this->assertSame( $new->kid(), $promoted->active()->kid() );
		$this->assertSame( array( 'active', 'retired' ), array_column( $promoted->published(), 'status' ) );
		$this->assertSame( 'no_next', self::refusal( static fn() => $promoted->promote( 3001 ) ) );

		// The retired key's leases run out 14 days after it was retired.
		$this->assertSame( 'leases_outstanding', self::refusal( static fn() => $promoted->remove( $old->kid(), 3000 + 14 * self::DAY - 1, 14 * self::DAY, false ) ) );
		$this->assertSame( array( $new->kid() ), array_keys( $promoted->remove( $old->kid(), 3000 + 14 * self::DAY, 14 * self::DAY, false )->public_keys() ) );
		$this->assertSame( array( $new->kid() ), array_keys( $promoted->remove( $old->kid(), 3001, 14 * self::DAY, true )->public_keys() ) );
		$this->assertSame( 'active_key', self::refusal( static fn() => $promoted->remove( $new->kid(), 9999999, 1, true ) ) );
		$this->assertSame( 'unknown_key', self::refusal( static fn() => $promoted->remove( 'ffffffffffffffff', 1, 1, true ) ) );
		// An abandoned rotation: the next key goes at once.
		$this->assertSame( array( $old->kid() ), array_keys( $prepared->remove( $new->kid(), 2001, 14 * self::DAY, false )->public_keys() ) );
	}

	public function test_a_removed_key_is_revoked_for_good_and_the_list_is_signed_by_the_active_key(): void {
		$old      = self::key( 'old' );
		$new      = self::key( 'new' );
		$promoted = KeyRing::first( $old, 1000 )->prepare( $new, 2000 )->promote( 3000 );
		$this->assertSame( array(), $promoted->revoked() );
		$forced = $promoted->remove( $old->kid(), 3001, 14 * self::DAY, true );
		$this->assertSame(
			array(
				array(
					'kid'        => $old->kid(),
					'revoked_at' => '1970-01-01T00:50:01Z',
				),
			),
			$forced->revoked()
		);
		$list = $forced->revocation();
		$this->assertSame( array( $old->kid() ), $list['kids'] );
		$this->assertSame( $new->kid(), $list['signed_by'] );
		$this->assertTrue( KeyRevocation::verify( $list['signature'], $list['kids'], $new->public_key_b64url() ) );
		$this->assertFalse( KeyRevocation::verify( $list['signature'], array(), $new->public_key_b64url() ), 'the kids are signed' );
		$this->assertSame( 'svc-revoked.v1.' . $old->kid(), KeyRevocation::message( array( $old->kid() ) ) );
		// Kept in the stored form; a later rotation adds to the list, sorted, and never takes one off.
		$stored = json_decode( (string) json_encode( $forced->to_stored() ), true );
		$this->assertSame( $forced->to_stored(), KeyRing::from_stored( $stored )?->to_stored() );
		$third = self::key( 'third' );
		$again = $forced->prepare( $third, 4000 )->remove( $third->kid(), 4001, 14 * self::DAY, false );
		$kids  = array( $old->kid(), $third->kid() );
		sort( $kids );
		$this->assertSame( $kids, $again->revocation()['kids'] );
		// A key of the list is never a ring's key again (a restore of an edited value).
		$edited            = $stored;
		$edited['keys'][]  = $stored['keys'][0];
		$edited['keys'][1] = array_merge(
			$edited['keys'][0],
			array(
				'kid'    => $old->kid(),
				'secret' => $old->to_stored(),
				'status' => 'retired',
			)
		);
		$this->assertNull( KeyRing::from_stored( $edited ) );
	}

	public function test_the_stored_form_round_trips_and_edited_values_are_refused(): void {
		$ring   = KeyRing::first( self::key( 'a' ), 1000 )->prepare( self::key( 'b' ), 1001 );
		$stored = json_decode( (string) json_encode( $ring->to_stored() ), true );
		$this->assertSame( $ring->to_stored(), KeyRing::from_stored( $stored )?->to_stored() );
		$this->assertSame( $ring->fingerprint(), KeyRing::from_stored( $stored )?->fingerprint() );

		$this->assertNull( KeyRing::from_stored( '' ) );
		$this->assertNull( KeyRing::from_stored( array( 'keys' => array() ) ) );
		$swapped                   = $stored;
		$swapped['keys'][0]['kid'] = self::key( 'c' )->kid();
		$this->assertNull( KeyRing::from_stored( $swapped ) );
		$two_active                      = $stored;
		$two_active['keys'][1]['status'] = 'active';
		$this->assertNull( KeyRing::from_stored( $two_active ) );
		$unknown                      = $stored;
		$unknown['keys'][1]['status'] = 'spare';
		$this->assertNull( KeyRing::from_stored( $unknown ) );
	}

	public function test_the_fingerprint_names_the_keys_not_their_order_and_changes_with_a_rotation(): void {
		$ring = KeyRing::first( self::key( 'a' ), 1000 );
		$this->assertSame( $ring->fingerprint(), KeyRing::first( self::key( 'a' ), 5000 )->fingerprint() );
		$this->assertNotSame( $ring->fingerprint(), KeyRing::first( self::key( 'b' ), 1000 )->fingerprint() );
		$this->assertNotSame( $ring->fingerprint(), $ring->prepare( self::key( 'b' ), 1001 )->fingerprint() );
		$this->assertStringNotContainsString( self::key( 'a' )->to_stored(), $ring->fingerprint() );
	}

	public function test_keys_are_minted_only_when_none_were_recorded_or_no_license_exists(): void {
		$ring     = KeyRing::first( self::key( 'a' ), 1000 );
		$other    = KeyRing::first( self::key( 'b' ), 1000 );
		$licenses = static fn(): bool => true;
		$none     = static fn(): bool => false;
		$unasked  = function (): bool {
			$this->fail( 'Asked whether licences exist when it does not matter.' );
		};
		// A fresh install, or one from before leases: nothing recorded, so licences do not matter.
		$this->assertSame( 'new', KeyRing::state( null, false, null, $unasked ) );
		$this->assertSame( 'unrecorded', KeyRing::state( $ring, true, null, $unasked ) );
		$this->assertSame( 'ok', KeyRing::state( $ring, true, $ring->fingerprint(), $unasked ) );
		// Keys were recorded: never replaced while licences exist.
		$this->assertSame( 'missing', KeyRing::state( null, false, $ring->fingerprint(), $licenses ) );
		$this->assertSame( 'mismatch', KeyRing::state( null, true, $ring->fingerprint(), $licenses ) );
		$this->assertSame( 'mismatch', KeyRing::state( $other, true, $ring->fingerprint(), $licenses ) );
		// With no licence, a new ring is harmless.
		$this->assertSame( 'new', KeyRing::state( null, false, $ring->fingerprint(), $none ) );
		$this->assertSame( 'unrecorded', KeyRing::state( $other, true, $ring->fingerprint(), $none ) );
	}

	public function test_an_edited_secret_is_refused_unless_those_very_bytes_were_checked_before(): void {
		$key    = self::key( 'edited' );
		$stored = KeyRing::first( $key, 1000 )->to_stored();
		$this->assertNotNull( KeyRing::from_stored( $stored ) );
		$this->assertNotNull( KeyRing::from_stored( $stored, true ), 'checked bytes are read without the derivation' );
		// A secret whose public half is not its seed's: refused when checked, as every value nobody checked before.
		$secret                      = Base64Url::decode( $stored['keys'][0]['secret'] );
		$edited                      = substr( (string) $secret, 0, 32 ) . str_repeat( "\x01", 32 );
		$stored['keys'][0]['secret'] = Base64Url::encode( $edited );
		$this->assertNull( KeyRing::from_stored( $stored ) );
	}
}
