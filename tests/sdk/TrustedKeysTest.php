<?php
/**
 * Which keys a product trusts: its roots, and published keys endorsed link by link from them.
 *
 * @package SvcLicensingClient
 */

use PHPUnit\Framework\TestCase;
use Svc\LicensingClient\TrustedKeys;

require_once __DIR__ . '/LeaseSigner.php';

final class TrustedKeysTest extends TestCase {

	public function test_a_published_key_is_trusted_only_through_an_endorsement_chain_from_a_root(): void {
		$root  = new LeaseSigner( 'k1', 'a' );
		$next  = new LeaseSigner( 'k2', 'b' );
		$after = new LeaseSigner( 'k3', 'c' );
		// Listed newest first: the chain is followed whatever the order.
		$keys = TrustedKeys::from_roots( $root->root(), array( $after->published( $next ), $next->published( $root ) ) );
		$this->assertSame( array( 'k1', 'k2', 'k3' ), $keys->kids() );
		$this->assertSame( sodium_crypto_sign_publickey( sodium_crypto_sign_seed_keypair( str_repeat( 'c', 32 ) ) ), $keys->key( 'k3' ) );
	}

	public function test_an_unendorsed_self_endorsed_or_badly_endorsed_key_adds_no_trust(): void {
		$root     = new LeaseSigner( 'k1', 'a' );
		$stranger = new LeaseSigner( 'k2', 'b' );
		$other    = new LeaseSigner( 'k4', 'd' );
		$forged   = $stranger->published( $root );
		$forged['public_key'] = $other->public_key();
		$published = array(
			$stranger->published( null ),
			$stranger->published( $stranger ),
			$forged,
			array_merge( $other->published( $root ), array( 'alg' => 'RSA' ) ),
			$other->published( new LeaseSigner( 'k9', 'z' ) ),
			'not an entry',
		);
		$this->assertSame( array( 'k1' ), TrustedKeys::from_roots( $root->root(), $published )->kids() );
	}

	public function test_a_published_key_never_replaces_a_root_of_the_same_id(): void {
		$root    = new LeaseSigner( 'k1', 'a' );
		$impost  = new LeaseSigner( 'k1', 'b' );
		$entry   = $impost->published( $root );
		$keys    = TrustedKeys::from_roots( $root->root(), array( $entry ) );
		$this->assertSame( sodium_crypto_sign_publickey( sodium_crypto_sign_seed_keypair( str_repeat( 'a', 32 ) ) ), $keys->key( 'k1' ) );
	}

	public function test_unreadable_roots_are_left_out(): void {
		$root = new LeaseSigner( 'k1', 'a' );
		$keys = TrustedKeys::from_roots( $root->root() + array( 'k2' => 'short', 'bad id!' => $root->public_key(), 'k3' => 42 ), 'not a list' );
		$this->assertSame( array( 'k1' ), $keys->kids() );
		$this->assertNull( $keys->key( 'k2' ) );
	}
}
