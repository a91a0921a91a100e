<?php
/**
 * One product's lease on the site: kept from the server's answers, judged by a clock that never goes back.
 *
 * @package SvcLicensingClient
 */

use PHPUnit\Framework\TestCase;
use Svc\LicensingClient\Connection;
use Svc\LicensingClient\Lease;
use Svc\LicensingClient\LeaseHolder;
use Svc\LicensingClient\Reply;
use Svc\LicensingClient\SiteIdentity;

require_once __DIR__ . '/MemoryStore.php';
require_once __DIR__ . '/LeaseSigner.php';

final class LeaseHolderTest extends TestCase {

	private const T0  = 1800000000;
	private const DAY = 86400;

	/** @var MemoryStore */
	private $store;

	/** @var int */
	private $now = self::T0;

	/** @var LeaseSigner */
	private $root;

	/** @var array<int, array{int, mixed}> GET /keys answers, in order; none left = unreachable. */
	private $keys_answers = array();

	/** @var int */
	private $keys_asked = 0;

	protected function setUp(): void {
		$this->store = new MemoryStore();
		$this->root  = new LeaseSigner( 'k1', 'a' );
	}

	private function holder( string $site = 'https://client.example', string $server = 'https://seller.example/wp-json/svc/v1' ): LeaseHolder {
		$clock      = function (): int {
			return $this->now;
		};
		$connection = new Connection(
			$server,
			function ( string $method, string $url ) use ( $server ) {
				$this->assertSame( array( 'GET', $server . '/keys' ), array( $method, $url ) );
				++$this->keys_asked;
				$answer = array_shift( $this->keys_answers );
				return null === $answer ? null : array(
					'status'  => $answer[0],
					'headers' => array(),
					'body'    => (string) json_encode( $answer[1] ),
				);
			},
			$this->store,
			$clock
		);
		return new LeaseHolder( 'acme-widgets', SiteIdentity::fingerprint( $site ), $this->root->root(), $this->store, $connection, $clock );
	}

	private static function answer( string $lease, bool $in_header = false ): Reply {
		$reply = new Reply( Reply::ANSWER, 200, $in_header ? array() : array( 'valid' => true, 'lease' => $lease ) );
		return $in_header ? $reply->with_lease( $lease ) : $reply;
	}

	public function test_a_verified_lease_from_the_body_or_the_header_is_kept_and_valid(): void {
		$this->assertSame( Lease::NONE, $this->holder()->verdict() );
		$this->assertSame( Lease::VALID, $this->holder()->receive( self::answer( $this->root->lease( self::T0 ) ) ) );
		$this->assertTrue( $this->holder()->is_valid() );
		$this->now += self::DAY;
		$this->assertSame( Lease::VALID, $this->holder()->receive( self::answer( $this->root->lease( $this->now ), true ) ), 'the update check\'s "current" answer carries it in X-Svc-Lease' );
		$this->assertSame( $this->now, $this->holder()->lease()->issued_at() );
	}

	public function test_a_lease_that_does_not_verify_is_not_kept_and_the_kept_one_stays(): void {
		$this->holder()->receive( self::answer( $this->root->lease( self::T0 ) ) );
		$this->now += 60;
		$this->assertSame( Lease::OTHER_SITE, $this->holder()->receive( self::answer( $this->root->lease( $this->now, array( 'site' => SiteIdentity::fingerprint( 'https://other.example' ) ) ) ) ) );
		$this->assertSame( Lease::OTHER_PRODUCT, $this->holder()->receive( self::answer( $this->root->lease( $this->now, array( 'product' => 'acme-gadgets' ) ) ) ) );
		$this->assertSame( Lease::MALFORMED, $this->holder()->receive( self::answer( 'not.a-lease' ) ) );
		$this->assertSame( self::T0, $this->holder()->lease()->issued_at() );
		$this->assertSame( Lease::NONE, $this->holder()->receive( new Reply( Reply::ANSWER, 200, array( 'valid' => true ) ) ), 'an answer without a lease changes nothing' );
		$this->assertSame( Lease::NONE, $this->holder()->receive( new Reply( Reply::UNAVAILABLE ) ) );
		$this->assertTrue( $this->holder()->is_valid() );
	}

	public function test_an_older_lease_never_replaces_a_newer_one(): void {
		$this->holder()->receive( self::answer( $this->root->lease( self::T0 + 100 ) ) );
		$this->holder()->receive( self::answer( $this->root->lease( self::T0, array( 'valid' => false, 'status' => 'revoked' ) ) ) );
		$this->assertSame( self::T0 + 100, $this->holder()->lease()->issued_at() );
	}

