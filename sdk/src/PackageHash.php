<?php
/**
 * The SHA-256 check of an update package before WordPress installs it.
 *
 * @package SvcLicensingClient
 */

namespace Svc\LicensingClient;

/**
 * The server names a package's hash as `sha256:` and 64 hex digits (the update answer's package_hash).
 */
final class PackageHash {

	/**
	 * The hex digest of a package_hash value, lower-case, or null when it is not a SHA-256.
	 *
	 * @param string $value The answer's package_hash.
	 */
	public static function parse( string $value ): ?string {
		return preg_match( '/^sha256:([0-9a-fA-F]{64})$/', $value, $match ) ? strtolower( $match[1] ) : null;
	}

	/**
	 * Whether a downloaded file is the package the server named.
	 *
	 * @param string $file   Path of the downloaded file.
	 * @param string $sha256 Expected digest, hex.
	 */
	public static function matches( string $file, string $sha256 ): bool {
		if ( ! is_file( $file ) || ! is_readable( $file ) ) {
			return false;
		}
		$actual = hash_file( 'sha256', $file );
		return false !== $actual && hash_equals( strtolower( $sha256 ), $actual );
	}
}
