<?php
/**
 * Licence keys: XXXX-XXXX-XXXX-XXXX from a CSPRNG over a look-alike-free alphabet.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\License;

use InvalidArgumentException;

/**
 * A well-formed licence key. Keys are stored only as a keyed hash plus their first and last groups
 * (for search and masking); the full key is shown once, when created or rotated.
 */
final class LicenseKey {

	/**
	 * Upper-case letters and digits without 0/O and 1/I/L: 31 symbols, so 16 of them carry ~79 bits.
	 */
	public const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

	private const GROUPS     = 4;
	private const GROUP_SIZE = 4;

	/**
	 * The key, normalised to upper case with hyphens.
	 *
	 * @var string
	 */
	private $value;

	/**
	 * Constructor; use generate() or parse().
	 *
	 * @param string $value Normalised key.
	 */
	private function __construct( string $value ) {
		$this->value = $value;
	}

	/**
	 * A new random key. random_int() is PHP's CSPRNG, and picking by index avoids modulo bias.
	 */
	public static function generate(): self {
		$last   = strlen( self::ALPHABET ) - 1;
		$groups = array();
		for ( $g = 0; $g < self::GROUPS; $g++ ) {
			$group = '';
			for ( $i = 0; $i < self::GROUP_SIZE; $i++ ) {
				$group .= self::ALPHABET[ random_int( 0, $last ) ];
			}
			$groups[] = $group;
		}
		return new self( implode( '-', $groups ) );
	}

	/**
	 * Whether a caller's string is a well-formed key: surrounding space and lower case are forgiven,
	 * anything else (wrong length, look-alike letters, other separators) is not.
	 *
	 * @param string $input Caller's key.
	 */
	public static function is_well_formed( string $input ): bool {
		$pattern = sprintf( '/^[%1$s]{4}-[%1$s]{4}-[%1$s]{4}-[%1$s]{4}$/D', self::ALPHABET );
		return 1 === preg_match( $pattern, strtoupper( trim( $input ) ) );
	}

	/**
	 * Whether a string is a key another licensing system issued, which a move-in carries over unchanged
	 * (docs/moving-in.md): 8 to 64 ASCII letters, digits, hyphens, dots and underscores, starting and ending with
	 * a letter or digit (EDD Software Licensing's 32 hex digits, Software License Manager's prefix and unique id).
	 * Four hyphenated groups of four are this service's own shape: when such a string is not one of ours it is a
	 * mistyped key, never a carried-over one. Letter case does not matter, as it did not in the old systems.
	 *
	 * @param string $input Caller's key.
	 */
	public static function is_carried_over( string $input ): bool {
		$key = strtoupper( trim( $input ) );
		return 1 === preg_match( '/^[A-Z0-9][A-Z0-9._-]{6,62}[A-Z0-9]$/D', $key )
			&& 1 !== preg_match( '/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/D', $key );
	}

	/**
	 * The key in a caller's string: one of ours, or one carried over from another system.
	 *
	 * @param string $input Caller's key.
	 * @throws InvalidArgumentException When it is neither.
	 */
	public static function parse( string $input ): self {
		if ( ! self::is_well_formed( $input ) && ! self::is_carried_over( $input ) ) {
			throw new InvalidArgumentException( 'Not a licence key.' );
		}
		return new self( strtoupper( trim( $input ) ) );
	}

	/**
	 * The full key, for the one response that may show it.
	 */
	public function reveal(): string {
		return $this->value;
	}

	/**
	 * Keyed hash for storage and lookup: HMAC-SHA256 with a secret only the server holds, so a leaked table
	 * cannot be brute-forced offline without the secret as well.
	 *
	 * @param string $secret Server-side secret.
	 * @throws InvalidArgumentException Without a secret, which would make the hash an unkeyed one.
	 */
	public function hash( string $secret ): string {
		if ( '' === $secret ) {
			throw new InvalidArgumentException( 'The key hashing secret is empty.' );
		}
		return hash_hmac( 'sha256', $this->value, $secret );
	}

	/**
	 * First group, stored for search by prefix.
	 */
	public function first_group(): string {
		return substr( $this->value, 0, self::GROUP_SIZE );
	}

	/**
	 * Last group, stored for masking and search by suffix.
	 */
	public function last_group(): string {
		return substr( $this->value, -self::GROUP_SIZE );
	}

	/**
	 * The listing form: XXXX-XXXX-XXXX-ABCD.
	 *
	 * @param string $last_group Stored last group.
	 */
	public static function mask( string $last_group ): string {
		return 'XXXX-XXXX-XXXX-' . $last_group;
	}
}