	public function test_the_server_s_refusal_forgets_the_lease_at_once(): void {
		$this->holder()->receive( self::answer( $this->root->lease( self::T0 ) ) );
		$this->holder()->receive( new Reply( Reply::REFUSED, 403, array( 'code' => 'license_not_active' ) ) );
		$this->assertFalse( $this->holder()->is_valid() );
		$this->assertSame( Lease::NONE, $this->holder()->verdict() );
	}

	public function test_a_lease_edited_in_the_option_is_not_valid(): void {
		$this->holder()->receive( self::answer( $this->root->lease( self::T0, array( 'valid' => false, 'status' => 'revoked' ) ) ) );
		$this->assertSame( Lease::NOT_VALID, $this->holder()->verdict() );
		$kept                 = $this->store->values['product_acme-widgets_lease'];
		list( $body, $sig )   = explode( '.', $kept['lease'] );
		$payload              = json_decode( (string) base64_decode( strtr( $body, '-_', '+/' ) ), true );
		$payload['valid']     = true;
		$payload['status']    = 'active';
		$kept['lease']        = rtrim( strtr( base64_encode( (string) json_encode( $payload ) ), '+/', '-_' ), '=' ) . '.' . $sig;
		$this->store->values['product_acme-widgets_lease'] = $kept;
		$this->assertSame( Lease::BAD_SIGNATURE, $this->holder()->verdict() );
		// A genuine lease of this seller's, for another site, copied in.
		$this->store->values['product_acme-widgets_lease'] = array( 'lease' => $this->root->lease( self::T0, array( 'site' => SiteIdentity::fingerprint( 'https://other.example' ) ) ), 'clock' => self::T0 );
		$this->assertSame( Lease::OTHER_SITE, $this->holder()->verdict() );
		$this->store->values['product_acme-widgets_lease'] = array( 'lease' => $this->root->lease( self::T0, array( 'product' => 'acme-gadgets' ) ), 'clock' => self::T0 );
		$this->assertSame( Lease::OTHER_PRODUCT, $this->holder()->verdict() );
	}

	public function test_the_lease_s_own_dates_are_the_grace_of_an_outage(): void {
		$this->holder()->receive( self::answer( $this->root->lease( self::T0 ) ) );
		$this->now = self::T0 + 14 * self::DAY - 1;
		$this->assertTrue( $this->holder()->is_valid(), 'an outage shorter than the lease' );
		$this->now = self::T0 + 14 * self::DAY;
		$this->assertSame( Lease::LEASE_EXPIRED, $this->holder()->verdict(), 'an outage as long as the lease' );
	}

	public function test_a_clock_moved_forward_past_the_lease_and_back_does_not_bring_it_back(): void {
		$this->holder()->receive( self::answer( $this->root->lease( self::T0 ) ) );
		$this->now = self::T0 + 15 * self::DAY;
		$this->assertSame( Lease::LEASE_EXPIRED, $this->holder()->verdict() );
		$this->now = self::T0 + self::DAY;
		$this->assertSame( Lease::LEASE_EXPIRED, $this->holder()->verdict(), 'moved back: the latest time seen stands' );
		$this->assertSame( self::T0 + 15 * self::DAY, $this->holder()->now() );
		// Only the server's next lease brings it back; its issued_at (the server's clock) is the new mark.
		$this->holder()->receive( self::answer( $this->root->lease( self::T0 + self::DAY + 5 ) ) );
		$this->assertTrue( $this->holder()->is_valid() );
	}

	public function test_a_clock_moved_back_before_issued_at_does_not_stretch_the_lease(): void {
		$this->holder()->receive( self::answer( $this->root->lease( self::T0 ) ) );
		$this->now = self::T0 - 30 * self::DAY;
		$this->assertSame( self::T0, $this->holder()->now(), 'never earlier than the lease\'s issued_at' );
		$this->now = self::T0 + 13 * self::DAY;
		$this->holder()->is_valid();
		$this->now = self::T0 - 30 * self::DAY;
		$this->assertSame( self::T0 + 13 * self::DAY, $this->holder()->now(), 'never earlier than the latest time seen' );
	}

