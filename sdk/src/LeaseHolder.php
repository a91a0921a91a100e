<?php
/**
 * One product's lease on this site: the newest verified one, and the clock it is judged by.
 *
 * @package SvcLicensingClient
 */

namespace Svc\LicensingClient;

/**
 * Keeps the newest lease the server sent that verifies (signed by a trusted key, this product, this site) and
 * answers is_valid() from it alone, offline: no request is ever made to answer it.
 *
 * The clock a lease is judged by never goes back: the effective time is the latest of the wall clock, the kept
 * lease's issued_at and a high-water mark of the wall clock kept beside it (raised when the wall clock passes it by
 * a minute or more). So a clock moved forward past lease_expires ends the lease, and moved back again does not
 * bring it back; only a new lease from the server does (its issued_at, the server's clock, becomes the mark).
 *
 * A lease whose key id is not trusted yet makes the holder fetch GET /keys once (through the server's back-off,
 * at most once per KEYS_INTERVAL), whose keys TrustedKeys accepts only when endorsed. The answer's signed `revoked`
 * list, when a trusted key signed it, adds its key ids to the revoked ones kept beside the keys, never taking one
 * away: a revoked key stays revoked on this site, baked root or not. A lease issued later than the wall clock plus
 * Lease::MAX_CLOCK_SKEW is refused (it would otherwise move the effective time forward with it). A refusal from the
 * server (a licence code) forgets the lease: the server's own "no" ends it at once. Pure.
 */
final class LeaseHolder {

	/** Seconds between two fetches of the server's keys for an unknown key id. */
	public const KEYS_INTERVAL = 300;

	/** The high-water mark is written when the wall clock passed it by this many seconds. */
	public const MARK_STEP = 60;

	/**
	 * The product's slug.
	 *
	 * @var string
	 */
	private $product;

	/**
	 * This site's fingerprint (SiteIdentity::fingerprint()).
	 *
	 * @var string
	 */
	private $site;

	/**
	 * Root keys: key id => public key (base64url), baked and configured.
	 *
	 * @var array<string, string>
	 */
	private $roots;

	/**
	 * Where the lease and the server's keys are kept.
	 *
	 * @var StateStore
	 */
	private $store;

	/**
	 * The server.
	 *
	 * @var Connection
	 */
	private $connection;

	/**
	 * Returns the wall clock's Unix time.
	 *
	 * @var callable(): int
	 */
	private $clock;

	/**
	 * Constructor.
	 *
	 * @param string                $product    The product's slug.
	 * @param string                $site       This site's fingerprint.
	 * @param array<string, string> $roots      Root keys.
	 * @param StateStore            $store      Where the lease is kept.
	 * @param Connection            $connection The server (for GET /keys).
	 * @param callable              $clock      Returns the wall clock's Unix time.
	 */
	public function __construct( string $product, string $site, array $roots, StateStore $store, Connection $connection, callable $clock ) {
		$this->product    = $product;
		$this->site       = $site;
		$this->roots      = $roots;
		$this->store      = $store;
		$this->connection = $connection;
		$this->clock      = $clock;
	}

	/**
	 * Whether the product is licensed here now, by the kept lease alone.
	 */
	public function is_valid(): bool {
		return Lease::VALID === $this->verdict();
	}

	/**
	 * Lease::VALID, Lease::NONE (nothing kept) or the verdict that refuses the kept lease now.
	 */
	public function verdict(): string {
		$lease = $this->lease();
		if ( null === $lease ) {
			return Lease::NONE;
		}
		$verdict = $lease->check( $this->trusted(), $this->product, $this->site, $this->now() );
		return Lease::VALID === $verdict && $this->from_the_future( $lease ) ? Lease::ISSUED_IN_FUTURE : $verdict;
	}

	/**
	 * Whether a lease was issued later than the wall clock allows (Lease::MAX_CLOCK_SKEW).
	 *
	 * @param Lease $lease The lease.
	 */
	private function from_the_future( Lease $lease ): bool {
		return $lease->issued_at() > ( $this->clock )() + Lease::MAX_CLOCK_SKEW;
	}

	/**
	 * The kept lease, whatever it says, or null.
	 */
	public function lease(): ?Lease {
		$kept = $this->store->get( $this->key() );
		return is_array( $kept ) ? Lease::parse( $kept['lease'] ?? null ) : null;
	}

	/**
	 * The effective time: the latest of the wall clock, the kept lease's issued_at and the high-water mark. Raises
	 * the mark when the wall clock passed it by MARK_STEP.
	 */
	public function now(): int {
		$wall = ( $this->clock )();
		$kept = $this->store->get( $this->key() );
		if ( ! is_array( $kept ) ) {
			return $wall;
		}
		$lease = Lease::parse( $kept['lease'] ?? null );
		$mark  = isset( $kept['clock'] ) && is_int( $kept['clock'] ) ? $kept['clock'] : 0;
		if ( null !== $lease && $wall - $mark >= self::MARK_STEP ) {
			$kept['clock'] = $wall;
			$this->store->set( $this->key(), $kept );
		}
		return max( $wall, $mark, null === $lease ? 0 : $lease->issued_at() );
	}

