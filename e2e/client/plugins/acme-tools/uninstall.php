<?php
/**
 * Acme Tools' own clean-up, run by WordPress when the plugin is deleted (instead of any uninstall hook, and
 * without including acme-tools.php). What the SDK's README tells a seller to put here.
 *
 * @package AcmeTools
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

// The seller's own clean-up would go here.
delete_option( 'acme_tools_settings' );

// Frees this site's slot on the licence server and removes the SDK's options of this product.
require_once __DIR__ . '/vendor/svc-licensing-client/svc-licensing-client.php';
svc_licensing_client_uninstall( 'acme-tools' );
