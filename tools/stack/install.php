<?php
/**
 * Installs WordPress in a site the stack prepared, or checks it is installed; then applies the stack's
 * settings (pretty permalinks) and activates the plugin. Idempotent.
 *
 * Usage: php install.php <docroot> <url> <admin user> <admin password> <admin email>
 *            [--plugins=a/a.php,b/b.php] [--theme=<folder>] [--title=<site title>]
 *
 * Without --plugins it activates the licence service; a client site names its sample products instead.
 */

if ( PHP_SAPI !== 'cli' ) {
	exit( 1 );
}

list( , $docroot, $url, $user, $password, $email ) = $argv;
$options = array(
	'plugins' => 'svc-licensing/svc-licensing.php',
	'theme'   => '',
	'title'   => 'Licence Service',
);
foreach ( array_slice( $argv, 6 ) as $arg ) {
	if ( preg_match( '/^--(plugins|theme|title)=(.*)$/s', $arg, $match ) ) {
		$options[ $match[1] ] = $match[2];
	}
}

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
	$result = wp_install( $options['title'], $user, $email, false, '', wp_slash( $password ) );
	if ( empty( $result['user_id'] ) ) {
		fwrite( STDERR, "WordPress did not install.\n" );
		exit( 1 );
	}
	echo "installed\n";
}

update_option( 'permalink_structure', '/%postname%/' );
flush_rewrite_rules( false );

foreach ( array_filter( explode( ',', $options['plugins'] ) ) as $plugin ) {
	if ( ! is_plugin_active( $plugin ) ) {
		$activated = activate_plugin( $plugin );
		if ( is_wp_error( $activated ) ) {
			fwrite( STDERR, 'Plugin activation failed: ' . $activated->get_error_message() . "\n" );
			exit( 1 );
		}
		echo "activated $plugin\n";
	}
}

if ( '' !== $options['theme'] && get_stylesheet() !== $options['theme'] ) {
	$theme = wp_get_theme( $options['theme'] );
	if ( ! $theme->exists() ) {
		fwrite( STDERR, "Theme {$options['theme']} is missing.\n" );
		exit( 1 );
	}
	switch_theme( $options['theme'] );
	echo "switched to {$options['theme']}\n";
}
