<?php
/**
 * A host without ext-sodium (the client site on @php-wasm, some shared hosts): WordPress then loads its bundled
 * sodium_compat (wp-includes/compat.php requires sodium_compat/autoload.php when sodium_crypto_box is missing),
 * whose lib/php72compat.php defines the sodium_* functions and SODIUM_* constants it polyfills. The SDK must use
 * only those, and its signature checks must give the server's answers in pure PHP.
 *
 * @package SvcLicensingClient
 */

use PHPUnit\Framework\Attributes\PreserveGlobalState;
use PHPUnit\Framework\Attributes\RunInSeparateProcess;
use PHPUnit\Framework\TestCase;
use Svc\LicensingClient\Lease;
use Svc\LicensingClient\SiteIdentity;
use Svc\LicensingClient\TrustedKeys;

final class SodiumCompatTest extends TestCase {

	/**
	 * WordPress' sodium_compat, as the stack unpacked the WordPress the sites run (tools/cli.ts phpunit unpacks it).
	 */
	private static function compat_dir(): string {
		$dirs = glob( dirname( __DIR__, 2 ) . '/.cache/wordpress-*/wp-includes/sodium_compat' );
		self::assertNotEmpty( $dirs, 'WordPress core is unpacked in .cache/ (tools/cli.ts phpunit does it)' );
		return (string) end( $dirs );
	}

	/**
	 * The text of the SDK's PHP files.
	 */
	private static function sdk_source(): string {
		$text  = '';
		$files = new RecursiveIteratorIterator( new RecursiveDirectoryIterator( dirname( __DIR__, 2 ) . '/sdk/src', FilesystemIterator::SKIP_DOTS ) );
		foreach ( $files as $file ) {
			if ( '.php' === substr( (string) $file, -4 ) ) {
				$text .= (string) file_get_contents( (string) $file );
			}
		}
		return $text;
	}

	public function test_every_sodium_function_and_constant_the_sdk_uses_is_one_sodium_compat_polyfills(): void {
		$source = self::sdk_source();
		$polyfill = (string) file_get_contents( self::compat_dir() . '/lib/php72compat.php' );
		preg_match_all( '/\bsodium_[a-z0-9_]+(?=\s*\()/', $source, $functions );
		preg_match_all( '/\bSODIUM_([A-Z0-9_]+)\b/', $source, $constants );
		$functions = array_values( array_unique( $functions[0] ) );
		$constants = array_values( array_unique( $constants[1] ) );
		// What the SDK uses today; a new use is checked below like these.
		$this->assertContains( 'sodium_crypto_sign_verify_detached', $functions );
		$this->assertContains( 'CRYPTO_SIGN_BYTES', $constants );
		foreach ( $functions as $function ) {
			$this->assertMatchesRegularExpression( '/function ' . preg_quote( $function, '/' ) . '\s*\(/', $polyfill, "$function is polyfilled" );
		}
		foreach ( $constants as $constant ) {
			$this->assertStringContainsString( "'" . $constant . "'", $polyfill, "SODIUM_$constant is polyfilled" );
		}
	}

	/**
	 * The SDK's signature checks, with sodium_compat's pure-PHP Ed25519 in place of ext-sodium: its unqualified
	 * sodium_crypto_sign_verify_detached() calls resolve to a function of the SDK's namespace defined here first,
	 * which is the polyfill's with the extension shut out, as on a host without it.
	 */
	#[RunInSeparateProcess]
	#[PreserveGlobalState( false )]
	public function test_leases_and_endorsements_verify_as_the_server_says_with_sodium_compat_alone(): void {
		require_once self::compat_dir() . '/autoload.php';
		ParagonIE_Sodium_Compat::$disableFallbackForUnitTests = true;
		$GLOBALS['svc_sodium_compat_calls'] = 0;
		// phpcs:ignore Squiz.PHP.Eval.Discouraged -- a function of the SDK's namespace, defined before its first call.
		eval( 'namespace Svc\LicensingClient; function sodium_crypto_sign_verify_detached( $signature, $message, $public_key ) { ++$GLOBALS[\'svc_sodium_compat_calls\']; return \ParagonIE_Sodium_Compat::crypto_sign_verify_detached( $signature, $message, $public_key ); }' );

		$vectors = json_decode( (string) file_get_contents( dirname( __DIR__ ) . '/vectors/lease.json' ), true, 512, JSON_THROW_ON_ERROR );
		$active  = $vectors['keys']['active'];
		$entries = array();
		foreach ( $vectors['endorsements'] as $endorsement ) {
			$entries[] = array(
				'kid'         => $endorsement['kid'],
				'alg'         => 'Ed25519',
				'public_key'  => $endorsement['public_key'],
				'status'      => 'next',
				'created_at'  => '2026-11-01T00:00:00Z',
				'endorsed_by' => $endorsement['endorsed_by'],
				'endorsement' => $endorsement['endorsement'],
			);
		}
		$trusted = TrustedKeys::from_roots( array( $active['kid'] => $active['public_key_b64url'] ), $entries );
		foreach ( $vectors['endorsements'] as $endorsement ) {
			$this->assertSame( $endorsement['valid'], null !== $trusted->key( $endorsement['kid'] ), $endorsement['name'] );
		}
		$site  = SiteIdentity::fingerprint( $vectors['site_url'] );
		$valid = array_column( $vectors['valid'], 'lease', 'name' );
		$this->assertSame( Lease::VALID, Lease::parse( $valid['active-licence'] )->check( $trusted, 'acme-widgets', $site, $vectors['now'] ) );
		$this->assertSame( Lease::VALID, Lease::parse( $valid['signed-by-next-key'] )->check( $trusted, 'acme-widgets', $site, $vectors['now'] ) );
		$bad = 0;
		foreach ( $vectors['invalid'] as $vector ) {
			if ( 'bad_signature' === $vector['reason'] ) {
				++$bad;
				$this->assertSame( Lease::BAD_SIGNATURE, Lease::parse( $vector['lease'] )->check( $trusted, 'acme-widgets', $site, $vectors['now'] ), $vector['name'] );
			}
		}
		$this->assertGreaterThan( 0, $bad );
		$this->assertGreaterThan( 2 + $bad, $GLOBALS['svc_sodium_compat_calls'], 'the checks went through sodium_compat' );
	}
}
