<?php
/**
 * What the client SDK's zip holds, and what it is called.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Sdk;

/**
 * The SDK as a seller bundles it: every file of its folder except its own lint configuration, under one top
 * folder, in a zip named with the version the entry file registers. Pure: the caller lists the files and reads
 * the entry file.
 */
final class SdkBundle {
	/** The zip's top folder, the folder name the SDK's README tells sellers to use. */
	public const FOLDER = 'svc-licensing-client';

	/** The file a product includes; it holds the version literal. */
	public const ENTRY = 'svc-licensing-client.php';

	/** The lease keys the SDK trusts (docs/leases.md), written into each download, never taken from the folder. */
	public const TRUSTED_KEYS = 'trusted-keys.php';

	/** The SDK's own lint configuration, at its top level: not part of what a product ships. */
	private const DEV_FILES = array( 'phpcs.xml.dist', 'phpstan.neon.dist' );

	/**
	 * The version the entry file registers: its one literal `} )( '1.2.3', __DIR__ );`, or null when there is
	 * not exactly one, or it is not a version (letters, digits, dots, hyphens and plus signs).
	 *
	 * @param string $entry_source The entry file's text.
	 */
	public static function version_in( string $entry_source ): ?string {
		$found = preg_match_all( "/\\}\\s*\\)\\(\\s*'([^']*)'\\s*,\\s*__DIR__\\s*\\);/", $entry_source, $matches );
		if ( 1 !== $found || ! preg_match( '/^[0-9][0-9A-Za-z.+-]{0,63}$/', $matches[1][0] ) ) {
			return null;
		}
		return $matches[1][0];
	}

	/**
	 * The zip's entries: relative path in the SDK folder => name in the zip, sorted, the dev files left out.
	 *
	 * @param string[] $relative_paths The SDK folder's files, relative to it, with '/' or '\' separators.
	 * @return array<string, string>
	 */
	public static function entries( array $relative_paths ): array {
		$entries = array();
		foreach ( $relative_paths as $path ) {
			$name = ltrim( str_replace( '\\', '/', $path ), '/' );
			if ( '' === $name || self::TRUSTED_KEYS === $name || in_array( $name, self::DEV_FILES, true ) || in_array( '..', explode( '/', $name ), true ) ) {
				continue;
			}
			$entries[ $path ] = self::FOLDER . '/' . $name;
		}
		asort( $entries, SORT_STRING );
		return $entries;
	}

	/**
	 * The source of trusted-keys.php: `return array( '<kid>' => '<public key, base64url>', ... );`.
	 *
	 * @param array<string, string> $keys Key id => public key (base64url), the service's active and next keys.
	 */
	public static function trusted_keys_file( array $keys ): string {
		$lines = '';
		foreach ( $keys as $kid => $public ) {
			if ( ! preg_match( '/^[A-Za-z0-9_-]+$/', (string) $kid ) || ! preg_match( '/^[A-Za-z0-9_-]+$/', $public ) ) {
				continue;
			}
			$lines .= "\t'" . $kid . "' => '" . $public . "',\n";
		}
		return "<?php\n/**\n * The lease keys this SDK trusts: the licence service's active and next Ed25519 public keys, as the service\n"
			. " * published them when this copy was downloaded. A key the service endorses later with one of these is trusted\n"
			. " * too. Written by the service's Integrate tab; do not edit.\n *\n * @package SvcLicensingClient\n */\n\n"
			. "defined( 'ABSPATH' ) || exit;\n\nreturn array(\n" . $lines . ");\n";
	}

	/**
	 * The zip's file name.
	 *
	 * @param string $version The SDK version, from version_in().
	 */
	public static function file_name( string $version ): string {
		return self::FOLDER . '-' . $version . '.zip';
	}
}