	public function test_an_unknown_key_id_fetches_the_published_keys_and_trusts_an_endorsed_one(): void {
		$next               = new LeaseSigner( 'k2', 'b' );
		$this->keys_answers = array( array( 200, array( 'keys' => array( $this->root->published( null ), $next->published( $this->root, 'next' ) ) ) ) );
		$this->assertSame( Lease::VALID, $this->holder()->receive( self::answer( $next->lease( self::T0 ) ) ) );
		$this->assertTrue( $this->holder()->is_valid() );
		$this->assertSame( 1, $this->keys_asked );
		$this->holder()->receive( self::answer( $next->lease( self::T0 + 10 ) ) );
		$this->assertSame( 1, $this->keys_asked, 'a trusted key id asks nothing' );
	}

	public function test_keys_learned_through_an_endorsement_stay_trusted_when_the_server_s_address_changes(): void {
		$next               = new LeaseSigner( 'k2', 'b' );
		$this->keys_answers = array( array( 200, array( 'keys' => array( $this->root->published( null ), $next->published( $this->root, 'next' ) ) ) ) );
		$this->assertSame( Lease::VALID, $this->holder()->receive( self::answer( $next->lease( self::T0 ) ) ) );
		// The seller moved the service (or it is unreachable at the address in use now): the kept lease is judged
		// by the keys this product learned, wherever it learned them.
		$moved = $this->holder( 'https://client.example', 'https://moved.example/wp-json/svc/v1' );
		$this->assertSame( Lease::VALID, $moved->verdict() );
		$this->assertSame( array( 'k1', 'k2' ), $moved->trusted()->kids() );
		$this->assertSame( 1, $this->keys_asked );
	}

	public function test_a_published_key_nobody_trusted_endorsed_is_refused_and_asked_for_at_most_every_few_minutes(): void {
		$rogue              = new LeaseSigner( 'k7', 'r' );
		$this->keys_answers = array(
			array( 200, array( 'keys' => array( $rogue->published( $rogue ) ) ) ),
			array( 200, array( 'keys' => array( $rogue->published( $rogue ) ) ) ),
		);
		$this->assertSame( Lease::UNKNOWN_KEY, $this->holder()->receive( self::answer( $rogue->lease( self::T0 ) ) ) );
		$this->assertSame( Lease::UNKNOWN_KEY, $this->holder()->receive( self::answer( $rogue->lease( self::T0 ) ) ) );
		$this->assertSame( 1, $this->keys_asked );
		$this->now += LeaseHolder::KEYS_INTERVAL;
		$this->holder()->receive( self::answer( $rogue->lease( self::T0 ) ) );
		$this->assertSame( 2, $this->keys_asked );
		$this->assertSame( Lease::NONE, $this->holder()->verdict() );
	}

	public function test_a_key_added_to_the_stored_keys_by_hand_adds_no_trust(): void {
		$rogue = new LeaseSigner( 'k7', 'r' );
		$this->store->values['product_acme-widgets_keys'] = array(
			'at'   => $this->now,
			'keys' => array( $rogue->published( null ), array_merge( $rogue->published( $this->root ), array( 'endorsement' => $rogue->endorse( $rogue ) ) ) ),
		);
		$this->store->values['product_acme-widgets_lease'] = array( 'lease' => $rogue->lease( self::T0 ), 'clock' => self::T0 );
		$this->assertSame( Lease::UNKNOWN_KEY, $this->holder()->verdict() );
	}

	public function test_keys_unreachable_keep_the_lease_refused_and_go_through_the_back_off(): void {
		$next = new LeaseSigner( 'k2', 'b' );
		$this->assertSame( Lease::UNKNOWN_KEY, $this->holder()->receive( self::answer( $next->lease( self::T0 ) ) ) );
		$this->assertSame( 1, $this->keys_asked );
		$this->now += LeaseHolder::KEYS_INTERVAL;
		$this->holder()->receive( self::answer( $next->lease( self::T0 ) ) );
		$this->assertSame( 2, $this->keys_asked, 'the first back-off step (a minute) has passed' );
		$this->now += LeaseHolder::KEYS_INTERVAL;
		$this->holder()->receive( self::answer( $next->lease( self::T0 ) ) );
		$this->assertSame( 3, $this->keys_asked, 'the second (five minutes) too' );
		$this->now += LeaseHolder::KEYS_INTERVAL;
		$this->assertGreaterThan( $this->now, ( new Connection( 'https://seller.example/wp-json/svc/v1', static function () {
			return null;
		}, $this->store, 'time' ) )->backoff()->until() );
		$this->holder()->receive( self::answer( $next->lease( self::T0 ) ) );
		$this->assertSame( 3, $this->keys_asked, 'the server\'s back-off (fifteen minutes) says wait' );
	}
}
