<?php
/**
 * Fixtures and switches for `npm run bench`, inside the bench site's WordPress (run by tools/bench.ts).
 *
 * Usage: php seed.php <docroot> <url> seed <licences>
 *        php seed.php <docroot> <url> fast-lane on|off
 * Prints one JSON line.
 *
 * It leans on as little of the plugin as it can, so a refactor of Http/ and Storage/ does not break it: the
 * table names (Storage\Tables), the key secret (Storage\KeySecret, else its option), and the domain's
 * LicenseKey, ApiKeyToken and SiteUrl. Everything else is plain SQL against the schema of
 * plugin/src/Storage/Migrations/, in batches of 1,000 rows, so 100,000 licences take seconds.
 *
 * seed writes:
 * - product `bench-product` with a published release 1.0.0 whose package is a small real ZIP in the site's
 *   package folder (SVC_LICENSING_PACKAGE_DIR);
 * - <licences> licences: the first is the bench licence (active, 3 sites, no expiry, its key printed); the others
 *   mix the statuses (16 in 20 active, then expired, suspended, cancelled, trial), are spread over the past year,
 *   and every other active one has one activation of a site of its own, so the admin list and stats run
 *   against realistic tables;
 * - the rate limits at 1,000,000 a minute (the settings' maximum): every bench request comes from 127.0.0.1,
 *   where production traffic comes from one IP per customer site, and the limiter's per-request cost (one
 *   counter upsert) is still paid;
 * - an admin API key for the admin rows (printed), and the counts the admin rows' answers are checked against.
 * The one activation the bench needs (the bench licence on https://bench-client.example.com) is made by the bench
 * itself through POST /licenses/activate, so it is exactly what the plugin stores.
 */

require __DIR__ . '/boot-wp.php';
require __DIR__ . '/helpers.php';

use Svc\Licensing\Domain\ApiKey\ApiKeyToken;
use Svc\Licensing\Domain\License\LicenseKey;
use Svc\Licensing\Domain\SiteUrl;
use Svc\Licensing\Storage\Tables;

const SVC_BENCH_SETTINGS = 'svc_licensing_settings';
const SVC_BENCH_SLUG     = 'bench-product';

global $wpdb;
$start = microtime( true );

/**
 * The secret licence keys are hashed under, made on first use like the plugin does.
 */
function svc_bench_secret(): string {
	global $wpdb;
	$class = 'Svc\\Licensing\\Storage\\KeySecret';
	if ( class_exists( $class ) ) {
		return ( new $class( $wpdb ) )->get();
	}
	$secret = (string) get_option( 'svc_licensing_key_secret', '' );
	if ( '' === $secret ) {
		fwrite( STDERR, "No key secret: the plugin's KeySecret class is gone and the option is empty.\n" );
		exit( 1 );
	}
	return $secret;
}

$done = array();

