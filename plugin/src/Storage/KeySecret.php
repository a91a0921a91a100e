<?php
/**
 * The server-side secret that keys licence-key hashes.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage;

use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\License\SecretFingerprint;
use Svc\Licensing\Domain\ServiceError;
use wpdb;

/**
 * Created once, by whichever request needs it first on a fresh install: an INSERT IGNORE against the options
 * table's unique name decides the winner, and everyone then reads the stored value. Losing it makes every key
 * unusable, so it is never rotated and never silently replaced: its fingerprint is kept in the plugin's own
 * tables (svc_meta), and while any licence exists (or that cannot be told) no new secret is minted. A missing or
 * different secret makes every use answer 503 key_secret_unavailable (never a 4xx that tells a customer site
 * its key is invalid) until the admin puts the secret back.
 */
final class KeySecret {
	public const OPTION      = 'svc_licensing_key_secret';
	public const FINGERPRINT = 'key_secret_fingerprint';

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
	 * Cached value, once checked.
	 *
	 * @var string|null
	 */
	private $value;

	/**
	 * Constructor.
	 *
	 * @param wpdb                $db   Database.
	 * @param MetaRepository|null $meta Where the fingerprint is kept (one per request, shared with LeaseKeys).
	 */
	public function __construct( wpdb $db, ?MetaRepository $meta = null ) {
		$this->db   = $db;
		$this->meta = $meta ?? new MetaRepository( $db );
	}

	/**
	 * The secret, created on first use of a fresh install.
	 *
	 * @throws ServiceError 503 key_secret_unavailable when the secret is missing or is not the one the licences
	 *                      were stored under.
	 */
	public function get(): string {
		if ( null !== $this->value ) {
			return $this->value;
		}
		$stored = $this->stored();
		$state  = $this->state_of( $stored );
		if ( 'new' === $state ) {
			$stored = $this->mint();
			$state  = 'unrecorded';
		}
		if ( 'unrecorded' === $state ) {
			// Before schema step 7 there is no table to record in; the secret is used as it is.
			$state = $this->record( $stored, null !== $this->recorded() ) ? $this->state_of( $stored ) : 'ok';
		}
		if ( 'ok' !== $state ) {
			throw new ServiceError(
				ErrorCode::KEY_SECRET_UNAVAILABLE,
				__( 'The licence service cannot check licence keys right now: its key secret is missing or was replaced. Keys are not invalid; try again later. The site owner has been told how to restore it.', 'svc-licensing' ),
				null,
				array( 'retry_after' => 300 )
			);
		}
		$this->value = $stored;
		return $stored;
	}

	/**
	 * The stored secret without checking its fingerprint, or '' when there is none. Only for a lookup whose
	 * match proves the secret; on a miss the caller asks get(), which checks.
	 */
	public function unverified(): string {
		return null !== $this->value ? $this->value : $this->stored();
	}

	/**
	 * The state of the secret without creating or recording anything: ok, unrecorded, new, missing or mismatch
	 * (for Site Health and the admin notice).
	 */
	public function state(): string {
		return $this->state_of( $this->stored() );
	}

	/**
	 * The state of a secret against what the tables recorded.
	 *
	 * @param string $stored The option's value.
	 */
	private function state_of( string $stored ): string {
		$recorded = $this->recorded();
		$licenses = SecretFingerprint::needs_license_count( $stored, $recorded ) && $this->has_licenses();
		return SecretFingerprint::state( $stored, $recorded, $licenses );
	}

	/**
	 * The option's value ('' when missing): autoloaded, so usually free; an empty answer is read again from the
	 * table, past any cache, before anything is decided on it.
	 */
	private function stored(): string {
		$value = (string) get_option( self::OPTION, '' );
		if ( '' !== $value ) {
			return $value;
		}
		return (string) $this->db->get_var(
			$this->db->prepare( "SELECT option_value FROM {$this->db->options} WHERE option_name = %s", self::OPTION )
		);
	}

	/**
	 * The recorded fingerprint, or null (also before the table exists).
	 */
	private function recorded(): ?string {
		return $this->meta->get( self::FINGERPRINT );
	}

	/**
	 * Whether any licence exists. Fails closed: when the question cannot be answered (an error other than a
	 * table that was never created), the answer is yes, so no secret is minted over licences that may exist.
	 * The lease keys ask it too (Storage\LeaseKeys).
	 */
	public function has_licenses(): bool {
		$suppressed = $this->db->suppress_errors( true );
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
		$any   = $this->db->get_var( "SELECT id FROM {$this->db->prefix}" . Tables::LICENSES . ' LIMIT 1' );
		$error = (string) $this->db->last_error;
		$this->db->suppress_errors( $suppressed );
		if ( '' !== $error ) {
			return ! (bool) preg_match( '/doesn\'t exist|no such table/i', $error );
		}
		return null !== $any;
	}

	/**
	 * Creates the secret unless another request just did; answers the stored one.
	 */
	private function mint(): string {
		$this->db->query(
			$this->db->prepare(
				"INSERT IGNORE INTO {$this->db->options} (option_name, option_value, autoload) VALUES (%s, %s, 'yes')",
				self::OPTION,
				bin2hex( random_bytes( 32 ) )
			)
		);
		wp_cache_delete( 'alloptions', 'options' );
		wp_cache_delete( self::OPTION, 'options' );
		return $this->stored();
	}

	/**
	 * Records the fingerprint of the secret (state() allowed it: none was recorded, or no licence exists). The
	 * first record never overwrites one another request just made; a replacement (no licence left) does.
	 *
	 * @param string $secret  Secret.
	 * @param bool   $replace Whether a recorded fingerprint is replaced.
	 * @return bool False when there is no table to record in yet.
	 */
	private function record( string $secret, bool $replace ): bool {
		return $this->meta->put( self::FINGERPRINT, SecretFingerprint::of( $secret ), $replace );
	}
}
