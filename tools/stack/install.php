<?php
/**
 * Installs WordPress in a site the stack prepared, or checks it is installed; then applies the stack's
 * settings (pretty permalinks) and activates the plugin. Idempotent.
 *
 * Usage: php install.php <docroot> <url> <admin user> <admin password> <admin email>
 *            [--plugins=a/a.php,b/b.php] [--theme=<folder>] [--title=<site title>] [--network=one,two]
 *
 * Without --plugins it activates the licence service; a client site names its sample products instead.
 * With --network it makes a multisite network (subdirectory install) with those subsites, in two runs: with
 * SVC_NETWORK_SETUP=1 in the environment (wp-config.php then leaves MULTISITE off) it installs the single site and
 * makes it the network's main site, as `wp core multisite-convert` does; then, as the network, it adds the subsites.
 */

if ( PHP_SAPI !== 'cli' ) {
	exit( 1 );
}

list( , $docroot, $url, $user, $password, $email ) = $argv;
$options = array(
	'plugins' => 'svc-licensing/svc-licensing.php',
	'theme'   => '',
	'title'   => 'Licence Service',
	'network' => '',
);
foreach ( array_slice( $argv, 6 ) as $arg ) {
	if ( preg_match( '/^--(plugins|theme|title|network)=(.*)$/s', $arg, $match ) ) {
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

if ( '' !== $options['network'] && '1' === getenv( 'SVC_NETWORK_SETUP' ) ) {
	require_once ABSPATH . 'wp-admin/includes/network.php';
	// The network's tables are not registered on a single site.
	foreach ( $wpdb->tables( 'ms_global' ) as $table => $prefixed_table ) {
		$wpdb->$table = $prefixed_table;
	}
	$wpdb->suppress_errors( true );
	$exists = $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->site}" );
	$wpdb->suppress_errors( false );
	if ( null === $exists || '0' === (string) $exists ) {
		install_network();
		$made = populate_network( 1, $_SERVER['HTTP_HOST'], $email, $options['title'], '/', false );
		if ( is_wp_error( $made ) ) {
			fwrite( STDERR, 'The network was not made: ' . $made->get_error_message() . "\n" );
			exit( 1 );
		}
		echo "made the network\n";
	}
	exit( 0 );
}

update_option( 'permalink_structure', '/%postname%/' );
flush_rewrite_rules( false );

if ( '' !== $options['network'] && is_multisite() ) {
	$admin = get_user_by( 'login', $user );
	foreach ( array_filter( explode( ',', $options['network'] ) ) as $subsite ) {
		$path = '/' . $subsite . '/';
		if ( ! domain_exists( $_SERVER['HTTP_HOST'], $path ) ) {
			// Core's normalisation of a site's domain strips the port (':' is not allowed in a user name); the
			// network's own domain has one, so it is left out here (the path given is already normal).
			remove_filter( 'wp_normalize_site_data', 'wp_normalize_site_data' );
			$blog_id = wp_insert_site(
				array(
					'domain'  => $_SERVER['HTTP_HOST'],
					'path'    => $path,
					'title'   => ucfirst( $subsite ),
					'user_id' => $admin->ID,
				)
			);
			add_filter( 'wp_normalize_site_data', 'wp_normalize_site_data' );
			if ( is_wp_error( $blog_id ) ) {
				fwrite( STDERR, "Site $path was not made: " . $blog_id->get_error_message() . "\n" );
				exit( 1 );
			}
			switch_to_blog( $blog_id );
			update_option( 'permalink_structure', '/%postname%/' );
			flush_rewrite_rules( false );
			restore_current_blog();
			echo "made site $path\n";
		}
	}
}

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
