<?php
/**
 * A leaked lease signing key (issue 40, finding 3): a lease lasts no longer than the service's longest lifetime and is
 * not from the future, and a key the service revoked (its signed list at GET /keys) is no longer trusted, even when
 * it is baked into the copy as a root. An unsigned or wrongly signed list changes nothing, and a revocation, once
 * learned, stays.
 *
 * @package SvcLicensingClient
 */

use PHPUnit\Framework\TestCase;
use Svc\LicensingClient\Connection;
use Svc\LicensingClient\Lease;
use Svc\LicensingClient\LeaseHolder;
use Svc\LicensingClient\Reply;
use Svc\LicensingClient\SiteIdentity;
use Svc\LicensingClient\TrustedKeys;

require_once __DIR__ . '/MemoryStore.php';
require_once __DIR__ . '/LeaseSigner.php';

final class LeaseRevocationTest extends TestCase {

	private const T0  = 1800000000;
	private const DAY = 86400;

	/** @var MemoryStore */
	private $store;

	/** @var int */
	private $now = self::T0;

	/** @var LeaseSigner The key baked into the copy, later leaked. */
	private $root;

	/** @var LeaseSigner The key the seller rotates to, endorsed by the root. */
	private $fresh;

	/** @var array<int, array<string, mixed>> GET /keys answers, in order; none left = unreachable. */
	private $keys_answers = array();

	protected function setUp(): void {
		$this->store = new MemoryStore();
		$this->root  = new LeaseSigner( 'k1', 'a' );
		$this->fresh = new LeaseSigner( 'k2', 'b' );
	}

	private function holder(): LeaseHolder {
		$clock      = function (): int {
			return $this->now;
		};
		$connection = new Connection(
			'https://seller.example/wp-json/svc/v1',
			function () {
				$answer = array_shift( $this->keys_answers );
				return null === $answer ? null : array(
					'status'  => 200,
					'headers' => array(),
					'body'    => (string) json_encode( $answer ),
				);
			},
			$this->store,
			$clock
		);
		return new LeaseHolder( 'acme-widgets', SiteIdentity::fingerprint( 'https://client.example' ), $this->root->root(), $this->store, $connection, $clock );
	}

	private static function answer( string $lease ): Reply {
		return new Reply( Reply::ANSWER, 200, array( 'valid' => true, 'lease' => $lease ) );
	}

	/** Puts a lease into the SDK's option by hand, as someone with the site's database (or a nulled copy) would. */
	private function plant( string $lease ): void {
		$this->store->values['product_acme-widgets_lease'] = array( 'lease' => $lease, 'clock' => $this->now );
	}

	/** GET /keys after the seller rotated from the root to the fresh key and retired the root with --force. */
	private function rotated( $revoked ): array {
		$answer = array( 'keys' => array( $this->fresh->published( $this->root ) ) );
		if ( null !== $revoked ) {
			$answer['revoked'] = $revoked;
		}
		return $answer;
	}

	/** The fresh key's first lease makes the holder fetch GET /keys (the key is not baked). */
	private function learn( array $answer ): void {
		$this->keys_answers[] = $answer;
		$this->assertSame( Lease::VALID, $this->holder()->receive( self::answer( $this->fresh->lease( $this->now ) ) ) );
	}

	public function test_a_forged_lease_expiring_in_2100_is_refused_even_ten_years_on(): void {
		$forged = $this->root->lease( self::T0, array( 'lease_expires' => 4102444800 ) );
		$this->assertSame( 'lease_too_long', $this->holder()->receive( self::answer( $forged ) ), 'not kept' );
		$this->plant( $forged );
		$this->now = self::T0 + 3650 * self::DAY;
		$this->assertSame( 'lease_too_long', $this->holder()->verdict() );
		$this->assertFalse( $this->holder()->is_valid() );
	}

	public function test_the_ceiling_is_the_service_s_longest_lifetime_ninety_days(): void {
		$keys    = TrustedKeys::from_roots( $this->root->root() );
		$site    = SiteIdentity::fingerprint( 'https://client.example' );
		$longest = Lease::parse( $this->root->lease( self::T0, array( 'lease_expires' => self::T0 + 90 * self::DAY ) ) );
		$longer  = Lease::parse( $this->root->lease( self::T0, array( 'lease_expires' => self::T0 + 90 * self::DAY + 1 ) ) );
		$this->assertSame( Lease::VALID, $longest->check( $keys, 'acme-widgets', $site, self::T0 + 89 * self::DAY ) );
		$this->assertSame( 'lease_too_long', $longer->check( $keys, 'acme-widgets', $site, self::T0 ) );
		$this->assertSame( 90 * self::DAY, Lease::MAX_LIFETIME );
	}

	public function test_a_lease_issued_in_the_future_beyond_the_clock_skew_is_refused(): void {
		$this->assertSame( 'issued_in_future', $this->holder()->receive( self::answer( $this->root->lease( self::T0 + 2 * self::DAY ) ) ) );
		$this->assertSame( Lease::NONE, $this->holder()->verdict(), 'not kept' );
		// A forged one put in the option by hand: refused by the wall clock, whatever the effective time says.
		$this->plant( $this->root->lease( self::T0 + 365 * self::DAY ) );
		$this->assertSame( 'issued_in_future', $this->holder()->verdict() );
		// A server clock a few hours ahead of the site's is within the skew.
		$this->assertSame( Lease::VALID, $this->holder()->receive( self::answer( $this->root->lease( self::T0 + 6 * 3600 ) ) ) );
		$this->assertTrue( $this->holder()->is_valid() );
	}

