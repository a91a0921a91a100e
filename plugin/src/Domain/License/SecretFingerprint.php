<?php
/**
 * A fingerprint of the key secret, stored beside the licences.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\License;

/**
 * Licence keys are stored as HMACs under the site's key secret, which lives in the options table; the licences
 * live in the plugin's tables. Restoring one without the other, or a clean-up plugin deleting the option, would
 * leave every key "not found". The fingerprint (a one-way hash, which says nothing about the secret) is kept in
 * the plugin's own tables, so a missing or different secret is noticed instead of silently replaced.
 */
final class SecretFingerprint {

	/**
	 * The fingerprint of a secret.
	 *
	 * @param string $secret Key secret.
	 */
	public static function of( string $secret ): string {
		return hash( 'sha256', 'svc-licensing key secret fingerprint v1|' . $secret );
	}

	/**
	 * Whether a secret has the recorded fingerprint.
	 *
	 * @param string $secret   Key secret.
	 * @param string $recorded Recorded fingerprint.
	 */
	public static function matches( string $secret, string $recorded ): bool {
		return hash_equals( $recorded, self::of( $secret ) );
	}

	/**
	 * The state of the secret, from what is stored. While licences exist a secret is never created or replaced;
	 * with none, a missing secret may be created and a different one simply recorded.
	 *
	 * @param string      $secret       The option's value ('' when missing).
	 * @param string|null $recorded     The recorded fingerprint, null when none is.
	 * @param bool        $has_licenses Whether any licence exists (asked only when the answer matters).
	 * @return string One of: ok; unrecorded (record this secret's fingerprint, then use it); new (create a
	 *                secret); missing; mismatch.
	 */
	public static function state( string $secret, ?string $recorded, bool $has_licenses ): string {
		if ( '' === $secret ) {
			return $has_licenses ? 'missing' : 'new';
		}
		if ( null === $recorded ) {
			return 'unrecorded';
		}
		if ( self::matches( $secret, $recorded ) ) {
			return 'ok';
		}
		return $has_licenses ? 'mismatch' : 'unrecorded';
	}

	/**
	 * Whether state() needs to know if licences exist (so the common case costs no query).
	 *
	 * @param string      $secret   The option's value.
	 * @param string|null $recorded The recorded fingerprint.
	 */
	public static function needs_license_count( string $secret, ?string $recorded ): bool {
		return '' === $secret || ( null !== $recorded && ! self::matches( $secret, $recorded ) );
	}
}
