<?php
/**
 * Lease key rotation: list, prepare, promote, retire.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Core;

use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\Event\Actor;
use Svc\Licensing\Domain\Event\EventType;
use Svc\Licensing\Domain\Lease\KeyRing;
use Svc\Licensing\Domain\Lease\KeyRingRefusal;
use Svc\Licensing\Domain\Lease\LeaseKey;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\Storage\EventRepository;
use Svc\Licensing\Storage\LeaseKeys;

/**
 * The one service `wp svc lease-key` and /admin/lease-keys call (docs/leases.md, "Rotating the key"). Each step
 * replaces the stored ring only if it is still the one read, and records an event.
 */
final class LeaseKeyAdmin {

	/**
	 * The lease keys.
	 *
	 * @var LeaseKeys
	 */
	private $keys;

	/**
	 * Leases (their lifetime).
	 *
	 * @var Leases
	 */
	private $leases;

	/**
	 * The event log.
	 *
	 * @var EventRepository
	 */
	private $events;

	/**
	 * Constructor.
	 *
	 * @param LeaseKeys       $keys   The lease keys.
	 * @param Leases          $leases Leases (their lifetime).
	 * @param EventRepository $events The event log.
	 */
	public function __construct( LeaseKeys $keys, Leases $leases, EventRepository $events ) {
		$this->keys   = $keys;
		$this->leases = $leases;
		$this->events = $events;
	}

	/**
	 * The published keys (GET /keys), active first.
	 *
	 * @return list<array<string, mixed>>
	 */
	public function published(): array {
		$ring = $this->keys->ring();
		return null === $ring ? array() : $ring->published();
	}

	/**
	 * GET /keys' `revoked`: the ids of every key taken off the ring, signed by the active key (docs/leases.md,
	 * "After a leak"); null while the keys are missing or replaced.
	 *
	 * @return array{kids: list<string>, signed_by: string, signature: string}|null
	 */
	public function revocation(): ?array {
		$ring = $this->keys->ring();
		return null === $ring ? null : $ring->revocation();
	}

	/**
	 * The keys a new copy of the SDK trusts: the active and the next one (key id => public key, base64url).
	 *
	 * @return array<string, string>
	 */
	public function trusted(): array {
		$keys = array();
		foreach ( $this->published() as $key ) {
			if ( 'retired' !== $key['status'] ) {
				$keys[ (string) $key['kid'] ] = (string) $key['public_key'];
			}
		}
		return $keys;
	}

	/**
	 * The keys with the state of their storage, for the admin.
	 *
	 * @return array{state: string, lease_lifetime_days: int, keys: list<array<string, mixed>>, revoked: list<array{kid: string, revoked_at: string}>}
	 */
	public function overview(): array {
		$keys = $this->published();
		$ring = $this->keys->ring();
		return array(
			'state'               => $this->keys->state(),
			'lease_lifetime_days' => intdiv( $this->leases->lifetime(), 86400 ),
			'keys'                => $keys,
			'revoked'             => null === $ring ? array() : $ring->revoked(),
		);
	}

	/**
	 * Mints the next key, endorsed by the active one: published, not used.
	 *
	 * @param Actor $actor Who.
	 * @return array<string, mixed> The new key as published.
	 */
	public function prepare( Actor $actor ): array {
		$key = LeaseKey::generate();
		$this->step(
			static function ( KeyRing $ring ) use ( $key ): KeyRing {
				return $ring->prepare( $key, time() );
			}
		);
		$this->events->record( EventType::LEASE_KEY_PREPARED, 0, $actor, null, array( 'kid' => $key->kid() ) );
		return $this->entry( $key->kid() );
	}

	/**
	 * Signs with the next key from now on; the active one is retired and stays published.
	 *
	 * @param Actor $actor Who.
	 * @return array<string, mixed> The new active key as published.
	 */
	public function promote( Actor $actor ): array {
		$old  = '';
		$ring = $this->step(
			static function ( KeyRing $ring ) use ( &$old ): KeyRing {
				$old = $ring->active()->kid();
				return $ring->promote( time() );
			}
		);
		$kid  = $ring->active()->kid();
		$this->events->record(
			EventType::LEASE_KEY_PROMOTED,
			0,
			$actor,
			null,
			array(
				'kid'     => $kid,
				'retired' => $old,
			)
		);
		return $this->entry( $kid );
	}