	/**
	 * The keys this product trusts now: the roots and the chain of published keys endorsed from them.
	 */
	public function trusted(): TrustedKeys {
		$published = $this->store->get( $this->keys_key() );
		$published = is_array( $published ) ? $published : array();
		return TrustedKeys::from_roots( $this->roots, $published['keys'] ?? array(), $published['revoked'] ?? array(), $published['anchors'] ?? array() );
	}

	/**
	 * Takes the lease of a reply from the server: kept when it verifies and is not older than the kept one; a
	 * refusal forgets the kept one; an answer without a lease, or an outage, changes nothing.
	 *
	 * @param Reply $reply A reply from validate, activate or the update check.
	 * @return string The verdict on the reply's lease (Lease::VALID when kept), Lease::NONE when it carried none.
	 */
	public function receive( Reply $reply ): string {
		if ( Reply::REFUSED === $reply->kind() ) {
			$this->forget();
			return Lease::NONE;
		}
		if ( '' === $reply->lease() ) {
			return Lease::NONE;
		}
		$lease = Lease::parse( $reply->lease() );
		if ( null === $lease ) {
			return Lease::MALFORMED;
		}
		$verdict = $lease->verify( $this->trusted(), $this->product, $this->site );
		if ( Lease::UNKNOWN_KEY === $verdict && $this->fetch_keys() ) {
			$verdict = $lease->verify( $this->trusted(), $this->product, $this->site );
		}
		if ( Lease::VALID !== $verdict ) {
			return $verdict;
		}
		if ( $this->from_the_future( $lease ) ) {
			return Lease::ISSUED_IN_FUTURE;
		}
		$kept = $this->lease();
		if ( null === $kept || $lease->issued_at() >= $kept->issued_at() || Lease::VALID !== $kept->verify( $this->trusted(), $this->product, $this->site ) || $this->from_the_future( $kept ) ) {
			$this->store->set(
				$this->key(),
				array(
					'lease' => $lease->text(),
					'clock' => $lease->issued_at(),
				)
			);
		}
		return Lease::VALID;
	}

	/**
	 * Forgets the kept lease (a refusal, a deactivation).
	 */
	public function forget(): void {
		$this->store->set( $this->key(), null );
	}

	/**
	 * Fetches GET /keys, unless it was asked within KEYS_INTERVAL or the back-off says wait. Whether an answer came.
	 * Keeps the answer's keys, and adds the ids of its `revoked` list, when a key trusted now signed it, to the
	 * revoked ones kept, with the chain to its signer as anchors; neither ever shrinks.
	 */
	private function fetch_keys(): bool {
		$wall   = ( $this->clock )();
		$stored = $this->store->get( $this->keys_key() );
		$at     = is_array( $stored ) && isset( $stored['at'] ) && is_int( $stored['at'] ) ? $stored['at'] : null;
		if ( null !== $at && $wall >= $at && $wall - $at < self::KEYS_INTERVAL ) {
			return false;
		}
		$reply   = $this->connection->call( 'GET', '/keys', array() );
		$keys    = is_array( $stored ) && isset( $stored['keys'] ) && is_array( $stored['keys'] ) ? $stored['keys'] : array();
		$revoked = is_array( $stored ) && isset( $stored['revoked'] ) && is_array( $stored['revoked'] ) ? $stored['revoked'] : array();
		$anchors = is_array( $stored ) && isset( $stored['anchors'] ) && is_array( $stored['anchors'] ) ? $stored['anchors'] : array();
		$body    = $reply->body();
		$fresh   = Reply::ANSWER === $reply->kind() && isset( $body['keys'] ) && is_array( $body['keys'] );
		if ( $fresh ) {
			$keys    = $body['keys'];
			$learned = TrustedKeys::from_roots( $this->roots, $keys, $revoked, $anchors )->revocation( $body['revoked'] ?? null );
			if ( null !== $learned && array() !== array_diff( $learned['kids'], $revoked ) ) {
				$revoked = array_values( array_unique( array_merge( $revoked, $learned['kids'] ) ) );
				$anchors = array_merge( $anchors, $learned['anchors'] );
			}
		}
		$this->store->set(
			$this->keys_key(),
			array(
				'at'      => $wall,
				'keys'    => $keys,
				'revoked' => $revoked,
				'anchors' => $anchors,
			)
		);
		return $fresh;
	}

	/**
	 * The store key of the product's lease.
	 */
	private function key(): string {
		return ProductState::key( $this->product, 'lease' );
	}

	/**
	 * The store key of the published keys this product learned: the product's, not its server address's, so a
	 * key trusted through its endorsement stays trusted when the address changes (a seller's move, a redirect, an
	 * outage seen at another address). Keys stored there add trust only through a chain from this product's roots.
	 */
	private function keys_key(): string {
		return ProductState::key( $this->product, 'keys' );
	}
}
