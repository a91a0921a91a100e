<?php
/**
 * The service's lease keys and their rotation.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Lease;

use Svc\Licensing\Domain\IsoTime;

/**
 * Pure: the stored list of keys, each `kid`, `secret` (base64url), `status` (next, active or retired),
 * `created_at`, `endorsed_by`, `endorsement`, `retired_at` (Unix seconds or null). At most one active and one
 * next key. Rotation: prepare() mints the next key endorsed by the active one (published, not used); promote()
 * signs with it and retires the old one, which stays published; remove() takes a key off the list: a next key at
 * any time, a retired one once no lease it signed can still be valid (or at once, forced). A removed key is revoked
 * for good: its id goes on the `revoked` list (kid, revoked_at), which GET /keys publishes signed by the active key
 * (KeyRevocation), so sites stop trusting it even where it is baked as a root. Every step answers a new ring.
 */
final class KeyRing {
	public const ACTIVE  = 'active';
	public const NEXT    = 'next';
	public const RETIRED = 'retired';

	/**
	 * Entries, in the order kept.
	 *
	 * @var list<array{kid: string, secret: string, status: string, created_at: int, endorsed_by: ?string, endorsement: ?string, retired_at: ?int}>
	 */
	private $entries;

	/**
	 * The checked keys, by id (each derived once per ring: a derivation costs about a signature).
	 *
	 * @var array<string, LeaseKey>
	 */
	private $keys;

	/**
	 * The revoked keys, in the order revoked.
	 *
	 * @var list<array{kid: string, revoked_at: int}>
	 */
	private $revoked;

	/**
	 * Constructor.
	 *
	 * @param list<array{kid: string, secret: string, status: string, created_at: int, endorsed_by: ?string, endorsement: ?string, retired_at: ?int}> $entries Entries.
	 * @param array<string, LeaseKey>                                                                                                                 $keys    Their keys, by id.
	 * @param list<array{kid: string, revoked_at: int}>                                                                                               $revoked The revoked keys.
	 */
	private function __construct( array $entries, array $keys, array $revoked = array() ) {
		$this->entries = $entries;
		$this->keys    = $keys;
		$this->revoked = $revoked;
	}

	/**
	 * A ring of one new active key.
	 *
	 * @param LeaseKey $key First key.
	 * @param int      $now Unix seconds.
	 */
	public static function first( LeaseKey $key, int $now ): self {
		return new self( array( self::entry( $key, self::ACTIVE, $now, null, null ) ), array( $key->kid() => $key ) );
	}

	/**
	 * The ring of a stored value, or null when it is not one: every secret must hold its own public key under its
	 * kid, statuses must be known, exactly one key must be active, and no key may be a revoked one. A value checked
	 * before (the same bytes) skips the derivation of each public key, the costly part (LeaseKey::from_checked).
	 *
	 * @param mixed $stored  The option's value.
	 * @param bool  $checked Whether these very bytes were checked before.
	 */
	public static function from_stored( $stored, bool $checked = false ): ?self {
		if ( ! is_array( $stored ) || ! isset( $stored['keys'] ) || ! is_array( $stored['keys'] ) ) {
			return null;
		}
		$entries = array();
		$keys    = array();
		$count   = array(
			self::ACTIVE  => 0,
			self::NEXT    => 0,
			self::RETIRED => 0,
		);
		foreach ( $stored['keys'] as $entry ) {
			if ( ! is_array( $entry ) || ! isset( $entry['kid'], $entry['secret'], $entry['status'], $entry['created_at'] ) || ! isset( $count[ (string) $entry['status'] ] ) ) {
				return null;
			}
			$key = $checked ? LeaseKey::from_checked( (string) $entry['secret'] ) : LeaseKey::from_stored( (string) $entry['secret'] );
			if ( null === $key || $key->kid() !== $entry['kid'] ) {
				return null;
			}
			++$count[ (string) $entry['status'] ];
			$keys[ $key->kid() ] = $key;
			$entries[]           = array(
				'kid'         => $key->kid(),
				'secret'      => $key->to_stored(),
				'status'      => (string) $entry['status'],
				'created_at'  => (int) $entry['created_at'],
				'endorsed_by' => isset( $entry['endorsed_by'] ) ? (string) $entry['endorsed_by'] : null,
				'endorsement' => isset( $entry['endorsement'] ) ? (string) $entry['endorsement'] : null,
				'retired_at'  => isset( $entry['retired_at'] ) ? (int) $entry['retired_at'] : null,
			);
		}
		if ( 1 !== $count[ self::ACTIVE ] || $count[ self::NEXT ] > 1 || count( $keys ) !== count( $entries ) ) {
			return null;
		}
		$revoked = array();
		foreach ( isset( $stored['revoked'] ) && is_array( $stored['revoked'] ) ? $stored['revoked'] : array() as $entry ) {
			if ( ! is_array( $entry ) || ! isset( $entry['kid'], $entry['revoked_at'] ) || ! is_string( $entry['kid'] ) || isset( $keys[ $entry['kid'] ] ) ) {
				return null;
			}
			$revoked[] = array(
				'kid'        => $entry['kid'],
				'revoked_at' => (int) $entry['revoked_at'],
			);
		}
		return new self( $entries, $keys, $revoked );
	}