	/**
	 * Takes a key off the published list and revokes it: a next key, or a retired one whose leases have all run out
	 * (sooner with $force). GET /keys lists it as revoked from then on, signed, and sites that fetch it refuse the
	 * leases it signed, even where it is baked into their SDK copy.
	 *
	 * @param string $kid   Key id.
	 * @param bool   $force Remove a retired key whose leases may still be valid.
	 * @param Actor  $actor Who.
	 */
	public function retire( string $kid, bool $force, Actor $actor ): void {
		$status   = '';
		$lifetime = $this->leases->lifetime();
		$this->step(
			static function ( KeyRing $ring ) use ( $kid, $force, $lifetime, &$status ): KeyRing {
				$status = (string) $ring->status_of( $kid );
				return $ring->remove( $kid, time(), $lifetime, $force );
			}
		);
		$this->events->record(
			EventType::LEASE_KEY_RETIRED,
			0,
			$actor,
			null,
			array(
				'kid'    => $kid,
				'was'    => $status,
				'forced' => $force,
			)
		);
	}

	/**
	 * Applies a step to the stored ring and stores the result.
	 *
	 * @param callable(KeyRing): KeyRing $step The step.
	 * @return KeyRing The stored result.
	 * @throws ServiceError 503 lease_keys_unavailable, or 409 lease_key_refused (data.reason says why).
	 */
	private function step( callable $step ): KeyRing {
		$ring = $this->keys->ring();
		if ( null === $ring ) {
			throw new ServiceError( ErrorCode::LEASE_KEYS_UNAVAILABLE, __( 'The lease keys are missing or are not the ones recorded; restore them before rotating (see Site Health).', 'svc-licensing' ) );
		}
		try {
			$next = $step( $ring );
		} catch ( KeyRingRefusal $refusal ) {
			throw new ServiceError( ErrorCode::LEASE_KEY_REFUSED, self::message( $refusal ), null, array( 'reason' => $refusal->reason() ) );
		}
		if ( ! $this->keys->replace( $ring, $next ) ) {
			throw new ServiceError( ErrorCode::LEASE_KEY_REFUSED, __( 'The lease keys changed while this step ran; list them and try again.', 'svc-licensing' ), null, array( 'reason' => 'changed' ) );
		}
		return $next;
	}

	/**
	 * The published entry of a key.
	 *
	 * @param string $kid Key id.
	 * @return array<string, mixed>
	 */
	private function entry( string $kid ): array {
		foreach ( $this->published() as $key ) {
			if ( $key['kid'] === $kid ) {
				return $key;
			}
		}
		return array();
	}

	/**
	 * Words for a refusal.
	 *
	 * @param KeyRingRefusal $refusal Refusal.
	 */
	private static function message( KeyRingRefusal $refusal ): string {
		switch ( $refusal->reason() ) {
			case 'next_exists':
				/* translators: %s: key id. */
				return sprintf( __( 'A next key (%s) is already prepared: promote it, or retire it to start again.', 'svc-licensing' ), $refusal->detail() );
			case 'no_next':
				return __( 'No next key is prepared: prepare one first, and promote it once clients have had time to fetch it.', 'svc-licensing' );
			case 'unknown_key':
				/* translators: %s: key id. */
				return sprintf( __( 'No lease key has the id %s.', 'svc-licensing' ), $refusal->detail() );
			case 'active_key':
				return __( 'The active key signs every lease and cannot be retired: prepare and promote another first.', 'svc-licensing' );
			default:
				$until = strtotime( $refusal->detail() );
				/* translators: %s: date and time in the site's format. */
				return sprintf( __( 'Leases signed by this key are valid until %s; retire it after that, or force it (clients then refuse those leases).', 'svc-licensing' ), false === $until ? $refusal->detail() : (string) wp_date( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ), $until ) );
		}
	}
}
