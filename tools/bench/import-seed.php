<?php
/**
 * The import row of `npm run bench`: EDD Software Licensing 3.6's source tables at scale, inside the bench site's
 * WordPress (run by tools/bench.ts before it times `wp svc import edd-sl`).
 *
 * Usage: php import-seed.php <docroot> <url> edd-sl <licences>
 * Prints one JSON line: the rows written per source table, the seconds it took, and what the import's report must
 * say for them (`expected`: new rows per kind and refused rows per kind and reason).
 *
 * The tables are the ones the import specs build (svc_test_import_tables() of e2e/mu-plugins/svc-test-import.php,
 * EDD's public layouts, loaded here for its functions only: its routes need the test token, which the bench site
 * has not), so the layouts are written in one place. The downloads are posts with their meta (four, through
 * WordPress); the rest is multi-row INSERTs of 1,000 rows.
 *
 * What it writes for N licences (old ids 1..N; each rule is by the id, so the expected report is counted here):
 * - downloads: Bench Pro (variable prices Personal 1 site, Business 5, Agency unlimited; a package file), Bench
 *   Lite (limit 1, no file: its release is refused), Bench Bundle (limit 10, a package file) and an ebook without
 *   licensing;
 * - N/2 customers with an email, and one without;
 * - licences: id % 10 of 0-6 Pro with a price, 7-8 Lite, 9 Bundle; id % 7 gives the status (active, inactive,
 *   expired, disabled); lifetime for one in four; a licence meta `_edd_sl_limit` for id % 50 = 5; id % 100 of 97
 *   and 98 are children of the bundle licence id % 100 = 99 when it exists;
 * - refused licences, four in 1,000: id % 1000 = 7 has the customer without an email, 13 the key of licence id - 1,
 *   29 the ebook, 41 a key with a space;
 * - activations in use: one site per licence and a second for odd ids (a staging one when id % 6 = 1), so 1.5 per
 *   licence (150,000 for 100,000); a deactivated third site for id % 20 = 0, which is not imported. The sites of
 *   refused licences are refused too.
 *
 * @package SvcLicensing
 */

require __DIR__ . '/boot-wp.php';
require __DIR__ . '/helpers.php';
require dirname( __DIR__, 2 ) . '/e2e/mu-plugins/svc-test-import.php';

global $wpdb;
$start = microtime( true );

if ( 'edd-sl' !== $mode ) {
	fwrite( STDERR, "Unknown source {$mode}\n" );
	exit( 2 );
}
$count = max( 1, (int) $argv[4] );
$now   = time();

svc_test_import_drop( 'edd-sl' );
foreach ( svc_test_import_tables( 'edd-sl' ) as $ddl ) {
	// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared,WordPress.DB.DirectDatabaseQuery.SchemaChange -- the fixture's DDL.
	if ( false === $wpdb->query( $ddl ) ) {
		fwrite( STDERR, "Could not create a source table: {$wpdb->last_error}\n" );
		exit( 1 );
	}
}

$zip      = svc_bench_zip( 'bench-pro/bench-pro.php', "<?php\n/*\nPlugin Name: Bench Pro\nVersion: 3.2.0\n*/\n" );
$file     = static function ( string $name, string $url ): array {
	return array(
		0 => array(
			'index' => '0',
			'name'  => $name,
			'file'  => $url,
		),
	);
};
$pro      = svc_test_import_download(
	'Bench Pro',
	'bench-pro',
	array(
		'_edd_sl_enabled'     => '1',
		'_edd_sl_version'     => '3.2',
		'_edd_sl_changelog'   => '<p>Bench release.</p>',
		'_edd_sl_limit'       => '2',
		'_variable_pricing'   => '1',
		'edd_variable_prices' => array(
			1 => array(
				'index'         => '1',
				'name'          => 'Personal',
				'amount'        => '49.00',
				'license_limit' => '1',
			),
			2 => array(
				'index'         => '2',
				'name'          => 'Business',
				'amount'        => '99.00',
				'license_limit' => '5',
			),
			3 => array(
				'index'         => '3',
				'name'          => 'Agency',
				'amount'        => '199.00',
				'license_limit' => '0',
			),
		),
		'edd_download_files'  => $file( 'bench-pro', svc_test_import_upload( 'bench-pro.zip', $zip ) ),
	)
);
$lite     = svc_test_import_download(
	'Bench Lite',
	'bench-lite',
	array(
		'_edd_sl_enabled' => '1',
		'_edd_sl_version' => '1.4',
		'_edd_sl_limit'   => '1',
	)
);
$bundle   = svc_test_import_download(
	'Bench Bundle',
	'bench-bundle',
	array(
		'_edd_sl_enabled'    => '1',
		'_edd_sl_version'    => '1.0',
		'_edd_sl_limit'      => '10',
		'edd_download_files' => $file( 'bench-bundle', svc_test_import_upload( 'bench-bundle.zip', $zip ) ),
	)
);
$ebook    = svc_test_import_download( 'Bench Ebook', 'bench-ebook', array() );
$products = array(
	'products' => 3,
	'releases' => 2,
	'prices'   => 3,
);