	/**
	 * The state of the stored keys against the fingerprint the tables recorded. Keys are minted when none were
	 * ever recorded (a fresh install, or one from before leases) or when no licence exists; once a fingerprint is
	 * recorded and licences exist, missing or different keys are never replaced silently: clients trust the
	 * published keys, and a new one would not be endorsed by them.
	 *
	 * @param self|null   $ring         The stored ring, null when absent or unreadable.
	 * @param bool        $present      Whether the option holds anything.
	 * @param string|null $recorded     The recorded fingerprint, null when none is.
	 * @param callable    $has_licenses Answers whether any licence exists (asked only when it matters).
	 * @return string ok; unrecorded (record this ring's fingerprint, then use it); new (mint a ring); missing;
	 *                mismatch (present but unreadable, or another ring than recorded).
	 */
	public static function state( ?self $ring, bool $present, ?string $recorded, callable $has_licenses ): string {
		if ( null === $ring ) {
			if ( null === $recorded || ! $has_licenses() ) {
				return 'new';
			}
			return $present ? 'mismatch' : 'missing';
		}
		if ( null === $recorded ) {
			return 'unrecorded';
		}
		if ( hash_equals( $recorded, $ring->fingerprint() ) ) {
			return 'ok';
		}
		return $has_licenses() ? 'mismatch' : 'unrecorded';
	}

	/**
	 * The value to store.
	 *
	 * @return array{keys: list<array<string, mixed>>, revoked?: list<array{kid: string, revoked_at: int}>}
	 */
	public function to_stored(): array {
		return array() === $this->revoked ? array( 'keys' => $this->entries ) : array(
			'keys'    => $this->entries,
			'revoked' => $this->revoked,
		);
	}

	/**
	 * The revoked keys, oldest first (the admin's list).
	 *
	 * @return list<array{kid: string, revoked_at: string}>
	 */
	public function revoked(): array {
		$list = array();
		foreach ( $this->revoked as $entry ) {
			$list[] = array(
				'kid'        => $entry['kid'],
				'revoked_at' => IsoTime::format( $entry['revoked_at'] ),
			);
		}
		return $list;
	}

	/**
	 * GET /keys' `revoked`: the revoked key ids, sorted, signed by the active key.
	 *
	 * @return array{kids: list<string>, signed_by: string, signature: string}
	 */
	public function revocation(): array {
		return KeyRevocation::sign( $this->active(), array_column( $this->revoked, 'kid' ) );
	}

	/**
	 * The key that signs leases.
	 *
	 * @throws \LogicException Never: a ring always has one.
	 */
	public function active(): LeaseKey {
		foreach ( $this->entries as $entry ) {
			if ( self::ACTIVE === $entry['status'] ) {
				return $this->key_of( $entry );
			}
		}
		throw new \LogicException( 'A ring has an active key.' );
	}

	/**
	 * The one-way fingerprint of the ring's keys (ids and public keys; says nothing about the secrets), kept in
	 * the plugin's tables so a replaced or edited option is noticed.
	 */
	public function fingerprint(): string {
		$keys = array();
		foreach ( $this->entries as $entry ) {
			$keys[] = $entry['kid'] . ':' . $this->key_of( $entry )->public_key_b64url();
		}
		sort( $keys );
		return hash( 'sha256', 'svc-licensing lease keys v1|' . implode( ',', $keys ) );
	}

	/**
	 * The keys as GET /keys publishes them: active first, then next, then retired (newest first).
	 *
	 * @return list<array{kid: string, alg: string, public_key: string, status: string, created_at: string, endorsed_by: ?string, endorsement: ?string}>
	 */
	public function published(): array {
		$order   = array(
			self::ACTIVE  => 0,
			self::NEXT    => 1,
			self::RETIRED => 2,
		);
		$entries = $this->entries;
		usort(
			$entries,
			static function ( array $a, array $b ) use ( $order ): int {
				return array( $order[ $a['status'] ], -$a['created_at'] ) <=> array( $order[ $b['status'] ], -$b['created_at'] );
			}
		);
		$keys = array();
		foreach ( $entries as $entry ) {
			$keys[] = array(
				'kid'         => $entry['kid'],
				'alg'         => 'Ed25519',
				'public_key'  => $this->key_of( $entry )->public_key_b64url(),
				'status'      => $entry['status'],
				'created_at'  => IsoTime::format( $entry['created_at'] ),
				'endorsed_by' => $entry['endorsed_by'],
				'endorsement' => $entry['endorsement'],
			);
		}
		return $keys;
	}

	/**
	 * Public keys by id, of every published key (what a lease may be verified with).
	 *
	 * @return array<string, string>
	 */
	public function public_keys(): array {
		$keys = array();
		foreach ( $this->entries as $entry ) {
			$keys[ $entry['kid'] ] = $this->key_of( $entry )->public_key_b64url();
		}
		return $keys;
	}

