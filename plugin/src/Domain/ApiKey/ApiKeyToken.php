<?php
/**
 * API keys for server-to-server callers and the admin API.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\ApiKey;

/**
 * `svc_` plus 40 random base-62 characters (~238 bits) from a CSPRNG. Stored as SHA-256 (the spec's choice; the
 * key itself has far too much entropy to brute-force), with its first 8 characters in plaintext for display.
 * The fixed `svc_` start lets secret scanners recognise a leaked key.
 */
final class ApiKeyToken {
	public const PREFIX_LENGTH = 8;
	private const MARK         = 'svc_';
	private const ALPHABET     = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
	private const RANDOM_CHARS = 40;

	/**
	 * A new key.
	 */
	public static function generate(): string {
		$last = strlen( self::ALPHABET ) - 1;
		$key  = self::MARK;
		for ( $i = 0; $i < self::RANDOM_CHARS; $i++ ) {
			$key .= self::ALPHABET[ random_int( 0, $last ) ];
		}
		return $key;
	}

	/**
	 * Whether a presented string can be a key at all (saves a query for garbage).
	 *
	 * @param string $presented Presented key.
	 */
	public static function is_well_formed( string $presented ): bool {
		return 1 === preg_match( '/^svc_[A-Za-z0-9]{40}$/D', $presented );
	}

	/**
	 * The stored hash.
	 *
	 * @param string $key Key.
	 */
	public static function hash( string $key ): string {
		return hash( 'sha256', $key );
	}

	/**
	 * The displayed prefix.
	 *
	 * @param string $key Key.
	 */
	public static function prefix( string $key ): string {
		return substr( $key, 0, self::PREFIX_LENGTH );
	}

	/**
	 * The key in request headers: X-Service-Key, or Authorization: Bearer. Never the query string.
	 *
	 * @param string $service_key_header   X-Service-Key value ('' when absent).
	 * @param string $authorization_header Authorization value ('' when absent).
	 * @return string|null The presented key, or null when the request carries none.
	 */
	public static function from_headers( string $service_key_header, string $authorization_header ): ?string {
		$service_key_header = trim( $service_key_header );
		if ( '' !== $service_key_header ) {
			return $service_key_header;
		}
		if ( 1 === preg_match( '/^Bearer\s+(\S+)\s*$/i', $authorization_header, $match ) ) {
			return $match[1];
		}
		return null;
	}
}