$customers = max( 1, intdiv( $count, 2 ) );
$no_email  = $customers + 1;
$stamp     = gmdate( 'Y-m-d H:i:s', $now );
for ( $i = 1; $i <= $no_email; $i += 1000 ) {
	$rows = array();
	for ( $c = $i; $c < min( $no_email + 1, $i + 1000 ); $c++ ) {
		$rows[] = $wpdb->prepare( '(%d, 0, %s, %s, %s, %s, 1, %s, %s)', $c, $c === $no_email ? '' : "buyer{$c}@example.com", "Buyer {$c}", 'active', '49.00', $stamp, $stamp );
	}
	svc_bench_insert( 'edd_customers', array( 'id', 'user_id', 'email', 'name', 'status', 'purchase_value', 'purchase_count', 'date_created', 'date_modified' ), $rows );
}

$statuses = array( 'active', 'active', 'active', 'active', 'inactive', 'expired', 'disabled' );
$refusals = array(
	7  => 'no_email',
	13 => 'key_twice',
	29 => 'unknown_product',
	41 => 'key_unusable',
);
$expected = array(
	'new'     => $products + array(
		'licences'     => 0,
		'bundle links' => 0,
		'activations'  => 0,
	),
	'refused' => array( 'release no_package' => 1 ),
);
$written  = array(
	'downloads'   => 4,
	'customers'   => $no_email,
	'licences'    => 0,
	'meta'        => 0,
	'activations' => 0,
);
$refuse   = static function ( string $what ) use ( &$expected ): void {
	$expected['refused'][ $what ] = ( $expected['refused'][ $what ] ?? 0 ) + 1;
};
$site_id  = 0;
$previous = '';
for ( $i = 1; $i <= $count; $i += 1000 ) {
	$licenses    = array();
	$meta        = array();
	$activations = array();
	for ( $n = $i; $n < min( $count + 1, $i + 1000 ); $n++ ) {
		$refused  = $refusals[ $n % 1000 ] ?? null;
		$key      = bin2hex( random_bytes( 16 ) );
		$download = array( $pro, $pro, $pro, $pro, $pro, $pro, $pro, $lite, $lite, $bundle )[ $n % 10 ];
		$customer = ( $n % $customers ) + 1;
		if ( 'no_email' === $refused ) {
			$customer = $no_email;
		} elseif ( 'key_twice' === $refused ) {
			$key = $previous;
		} elseif ( 'unknown_product' === $refused ) {
			$download = $ebook;
		} elseif ( 'key_unusable' === $refused ) {
			$key = 'not a key';
		}
		$previous = $key;
		$status   = $statuses[ $n % 7 ];
		if ( 'expired' === $status ) {
			$expiration = $now - ( $n % 300 + 1 ) * DAY_IN_SECONDS;
		} elseif ( 0 === $n % 4 ) {
			$expiration = 0;
		} else {
			$expiration = $now + ( $n % 365 + 1 ) * DAY_IN_SECONDS;
		}
		$parent = 0;
		if ( in_array( $n % 100, array( 97, 98 ), true ) && $n - $n % 100 + 99 <= $count ) {
			$parent = $n - $n % 100 + 99;
			if ( null === $refused ) {
				++$expected['new']['bundle links'];
			}
		}
		$licenses[] = str_replace(
			"'__NULL__'",
			'NULL',
			$wpdb->prepare(
				'(%d, %s, %s, %d, %s, %d, 0, %s, %d, %s, %s, %s)',
				$n,
				$key,
				$status,
				$download,
				$download === $pro ? (string) ( $n % 3 + 1 ) : '__NULL__',
				100000 + $n,
				gmdate( 'Y-m-d H:i:s', $now - ( $n % 365 ) * DAY_IN_SECONDS ),
				$expiration,
				(string) $parent,
				(string) $customer,
				'0'
			)
		);
		if ( 5 === $n % 50 ) {
			$meta[] = $wpdb->prepare( '(%d, %s, %s)', $n, '_edd_sl_limit', '3' );
		}
		$sites = array( array( "site-{$n}.example", 1, 0 ) );
		if ( 1 === $n % 2 ) {
			$sites[] = 1 === $n % 6 ? array( "staging-{$n}.example", 1, 1 ) : array( "www.shop-{$n}.example", 1, 0 );
		}
		if ( 0 === $n % 20 ) {
			$sites[] = array( "old-{$n}.example", 0, 0 );
		}
		foreach ( $sites as $site ) {
			$activations[] = $wpdb->prepare( '(%d, %s, %d, %d, %d)', ++$site_id, $site[0], $n, $site[1], $site[2] );
			if ( 1 === $site[1] ) {
				if ( null === $refused ) {
					++$expected['new']['activations'];
				} else {
					$refuse( 'activation no_licence' );
				}
			}
		}
		if ( null === $refused ) {
			++$expected['new']['licences'];
		} else {
			$refuse( "licence {$refused}" );
		}
	}
	svc_bench_insert( 'edd_licenses', array( 'id', 'license_key', 'status', 'download_id', 'price_id', 'payment_id', 'cart_index', 'date_created', 'expiration', 'parent', 'customer_id', 'user_id' ), $licenses );
	svc_bench_insert( 'edd_licensemeta', array( 'license_id', 'meta_key', 'meta_value' ), $meta );
	svc_bench_insert( 'edd_license_activations', array( 'site_id', 'site_name', 'license_id', 'activated', 'is_local' ), $activations );
	$written['licences']    += count( $licenses );
	$written['meta']        += count( $meta );
	$written['activations'] += count( $activations );
}
ksort( $expected['refused'] );

echo wp_json_encode(
	array(
		'source'   => 'edd-sl',
		'seconds'  => round( microtime( true ) - $start, 2 ),
		'written'  => $written,
		'expected' => $expected,
	)
) . "\n";