	/**
	 * The status of a key, or null when the ring has no such key.
	 *
	 * @param string $kid Key id.
	 */
	public function status_of( string $kid ): ?string {
		foreach ( $this->entries as $entry ) {
			if ( $entry['kid'] === $kid ) {
				return $entry['status'];
			}
		}
		return null;
	}

	/**
	 * The id of the next key, or null.
	 */
	public function next_kid(): ?string {
		foreach ( $this->entries as $entry ) {
			if ( self::NEXT === $entry['status'] ) {
				return $entry['kid'];
			}
		}
		return null;
	}

	/**
	 * The ring with a new next key, endorsed by the active one.
	 *
	 * @param LeaseKey $key New key.
	 * @param int      $now Unix seconds.
	 * @throws KeyRingRefusal Reason next_exists when a next key is already published.
	 */
	public function prepare( LeaseKey $key, int $now ): self {
		if ( null !== $this->next_kid() ) {
			throw new KeyRingRefusal( 'next_exists', (string) $this->next_kid() );
		}
		$active    = $this->active();
		$entries   = $this->entries;
		$entries[] = self::entry( $key, self::NEXT, $now, $active->kid(), KeyEndorsement::sign( $active, $key->kid(), $key->public_key_b64url() ) );
		return new self( $entries, $this->keys + array( $key->kid() => $key ), $this->revoked );
	}

	/**
	 * The ring where the next key signs and the active one is retired (still published).
	 *
	 * @param int $now Unix seconds.
	 * @throws KeyRingRefusal Reason no_next when no key was prepared.
	 */
	public function promote( int $now ): self {
		if ( null === $this->next_kid() ) {
			throw new KeyRingRefusal( 'no_next', '' );
		}
		$entries = array();
		foreach ( $this->entries as $entry ) {
			if ( self::ACTIVE === $entry['status'] ) {
				$entry['status']     = self::RETIRED;
				$entry['retired_at'] = $now;
			} elseif ( self::NEXT === $entry['status'] ) {
				$entry['status'] = self::ACTIVE;
			}
			$entries[] = $entry;
		}
		return new self( $entries, $this->keys, $this->revoked );
	}

	/**
	 * The ring without a key: a next key (an abandoned rotation), or a retired key once every lease it signed has
	 * run out (retired at least $lifetime ago), or sooner when forced. The key is revoked: no lease it signs is
	 * legitimate any more, and its secret may live on in old export files.
	 *
	 * @param string $kid      Key id.
	 * @param int    $now      Unix seconds.
	 * @param int    $lifetime The lease lifetime, seconds.
	 * @param bool   $force    Remove a retired key whose leases may still be valid.
	 * @throws KeyRingRefusal Reason unknown_key, active_key, or leases_outstanding (its detail: when the last runs out).
	 */
	public function remove( string $kid, int $now, int $lifetime, bool $force ): self {
		$status = $this->status_of( $kid );
		if ( null === $status ) {
			throw new KeyRingRefusal( 'unknown_key', $kid );
		}
		if ( self::ACTIVE === $status ) {
			throw new KeyRingRefusal( 'active_key', $kid );
		}
		$entries = array();
		foreach ( $this->entries as $entry ) {
			if ( $entry['kid'] !== $kid ) {
				$entries[] = $entry;
				continue;
			}
			$until = (int) $entry['retired_at'] + $lifetime;
			if ( self::RETIRED === $status && ! $force && $until > $now ) {
				throw new KeyRingRefusal( 'leases_outstanding', IsoTime::format( $until ) );
			}
		}
		$keys = $this->keys;
		unset( $keys[ $kid ] );
		$revoked   = $this->revoked;
		$revoked[] = array(
			'kid'        => $kid,
			'revoked_at' => $now,
		);
		return new self( $entries, $keys, $revoked );
	}

	/**
	 * The key of an entry.
	 *
	 * @param array{kid: string} $entry Entry.
	 */
	private function key_of( array $entry ): LeaseKey {
		return $this->keys[ $entry['kid'] ];
	}

	/**
	 * A new entry.
	 *
	 * @param LeaseKey    $key         Key.
	 * @param string      $status      Status.
	 * @param int         $now         Unix seconds.
	 * @param string|null $endorsed_by Endorsing key id.
	 * @param string|null $endorsement Endorsement.
	 * @return array{kid: string, secret: string, status: string, created_at: int, endorsed_by: ?string, endorsement: ?string, retired_at: ?int}
	 */
	private static function entry( LeaseKey $key, string $status, int $now, ?string $endorsed_by, ?string $endorsement ): array {
		return array(
			'kid'         => $key->kid(),
			'secret'      => $key->to_stored(),
			'status'      => $status,
			'created_at'  => $now,
			'endorsed_by' => $endorsed_by,
			'endorsement' => $endorsement,
			'retired_at'  => null,
		);
	}
}
