<?php
/**
 * Runs when the site owner deletes the plugin: drops its tables, options and scheduled hooks.
 *
 * @package SvcLicensing
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

require_once __DIR__ . '/src/autoload.php';

Svc\Licensing\Lifecycle::uninstall( $GLOBALS['wpdb'] );
