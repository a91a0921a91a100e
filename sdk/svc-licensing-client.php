<?php
/**
 * Licence Service client SDK. Include this file from your plugin's main file (or your theme's functions.php),
 * then make one call.
 *
 * Example, in a plugin's main file:
 *
 *     require_once __DIR__ . '/vendor/svc-licensing-client/svc-licensing-client.php';
 *     svc_licensing_client(
 *         array(
 *             'server'  => 'https://seller.example',
 *             'product' => 'acme-widgets',
 *             'file'    => __FILE__,
 *         )
 *     );
 *
 * Several plugins and themes on one site may bundle different copies: each copy registers its version here,
 * and the newest one loads once, for all of them (registry.php).
 *
 * SDK version: see the call at the end of the registration below.
 *
 * @package SvcLicensingClient
 */

defined( 'ABSPATH' ) || exit;

require_once __DIR__ . '/registry.php';

// Where this copy sits: a product trusts the keys baked into the copy it bundles itself (its trusted-keys.php).
$GLOBALS['svc_licensing_client_copies'][] = __DIR__; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- the SDK's own global, never core's.

// This copy's version, written once: the registry loads the newest of the copies it is given.
( static function ( string $version, string $dir ): void {
	Svc_Licensing_Client_Versions_1::register(
		$version,
		static function () use ( $version, $dir ) {
			require_once $dir . '/src/autoload.php';
			return \Svc\LicensingClient\WordPress\Sdk::start( $version, $dir );
		}
	);
} )( '0.3.0', __DIR__ );

if ( ! function_exists( 'svc_licensing_client' ) ) {
	/**
	 * Licenses and updates one plugin or theme through the seller's licence server.
	 *
	 * @param array<string, mixed> $config `server`, `product` and `file` (required); see the SDK's README.
	 */
	function svc_licensing_client( array $config ): void {
		Svc_Licensing_Client_Versions_1::add_product( $config );
		if ( did_action( 'after_setup_theme' ) ) {
			Svc_Licensing_Client_Versions_1::initialize();
		}
	}
}

if ( ! function_exists( 'svc_licensing_client_uninstall' ) ) {
	/**
	 * For a plugin with an uninstall.php of its own (WordPress then skips the SDK's uninstall hook, and does not
	 * load the plugin): frees the site's slot on the licence server, best effort, and removes the SDK's options of
	 * this product, from what the SDK stored on this site. The uninstall.php requires this file first (its
	 * require_once of vendor/svc-licensing-client/svc-licensing-client.php), then calls this with the slug.
	 *
	 * @param string $product The product's slug, as given to svc_licensing_client().
	 */
	function svc_licensing_client_uninstall( string $product ): void {
		Svc_Licensing_Client_Versions_1::initialize();
		$sdk = class_exists( '\\Svc\\LicensingClient\\WordPress\\Sdk', false ) ? \Svc\LicensingClient\WordPress\Sdk::instance() : null;
		if ( null !== $sdk ) {
			$sdk->delete_product( $product );
		}
	}
}

if ( ! function_exists( 'svc_licensing_client_is_valid' ) ) {
	/**
	 * Whether the product is licensed on this site now: the licence server's signed lease for this product and this
	 * site, verified with the keys the SDK trusts, not run out and not expired by the site's clock. Asks no server
	 * (call it as often as you like); answers false before the products are set up (after_setup_theme, priority 0),
	 * so call it on `init` or later. See the SDK's README, "The lease".
	 *
	 * @param string $product The product's slug, as given to svc_licensing_client().
	 */
	function svc_licensing_client_is_valid( string $product ): bool {
		$sdk = class_exists( '\\Svc\\LicensingClient\\WordPress\\Sdk', false ) ? \Svc\LicensingClient\WordPress\Sdk::instance() : null;
		return null !== $sdk && $sdk->is_valid( $product );
	}
}

// Every copy hooks the same static method; WordPress keeps it once. Themes load before this action runs.
add_action( 'after_setup_theme', array( 'Svc_Licensing_Client_Versions_1', 'initialize' ), 0 );
