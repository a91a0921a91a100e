<?php
/**
 * Installs WordPress in a site the stack prepared, or checks it is installed; then applies the stack's
 * settings (pretty permalinks) and activates the plugin. Idempotent.
 *
 * Usage: php install.php <docroot> <url> <admin user> <admin password> <admin email>
 */

if ( PHP_SAPI !== 'cli' ) {
	exit( 1 );
}

list( , $docroot, $url, $user, $password, $email ) = $argv;

$parts                = parse_url( $url );
$_SERVER['HTTP_HOST'] = $parts['host'] . ( isset( $parts['port'] ) ? ':' . $parts['port'] : '' );
$_SERVER['SERVER_NAME'] = $parts['host'];
$_SERVER['REQUEST_URI'] = '/';
$_SERVER['SERVER_PROTOCOL'] = 'HTTP/1.1';
define( 'WP_INSTALLING', true );

require $docroot . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';

if ( ! is_blog_installed() ) {
	// Outbound mail cannot leave this machine; the installer's notification is not needed.
	add_filter( 'pre_wp_mail', '__return_false' );
	$result = wp_install( 'Licence Service', $user, $email, false, '', wp_slash( $password ) );
	if ( empty( $result['user_id'] ) ) {
		fwrite( STDERR, "WordPress did not install.\n" );
		exit( 1 );
	}
	echo "installed\n";
}

update_option( 'permalink_structure', '/%postname%/' );
flush_rewrite_rules( false );

$plugin = 'svc-licensing/svc-licensing.php';
if ( ! is_plugin_active( $plugin ) ) {
	$activated = activate_plugin( $plugin );
	if ( is_wp_error( $activated ) ) {
		fwrite( STDERR, 'Plugin activation failed: ' . $activated->get_error_message() . "\n" );
		exit( 1 );
	}
	echo "activated\n";
}
