<?php
/**
 * Plugin Name:       Licence Service
 * Description:       Sells and guards plugin and theme licences: validation, activation, updates and Stripe webhooks under /svc/v1.
 * Version:           0.1.0
 * Requires at least: 6.5
 * Requires PHP:      7.4
 * Author:            Licence Service team
 * License:           GPL-2.0-or-later
 * Text Domain:       svc-licensing
 * Domain Path:       /languages
 *
 * @package SvcLicensing
 */

defined( 'ABSPATH' ) || exit;

define( 'SVC_LICENSING_VERSION', require __DIR__ . '/src/version.php' );
define( 'SVC_LICENSING_FILE', __FILE__ );

require_once __DIR__ . '/src/autoload.php';

// The plugin's translations: WordPress' language packs (wp-content/languages/plugins/) and, beside them, the
// catalogues a seller puts in this plugin's languages/ folder (the Domain Path), where the POT lies too.
add_action(
	'init',
	static function (): void {
		load_plugin_textdomain( 'svc-licensing', false, dirname( plugin_basename( __FILE__ ) ) . '/languages' );
	}
);

Svc\Licensing\Plugin::boot( __FILE__ );
