<?php
/**
 * What the SDK reports to its licence server after core updated the product: installed, or failed with core's
 * error code. Pure.
 *
 * @package SvcLicensingClient
 */

namespace Svc\LicensingClient;

/**
 * One report per product and version, kept in the SDK's state until sent:
 * - core's install of the offered version failed (a download, unpack or install error): `failed` with core's
 *   WP_Error code, due at once;
 * - core installed it: `installed`, due HOLD_SECONDS later, so that a fatal error on the product's first requests
 *   (WordPress' fatal-error handler) can still turn it into `failed` / `fatal_error` before it is sent (the server
 *   counts a site's first report on a release only);
 * - a fatal error in the product's files: `failed` / `fatal_error` for the version installed, sent at once.
 * A version already reported is never reported again.
 */
final class HealthReport {

	/** How long an `installed` report waits for a fatal error before it is sent. */
	public const HOLD_SECONDS = 300;

	/** The error code of a fatal error in the product's code. */
	public const FATAL = 'fatal_error';

	/** Core's error code when the upgrader gave none (an update screen whose skin keeps no errors). */
	public const UNKNOWN_FAILURE = 'update_failed';

	/** PHP's error types WordPress' fatal-error handler acts on (wp_should_handle_php_error). */
	private const FATAL_TYPES = array( E_ERROR, E_PARSE, E_USER_ERROR, E_COMPILE_ERROR, E_RECOVERABLE_ERROR, E_CORE_ERROR );

	/**
	 * The report after core's upgrader ran for the product.
	 *
	 * @param string      $offered    The version core was installing (the offer's).
	 * @param string      $installed  The version in the product's header after the run.
	 * @param string|null $error_code Core's WP_Error code, or null when the install succeeded.
	 * @param int         $now        Unix time.
	 * @return array{version: string, outcome: string, error_code: string, due: int}|null Null when nothing was updated.
	 */
	public static function after_upgrade( string $offered, string $installed, ?string $error_code, int $now ): ?array {
		if ( null !== $error_code ) {
			return '' === $offered ? null : self::pending( $offered, 'failed', '' === $error_code ? self::UNKNOWN_FAILURE : $error_code, $now );
		}
		return '' === $installed ? null : self::pending( $installed, 'installed', '', $now + self::HOLD_SECONDS );
	}

	/**
	 * The report of a fatal error in the product's code, for the version it runs.
	 *
	 * @param string $installed The version in the product's header.
	 * @param int    $now       Unix time.
	 * @return array{version: string, outcome: string, error_code: string, due: int}
	 */
	public static function fatal( string $installed, int $now ): array {
		return self::pending( $installed, 'failed', self::FATAL, $now );
	}

	/**
	 * Whether an error (error_get_last()'s shape) is a fatal one raised in a file under the product's folder.
	 *
	 * @param mixed  $error  The error.
	 * @param string $folder The product's folder.
	 */
	public static function is_fatal_in( $error, string $folder ): bool {
		if ( ! is_array( $error ) || ! isset( $error['type'], $error['file'] ) || '' === $folder ) {
			return false;
		}
		$folder = rtrim( str_replace( '\\', '/', $folder ), '/' ) . '/';
		$file   = str_replace( '\\', '/', (string) $error['file'] );
		return in_array( (int) $error['type'], self::FATAL_TYPES, true ) && 0 === strpos( $file, $folder );
	}

	/**
	 * The report to send now: the pending one when it is due and its version was not reported yet.
	 *
	 * @param mixed       $pending  The stored pending report.
	 * @param string|null $reported The version last reported.
	 * @param int         $now      Unix time.
	 * @return array{version: string, outcome: string, error_code: string}|null
	 */
	public static function due( $pending, ?string $reported, int $now ): ?array {
		if ( ! is_array( $pending ) || ! isset( $pending['version'], $pending['outcome'], $pending['due'] ) ) {
			return null;
		}
		if ( (string) $pending['version'] === $reported || (int) $pending['due'] > $now ) {
			return null;
		}
		return array(
			'version'    => (string) $pending['version'],
			'outcome'    => (string) $pending['outcome'],
			'error_code' => (string) ( $pending['error_code'] ?? '' ),
		);
	}

	/**
	 * Whether a new pending report may replace the stored one: a failure always may (a fatal after an install
	 * turns it into a failure); an `installed` report never replaces a failure of the same version.
	 *
	 * @param mixed                $stored The stored pending report.
	 * @param array<string, mixed> $next   The new one.
	 */
	public static function replaces( $stored, array $next ): bool {
		if ( ! is_array( $stored ) || ( $stored['version'] ?? null ) !== $next['version'] ) {
			return true;
		}
		return 'failed' === $next['outcome'] || 'failed' !== ( $stored['outcome'] ?? null );
	}

	/**
	 * The request's body fields: the same identity the update check sends, and nothing more.
	 *
	 * @param array{version: string, outcome: string, error_code: string} $report  The report.
	 * @param string                                                      $key     Licence key.
	 * @param string                                                      $slug    Product slug.
	 * @param string                                                      $site    Site URL.
	 * @param string                                                      $network Network URL on a multisite, ''.
	 * @return array<string, string>
	 */
	public static function fields( array $report, string $key, string $slug, string $site, string $network ): array {
		$fields = array(
			'license_key'  => $key,
			'product_slug' => $slug,
			'site_url'     => $site,
			'version'      => $report['version'],
			'outcome'      => $report['outcome'],
		);
		if ( '' !== $report['error_code'] ) {
			$fields['error_code'] = substr( (string) preg_replace( '/[^A-Za-z0-9_.:-]/', '_', $report['error_code'] ), 0, 100 );
		}
		if ( '' !== $network ) {
			$fields['network_url'] = $network;
		}
		return $fields;
	}

	/**
	 * A pending report.
	 *
	 * @param string $version    Version.
	 * @param string $outcome    installed or failed.
	 * @param string $error_code Error code.
	 * @param int    $due        When to send it.
	 * @return array{version: string, outcome: string, error_code: string, due: int}
	 */
	private static function pending( string $version, string $outcome, string $error_code, int $due ): array {
		return array(
			'version'    => $version,
			'outcome'    => $outcome,
			'error_code' => $error_code,
			'due'        => $due,
		);
	}
}
