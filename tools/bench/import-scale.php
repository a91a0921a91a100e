<?php
/**
 * The import at scale's helper (tools/bench/import-scale.ts), inside a stack site's WordPress.
 *
 * Usage: php import-scale.php <docroot> <url> wipe      empties the service's tables and their count summaries
 *                                                      and removes its package files (the EDD SL source stays)
 *        php import-scale.php <docroot> <url> key <id>  an EDD SL licence's key and download slug, to validate
 * Prints one JSON line.
 *
 * @package SvcLicensing
 */

require __DIR__ . '/boot-wp.php';

use Svc\Licensing\Storage\PackageDirectory;
use Svc\Licensing\Storage\Tables;

global $wpdb;
if ( 'wipe' === $mode ) {
	foreach ( array_merge( Tables::all(), Tables::summaries() ) as $table ) {
		$wpdb->query( 'TRUNCATE TABLE ' . $wpdb->prefix . $table ); // phpcs:ignore
	}
	delete_option( 'svc_licensing_restore_incomplete' );
	array_map( 'unlink', (array) glob( PackageDirectory::from_environment()->path() . '/*.zip' ) );
	echo wp_json_encode( array( 'wiped' => count( Tables::all() ) + count( Tables::summaries() ) ) ) . "\n";
} elseif ( 'key' === $mode ) {
	$row = $wpdb->get_row( $wpdb->prepare( 'SELECT license_key, download_id FROM ' . $wpdb->prefix . 'edd_licenses WHERE id = %d', (int) $argv[4] ), ARRAY_A ); // phpcs:ignore
	echo wp_json_encode(
		array(
			'key'  => $row['license_key'],
			'slug' => get_post_field( 'post_name', (int) $row['download_id'] ),
		)
	) . "\n";
}