if ( 'seed' === $mode ) {
	$count  = max( 1, (int) $argv[4] );
	$now    = time();
	$stamp  = gmdate( 'Y-m-d H:i:s', $now );
	$secret = svc_bench_secret();

	$settings                = get_option( SVC_BENCH_SETTINGS, array() );
	$settings                = is_array( $settings ) ? $settings : array();
	$settings['rate_limits'] = array_fill_keys( array( 'validate', 'activate', 'deactivate', 'updates_check', 'trials', 'webhook', 'admin' ), 1000000 );
	update_option( SVC_BENCH_SETTINGS, $settings, true );

	$wpdb->insert(
		$wpdb->prefix . Tables::PRODUCTS,
		array(
			'name'        => 'Bench product',
			'slug'        => SVC_BENCH_SLUG,
			'description' => 'Fixture of npm run bench.',
			'created_at'  => $stamp,
			'updated_at'  => $stamp,
		)
	);
	$product = (int) $wpdb->insert_id;

	$folder = defined( 'SVC_LICENSING_PACKAGE_DIR' ) ? (string) SVC_LICENSING_PACKAGE_DIR : WP_CONTENT_DIR . '/svc-licensing-packages';
	wp_mkdir_p( $folder );
	$package = bin2hex( random_bytes( 16 ) ) . '.zip';
	$zip     = svc_bench_zip( 'bench-product/bench-product.php', "<?php\n/*\nPlugin Name: Bench product\nVersion: 1.0.0\n*/\n" );
	file_put_contents( $folder . '/' . $package, $zip ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_file_put_contents
	$wpdb->insert(
		$wpdb->prefix . Tables::RELEASES,
		array(
			'product_id'     => $product,
			'version'        => '1.0.0',
			'changelog'      => '<p>First bench release.</p>',
			'tested'         => '6.5',
			'requires_wp'    => '6.5',
			'requires_php'   => '7.4',
			'rollout'        => 100,
			'package_file'   => $package,
			'package_name'   => 'bench-product.zip',
			'package_sha256' => hash( 'sha256', $zip ),
			'package_size'   => strlen( $zip ),
			'published_at'   => $stamp,
			'created_at'     => $stamp,
			'updated_at'     => $stamp,
		)
	);
	$wpdb->update( $wpdb->prefix . Tables::PRODUCTS, array( 'current_version' => '1.0.0' ), array( 'id' => $product ) );

	$statuses = array_merge( array_fill( 0, 16, 'active' ), array( 'expired', 'suspended', 'cancelled', 'trial' ) );
	$columns  = array( 'product_id', 'key_hash', 'key_first', 'key_last', 'customer_name', 'customer_email', 'status', 'activation_limit', 'activation_count', 'expires', 'is_trial', 'trial_ends', 'trial_email', 'created_at', 'updated_at' );
	$bench    = null;
	$sites    = 0;
	for ( $i = 0; $i < $count; $i += 1000 ) {
		$rows        = array();
		$activations = array();
		for ( $j = $i; $j < min( $count, $i + 1000 ); $j++ ) {
			$key     = LicenseKey::generate();
			$status  = 0 === $j ? 'active' : $statuses[ $j % 20 ];
			$trial   = 'trial' === $status;
			$email   = 0 === $j ? 'bench@example.com' : "customer{$j}@example.com";
			$created = gmdate( 'Y-m-d H:i:s', $now - ( $j % 365 ) * DAY_IN_SECONDS - $j % 86400 );
			$expires = null;
			if ( 'expired' === $status ) {
				$expires = gmdate( 'Y-m-d H:i:s', $now - 10 * DAY_IN_SECONDS );
			} elseif ( 0 !== $j ) {
				$expires = gmdate( 'Y-m-d H:i:s', $now + ( $trial ? 14 : 365 ) * DAY_IN_SECONDS );
			}
			$activated = 'active' === $status && 0 !== $j && 0 === $j % 2;
			$rows[]    = str_replace(
				"'__NULL__'",
				'NULL',
				$wpdb->prepare(
					'(%d, %s, %s, %s, %s, %s, %s, %d, %d, %s, %d, %s, %s, %s, %s)',
					$product,
					$key->hash( $secret ),
					$key->first_group(),
					$key->last_group(),
					0 === $j ? 'Bench Customer' : "Customer {$j}",
					$email,
					$status,
					3,
					$activated ? 1 : 0,
					$expires ?? '__NULL__',
					$trial ? 1 : 0,
					$trial ? $expires : '__NULL__',
					$trial ? $email : '__NULL__',
					$created,
					$created
				)
			);
			if ( 0 === $j ) {
				$bench = $key->reveal();
			}
			if ( $activated ) {
				$activations[] = $j - $i;
			}
		}
		svc_bench_insert( Tables::LICENSES, $columns, $rows );
		// A multi-row INSERT takes consecutive ids (InnoDB's auto-increment lock for simple inserts).
		$first          = (int) $wpdb->insert_id;
		$sites_of_batch = array();
		foreach ( $activations as $offset ) {
			$sites_of_batch[] = $wpdb->prepare( '(%d, %s, %s, %s)', $first + $offset, SiteUrl::normalise( 'https://client-' . ( $i + $offset ) . '.example' ), $stamp, $stamp );
		}
		svc_bench_insert( Tables::ACTIVATIONS, array( 'license_id', 'site_url', 'activated_at', 'last_checked' ), $sites_of_batch );
		$sites += count( $sites_of_batch );
	}

	$api_key = ApiKeyToken::generate();
	$wpdb->insert(
		$wpdb->prefix . Tables::API_KEYS,
		array(
			'label'       => 'npm run bench',
			'key_hash'    => ApiKeyToken::hash( $api_key ),
			'key_prefix'  => ApiKeyToken::prefix( $api_key ),
			'permissions' => 'admin',
			'created_at'  => $stamp,
			'updated_at'  => $stamp,
		)
	);

	$done = array(
		'product_slug' => SVC_BENCH_SLUG,
		'license_key'  => $bench,
		'api_key'      => $api_key,
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
		'licences'     => (int) $wpdb->get_var( 'SELECT COUNT(*) FROM ' . $wpdb->prefix . Tables::LICENSES ),
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
		'suspended'    => (int) $wpdb->get_var( 'SELECT COUNT(*) FROM ' . $wpdb->prefix . Tables::LICENSES . " WHERE status = 'suspended'" ),
		'activations'  => $sites,
	);
} elseif ( 'fast-lane' === $mode ) {
	// The plugin's switch for its fast lane (default on); before the lane exists, both settings run the same code.
	$settings              = get_option( SVC_BENCH_SETTINGS, array() );
	$settings              = is_array( $settings ) ? $settings : array();
	$settings['fast_lane'] = 'on' === $argv[4];
	update_option( SVC_BENCH_SETTINGS, $settings, true );
	$stored = get_option( SVC_BENCH_SETTINGS );
	$done   = array( 'fast_lane' => $stored['fast_lane'] );
} else {
	fwrite( STDERR, "Unknown mode {$mode}\n" );
	exit( 2 );
}

echo wp_json_encode(
	array(
		'mode'    => $mode,
		'seconds' => round( microtime( true ) - $start, 2 ),
	) + $done
) . "\n";
