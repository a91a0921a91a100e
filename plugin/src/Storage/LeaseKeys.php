<?php
/**
 * The Ed25519 keys that sign leases.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage;

use Svc\Licensing\Domain\Lease\KeyRing;
use Svc\Licensing\Domain\Lease\LeaseKey;
use wpdb;

/**
 * Kept like the key secret (Storage\KeySecret): one option, not autoloaded, holds the ring (JSON, secrets included),
 * created by whichever request needs it first (an INSERT IGNORE on the option's unique name decides the winner),
 * and its fingerprint is kept in svc_meta. Once a fingerprint is recorded and licences exist, a missing or
 * different ring is never replaced by a new one (KeyRing::state()): answers then carry no lease (lease null, no
 * header) while validate and the update check go on answering, and Site Health and an admin notice say how to put
 * the keys back (docs/leases.md). Rotation replaces the ring only if it is still the one it read.
 */
final class LeaseKeys {
	public const OPTION      = 'svc_licensing_lease_keys';
	public const FINGERPRINT = 'lease_keys_fingerprint';
	// The hash of the option's value last checked key by key: the same bytes are not checked again (issue 42).
	public const CHECKED = 'lease_keys_checked';

	/**
	 * Database.
	 *
	 * @var wpdb
	 */
	private $db;

	/**
	 * Where the fingerprint is kept.
	 *
	 * @var MetaRepository
	 */
	private $meta;

	/**
	 * Answers whether licences exist.
	 *
	 * @var KeySecret
	 */
	private $secret;

	/**
	 * The checked ring of this request, once read.
	 *
	 * @var KeyRing|null
	 */
	private $ring;

	/**
	 * Constructor.
	 *
	 * @param wpdb           $db     Database.
	 * @param KeySecret      $secret The key secret (which knows whether licences exist).
	 * @param MetaRepository $meta   Where the fingerprint is kept (the key secret's too: one read for both).
	 */
	public function __construct( wpdb $db, KeySecret $secret, MetaRepository $meta ) {
		$this->db     = $db;
		$this->meta   = $meta;
		$this->secret = $secret;
	}

	/**
	 * The ring, created on first use; null when the keys are missing or are not the recorded ones.
	 */
	public function ring(): ?KeyRing {
		if ( null !== $this->ring ) {
			return $this->ring;
		}
		$stored  = $this->stored();
		$hash    = hash( 'sha256', $stored );
		$checked = '' !== $stored && hash_equals( (string) $this->meta->get( self::CHECKED ), $hash );
		$ring    = KeyRing::from_stored( json_decode( $stored, true ), $checked );
		$state   = $this->state_of( $ring, $stored );
		if ( 'new' === $state ) {
			$this->write( $stored, (string) wp_json_encode( KeyRing::first( LeaseKey::generate(), time() )->to_stored() ) );
			$stored = $this->stored();
			$ring   = KeyRing::from_stored( json_decode( $stored, true ) );
			$state  = null === $ring ? 'mismatch' : 'unrecorded';
		}
		if ( null !== $ring && 'unrecorded' === $state ) {
			$this->meta->put( self::FINGERPRINT, $ring->fingerprint(), null !== $this->meta->get( self::FINGERPRINT ) );
			$state = $this->state_of( $ring, $stored );
			// Before schema step 7 there is no table to record in; the ring is used as it is.
			$state = 'unrecorded' === $state ? 'ok' : $state;
		}
		if ( 'ok' !== $state ) {
			return null;
		}
		if ( ! $checked && null !== $ring ) {
			// Checked key by key just now: later requests trust these bytes (written once per ring change).
			$this->meta->put( self::CHECKED, hash( 'sha256', $stored ), true );
		}
		$this->ring = $ring;
		return $ring;
	}

	/**
	 * The state without creating or recording anything: ok, unrecorded, new, missing or mismatch (Site Health).
	 */
	public function state(): string {
		$stored = $this->stored();
		return $this->state_of( KeyRing::from_stored( json_decode( $stored, true ) ), $stored );
	}

	/**
	 * Replaces the ring with another (a rotation step), only if the stored ring is still $from; records the new
	 * fingerprint.
	 *
	 * @param KeyRing $from The ring the step was computed from.
	 * @param KeyRing $to   The new ring.
	 * @return bool False when another request changed the ring meanwhile (nothing written).
	 */
	public function replace( KeyRing $from, KeyRing $to ): bool {
		$stored = $this->stored();
		$ring   = KeyRing::from_stored( json_decode( $stored, true ) );
		if ( null === $ring || $ring->to_stored() !== $from->to_stored() ) {
			return false;
		}
		if ( ! $this->write( $stored, (string) wp_json_encode( $to->to_stored() ) ) ) {
			return false;
		}
		$this->meta->put( self::FINGERPRINT, $to->fingerprint(), true );
		$this->ring = $to;
		return true;
	}

	/**
	 * The state of a ring against what the tables recorded.
	 *
	 * @param KeyRing|null $ring   The stored ring.
	 * @param string       $stored The option's value.
	 */
	private function state_of( ?KeyRing $ring, string $stored ): string {
		return KeyRing::state(
			$ring,
			'' !== $stored,
			$this->meta->get( self::FINGERPRINT ),
			function (): bool {
				return $this->secret->has_licenses();
			}
		);
	}

	/**
	 * The option's value ('' when missing); an empty answer is read again from the table, past any cache.
	 */
	private function stored(): string {
		$value = get_option( self::OPTION, '' );
		if ( is_string( $value ) && '' !== $value ) {
			$this->not_autoloaded();
			return $value;
		}
		return (string) $this->db->get_var(
			$this->db->prepare( "SELECT option_value FROM {$this->db->options} WHERE option_name = %s", self::OPTION )
		);
	}

	/**
	 * The private keys are read only by the requests that sign: a ring an earlier version (or a restore's
	 * update_option) left autoloaded is switched off once, by the first request that finds it among the autoloaded
	 * options (issue 40; no query when it is not among them).
	 */
	private function not_autoloaded(): void {
		$autoloaded = wp_load_alloptions();
		if ( isset( $autoloaded[ self::OPTION ] ) ) {
			wp_set_option_autoload( self::OPTION, false );
		}
	}

	/**
	 * Writes the option: created when absent (unless another request just did), else replaced only if it still
	 * holds $old.
	 *
	 * @param string $old Value read.
	 * @param string $new Value to write.
	 * @return bool Whether this request wrote it.
	 */
	private function write( string $old, string $new ): bool {
		if ( '' === $old ) {
			$written = $this->db->query(
				$this->db->prepare(
					"INSERT IGNORE INTO {$this->db->options} (option_name, option_value, autoload) VALUES (%s, %s, 'no')",
					self::OPTION,
					$new
				)
			);
		} else {
			$written = $this->db->query(
				$this->db->prepare(
					"UPDATE {$this->db->options} SET option_value = %s WHERE option_name = %s AND option_value = %s",
					$new,
					self::OPTION,
					$old
				)
			);
		}
		wp_cache_delete( 'alloptions', 'options' );
		wp_cache_delete( self::OPTION, 'options' );
		return is_int( $written ) && $written > 0;
	}
}