	public function test_a_lease_signed_by_a_revoked_root_key_is_refused_once_the_signed_list_is_learned(): void {
		$forged = $this->root->lease( self::T0 );
		$this->plant( $forged );
		$this->assertTrue( $this->holder()->is_valid(), 'before the site learns the list' );

		$this->learn( $this->rotated( $this->fresh->revocation( array( 'k1' ) ) ) );
		$this->assertSame( array( 'k2' ), $this->holder()->trusted()->kids(), 'the baked root is out; the key it endorsed before stays' );

		$this->assertSame( 'revoked_key', $this->holder()->receive( self::answer( $this->root->lease( $this->now + 60 ) ) ) );
		$this->assertTrue( $this->holder()->is_valid(), 'the fresh lease is kept' );
		$this->plant( $forged );
		$this->assertSame( 'revoked_key', $this->holder()->verdict() );
		$this->assertFalse( $this->holder()->is_valid() );
	}

	public function test_an_unsigned_or_wrongly_signed_list_is_ignored(): void {
		$stranger = new LeaseSigner( 'k7', 'r' );
		$tampered = $this->fresh->revocation( array( 'k3' ) );
		$tampered['kids'] = array( 'k1' );
		$lists    = array(
			'unsigned'                  => array( 'kids' => array( 'k1' ) ),
			'signed by a stranger'      => $stranger->revocation( array( 'k1' ) ),
			'signed as k2 by another'   => array_merge( $stranger->revocation( array( 'k1' ) ), array( 'signed_by' => 'k2' ) ),
			'kids changed after signed' => $tampered,
			'not a list'                => 'k1',
		);
		foreach ( $lists as $name => $list ) {
			$this->setUp();
			$this->learn( $this->rotated( $list ) );
			$this->assertSame( array( 'k1', 'k2' ), $this->holder()->trusted()->kids(), $name );
			$this->plant( $this->root->lease( $this->now ) );
			$this->assertSame( Lease::VALID, $this->holder()->verdict(), $name );
		}
	}

	public function test_a_revocation_once_learned_stays_and_a_key_the_revoked_one_endorses_later_is_not_trusted(): void {
		$this->learn( $this->rotated( $this->fresh->revocation( array( 'k1' ) ) ) );
		// Later answers without the revocation (an old backup restored, a replayed answer): k1 stays revoked.
		$this->now += LeaseHolder::KEYS_INTERVAL;
		$evil                 = new LeaseSigner( 'k6', 'e' );
		$this->keys_answers[] = array(
			'keys'    => array( $this->fresh->published( $this->root ), $evil->published( $this->root ) ),
			'revoked' => $this->fresh->revocation( array() ),
		);
		$this->assertSame( Lease::UNKNOWN_KEY, $this->holder()->receive( self::answer( $evil->lease( $this->now ) ) ), 'endorsed by the revoked key, first seen after' );
		$this->assertSame( array( 'k2' ), $this->holder()->trusted()->kids() );
		$this->plant( $this->root->lease( $this->now ) );
		$this->assertSame( 'revoked_key', $this->holder()->verdict() );
		// A list the revoked key signs itself is nobody's word any more.
		$this->now           += LeaseHolder::KEYS_INTERVAL;
		$this->keys_answers[] = array(
			'keys'    => array( $this->fresh->published( $this->root ) ),
			'revoked' => $this->root->revocation( array( 'k2' ) ),
		);
		$this->holder()->receive( self::answer( ( new LeaseSigner( 'k8', 'f' ) )->lease( $this->now ) ) );
		$this->assertSame( array( 'k2' ), $this->holder()->trusted()->kids() );
		// The seller's next rotation, endorsed by the fresh key, is trusted as before.
		$this->now           += LeaseHolder::KEYS_INTERVAL;
		$third                = new LeaseSigner( 'k3', 'c' );
		$this->keys_answers[] = array(
			'keys'    => array( $third->published( $this->fresh ) ),
			'revoked' => $third->revocation( array( 'k1', 'k2' ) ),
		);
		$this->assertSame( Lease::VALID, $this->holder()->receive( self::answer( $third->lease( $this->now ) ) ) );
		$this->assertSame( array( 'k3' ), $this->holder()->trusted()->kids() );
	}

	public function test_a_revoked_kid_is_never_trusted_as_a_root_or_a_published_key(): void {
		$keys = TrustedKeys::from_roots( $this->root->root() + $this->fresh->root(), array(), array( 'k1' ) );
		$this->assertSame( array( 'k2' ), $keys->kids() );
		$this->assertNull( $keys->key( 'k1' ) );
		$this->assertTrue( $keys->revoked( 'k1' ) );
		$third = new LeaseSigner( 'k3', 'c' );
		$this->assertSame( array( 'k1' ), TrustedKeys::from_roots( $this->root->root(), array( $third->published( $this->root ) ), array( 'k3' ) )->kids() );
	}
}
