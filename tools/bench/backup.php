<?php
/**
 * Export and restore at scale, inside a stack site's WordPress (run by tools/bench-backup.ts).
 *
 * Usage: php -d memory_limit=256M backup.php <docroot> <url> seed <licences> <package MB>
 *        php -d memory_limit=256M backup.php <docroot> <url> export <file>
 *        php -d memory_limit=256M backup.php <docroot> <url> wipe
 *        php -d memory_limit=256M backup.php <docroot> <url> restore <file>
 * Prints one JSON line: seconds, peak memory in MB (and memory_get_peak_usage( true ) in bytes), and what was done.
 * wipe empties the exported tables (and the summaries the plugin keeps from them) with TRUNCATE.
 */

require __DIR__ . '/boot-wp.php';

use Svc\Licensing\Core\Backups;
use Svc\Licensing\Domain\Backup\ExportWriter;
use Svc\Licensing\Storage\DataInventory;
use Svc\Licensing\Storage\DatabaseImage;
use Svc\Licensing\Storage\PackageDirectory;
use Svc\Licensing\Storage\Tables;

global $wpdb;
$packages = PackageDirectory::from_environment();
$image    = new DatabaseImage( $wpdb, $packages, new DataInventory( $wpdb, $packages ) );
$before   = memory_get_usage();
$start    = microtime( true );
$done     = array();

if ( 'seed' === $mode ) {
	$count = (int) $argv[4];
	$mb    = (int) $argv[5];
	$now   = gmdate( 'Y-m-d H:i:s' );
	$wpdb->insert(
		$wpdb->prefix . Tables::PRODUCTS,
		array(
			'name'        => 'Bench',
			'slug'        => 'bench-' . time(),
			'description' => '',
			'created_at'  => $now,
			'updated_at'  => $now,
		)
	);
	$product = (int) $wpdb->insert_id;
	for ( $i = 0; $i < $count; $i += 1000 ) {
		$values = array();
		for ( $j = $i; $j < min( $count, $i + 1000 ); $j++ ) {
			$values[] = $wpdb->prepare( '(%d, %s, %s, %s, %s, %s, %s, %d, %d, %s, %s)', $product, hash( 'sha256', "bench-{$j}" ), 'AAAA', sprintf( '%04d', $j % 10000 ), "Customer {$j}", "customer{$j}@example.com", 'active', 3, 1, $now, $now );
		}
		$wpdb->query( 'INSERT INTO ' . $wpdb->prefix . Tables::LICENSES . ' (product_id, key_hash, key_first, key_last, customer_name, customer_email, status, activation_limit, activation_count, created_at, updated_at) VALUES ' . implode( ',', $values ) ); // phpcs:ignore
	}
	$packages->ensure_writable();
	// Release files of up to 50 MB, each named by a release as an upload would be.
	for ( $k = 0; $k < $mb; $k += 50 ) {
		$name = md5( "bench-{$k}-" . microtime() ) . '.zip';
		$path = $packages->path() . '/' . $name;
		$out  = fopen( $path, 'wb' );
		for ( $m = 0; $m < min( 50, $mb - $k ); $m++ ) {
			fwrite( $out, random_bytes( 1048576 ) );
		}
		fclose( $out );
		$wpdb->insert(
			$wpdb->prefix . Tables::RELEASES,
			array(
				'product_id'     => $product,
				'version'        => '1.0.' . $k,
				'changelog'      => '',
				'package_file'   => $name,
				'package_name'   => 'bench.zip',
				'package_sha256' => hash_file( 'sha256', $path ),
				'package_size'   => filesize( $path ),
				'created_at'     => $now,
				'updated_at'     => $now,
			)
		);
	}
	$done = array(
		'licences'   => (int) $wpdb->get_var( 'SELECT COUNT(*) FROM ' . $wpdb->prefix . Tables::LICENSES ),
		'package_mb' => $mb,
	);
} elseif ( 'export' === $mode ) {
	$out    = fopen( $argv[4], 'wb' );
	$writer = new ExportWriter( $out, gmdate( 'Y-m-d\TH:i:s\Z' ), home_url() );
	$image->export( $writer );
	fclose( $out );
	$done = array(
		'rows'    => $writer->rows(),
		'files'   => $writer->files(),
		'file_mb' => round( filesize( $argv[4] ) / 1048576, 1 ),
	);
} elseif ( 'wipe' === $mode ) {
	// Emptied as a fresh service is: TRUNCATE, so a million rows go at once (and no trigger runs per row), with the
	// summaries the database keeps from them, when the plugin has any.
	$tables = DatabaseImage::tables();
	if ( method_exists( Tables::class, 'summaries' ) ) {
		$tables = array_merge( $tables, Tables::summaries() );
	}
	foreach ( $tables as $table ) {
		$wpdb->query( 'TRUNCATE TABLE ' . $wpdb->prefix . $table ); // phpcs:ignore
	}
	array_map( 'unlink', glob( $packages->path() . '/*.zip' ) );
	$done = array( 'occupied' => $image->occupied() );
} elseif ( 'restore' === $mode ) {
	// Through the use case every caller uses, with the checks of what a file restores.
	$done = ( new Backups( $image ) )->restore( $argv[4] );
	unset( $done['tables'] );
}

echo wp_json_encode(
	array(
		'mode'       => $mode,
		'seconds'    => round( microtime( true ) - $start, 2 ),
		'peak_mb'    => round( memory_get_peak_usage() / 1048576, 1 ),
		// What PHP took from the system, as memory_limit counts it against real usage.
		'peak_bytes' => memory_get_peak_usage( true ),
		'grew_mb'    => round( ( memory_get_peak_usage() - $before ) / 1048576, 1 ),
	) + $done
) . "\n";
