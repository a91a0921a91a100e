<?php
/**
 * Runs when the site owner deletes the plugin: clears scheduled hooks, and erases the data only where the admin
 * opted in (see Lifecycle::uninstall()).
 *
 * @package SvcLicensing
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

require_once __DIR__ . '/src/autoload.php';

Svc\Licensing\Lifecycle::uninstall( $GLOBALS['wpdb'] );
