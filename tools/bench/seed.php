<?php
/**
 * Fixtures and switches for `npm run bench`, inside the bench site's WordPress (run by tools/bench.ts).
 *
 * Usage: php seed.php <docroot> <url> seed <licences> [<schema version>]
 *        php seed.php <docroot> <url> upgrade
 *        php seed.php <docroot> <url> fast-lane on|off
 * Prints one JSON line.
 *
 * WordPress boots here without the plugin's schema upgrade (svc_bench_hold_schema()): the plugin upgrades on
 * every request's plugins_loaded, and the scale row times that upgrade on its own, after the seed.
 *
 * It leans on as little of the plugin as it can, so a refactor of Http/ and Storage/ does not break it: the
 * table names (Storage\Tables), the schema's steps (Storage\Schema, MigrationPlan, SchemaMigrator), the key
 * secret (Storage\KeySecret, else its option), and the domain's LicenseKey, ApiKeyToken and SiteUrl. Everything
 * else is plain SQL against the schema of plugin/src/Storage/Migrations/ up to step 24, written by MariaDB itself:
 * INSERT … SELECT over the Sequence engine's seq_1_to_N tables in chunks of 50,000, so a million licences and a
 * million and a half activations take about a minute, not PHP's loop.
 *
 * seed <licences> [<schema version>]: with a version, the plugin's tables are dropped first and built by the
 * schema's steps up to that version only (the scale row: 24, the last step of the release before issue 43), so
 * `upgrade` then runs the newer steps over the seeded rows as a real site's first request after an update would.
 * It writes:
 * - product `bench-product` with a published release 1.0.0 whose package is a small real ZIP in the site's
 *   package folder (SVC_LICENSING_PACKAGE_DIR), and product `bench-addon`;
 * - <licences> licences with ids 1..N, i = id - 1: product bench-product for i % 10 < 7, else bench-addon; name
 *   "First{i % 500} Last{i}", email customer{i}@shop{i % 1000}.example; i % 19 gives the status (0-12 active,
 *   13-14 expired, 15 suspended, 16 cancelled, 17-18 trial: 19 shares no factor with the other moduli, so every
 *   email domain, name and product has every status); expiries spread over past and future (active:
 *   lifetime when i % 7 = 0, past when i % 50 = 13 (the expiry job has not run yet), else 1-730 days ahead;
 *   expired: 1-700 days ago; suspended and cancelled: 400 days either side; trial: 1-14 days ahead);
 *   created_at rising with the id over the last 400 days; key groups from the alphabet, pseudo-random;
 * - 1 + i % 2 activations per licence (1.5 per licence): site{i}.example, and site{i}.example/store{i % 7};
 * - three licences with real keys (the first, the middle and the newest: their key_hash is LicenseKey::hash()
 *   under the site's secret), whose last group starts with none of B, C, F, S, so a search by it cannot match a
 *   name, email or site; the first is the bench licence of the load rows (active, lifetime, 3 sites);
 * - the rate limits at 1,000,000 a minute (the settings' maximum): every bench request comes from 127.0.0.1,
 *   where production traffic comes from one IP per customer site, and the limiter's per-request cost (one
 *   counter upsert) is still paid;
 * - an admin API key for the admin rows (printed);
 * and prints `expected`: what each admin call must answer, counted here by plain SQL over every row (the oracle
 * the scale row checks the plugin's indexes, summaries and caps against; tools/bench/scale.ts).
 * The one activation the load rows need (the bench licence on https://bench-client.example.com) is made by the
 * bench itself through POST /licenses/activate, so it is exactly what the plugin stores.
 *
 * upgrade: `( new SchemaMigrator( $wpdb ) )->upgrade()` to the latest schema, timed; prints the versions.
 */

// Boot without the plugin's upgrade: pre-initialised hooks (wp-includes/plugin.php builds them) run before it.
$GLOBALS['wp_filter'] = array(
	'plugins_loaded' => array(
		0 => array(
			array(
				'function'      => 'svc_bench_hold_schema',
				'accepted_args' => 0,
			),
		),
	),
);

/**
 * Takes the plugin's SchemaMigrator::maybe_upgrade() off plugins_loaded before it runs.
 */
function svc_bench_hold_schema(): void {
	global $wp_filter;
	if ( ! isset( $wp_filter['plugins_loaded'] ) ) {
		return;
	}
	foreach ( $wp_filter['plugins_loaded']->callbacks as $priority => $callbacks ) {
		foreach ( $callbacks as $callback ) {
			$function = $callback['function'];
			if ( is_array( $function ) && $function[0] instanceof \Svc\Licensing\Storage\SchemaMigrator ) {
				remove_action( 'plugins_loaded', $function, $priority );
			}
		}
	}
}

require __DIR__ . '/boot-wp.php';
require __DIR__ . '/helpers.php';

use Svc\Licensing\Domain\ApiKey\ApiKeyToken;
use Svc\Licensing\Domain\License\LicenseKey;
use Svc\Licensing\Storage\MigrationPlan;
use Svc\Licensing\Storage\Schema;
use Svc\Licensing\Storage\SchemaMigrator;
use Svc\Licensing\Storage\Tables;

const SVC_BENCH_SETTINGS = 'svc_licensing_settings';
const SVC_BENCH_SLUG     = 'bench-product';
const SVC_BENCH_CHUNK    = 50000;

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

/**
 * Runs a statement of the seed, or stops with MariaDB's error.
 *
 * @param string $sql Statement.
 */
function svc_bench_sql( string $sql ): int {
	global $wpdb;
	// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- built here from constants and integers.
	$done = $wpdb->query( $sql );
	if ( false === $done ) {
		fwrite( STDERR, "Seed statement failed: {$wpdb->last_error}\n" . substr( $sql, 0, 400 ) . "\n" );
		exit( 1 );
	}
	return (int) $done;
}

/**
 * The plugin's tables dropped and built again by the schema's steps up to $version alone.
 *
 * @param int $version Last step to run.
 */
function svc_bench_schema_at( int $version ): int {
	global $wpdb;
	$tables = Tables::all();
	if ( method_exists( Tables::class, 'summaries' ) ) {
		$tables = array_merge( Tables::summaries(), $tables );
	}
	foreach ( $tables as $table ) {
		svc_bench_sql( "DROP TABLE IF EXISTS {$wpdb->prefix}{$table}" );
	}
	delete_option( SchemaMigrator::VERSION_OPTION );
	delete_option( SchemaMigrator::LOCK_OPTION );
	$steps = array_values(
		array_filter(
			Schema::plan()->pending( 0 ),
			static function ( $step ) use ( $version ): bool {
				return $step->version() <= $version;
			}
		)
	);
	( new SchemaMigrator( $wpdb, new MigrationPlan( $steps ) ) )->upgrade();
	return (int) $wpdb->get_var( $wpdb->prepare( "SELECT option_value FROM {$wpdb->options} WHERE option_name = %s", SchemaMigrator::VERSION_OPTION ) );
}

/**
 * What a search or filter finds, by plain SQL over every row: the count and the first page's ids, newest first.
 *
 * @param string $where Condition on the licences table `l`.
 * @return array{total: int, ids: int[]}
 */
function svc_bench_found( string $where ): array {
	global $wpdb;
	$licenses = $wpdb->prefix . Tables::LICENSES;
	// phpcs:disable WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant, condition built here.
	return array(
		'total' => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$licenses} l WHERE {$where}" ),
		'ids'   => array_map( 'intval', $wpdb->get_col( "SELECT l.id FROM {$licenses} l WHERE {$where} ORDER BY l.id DESC LIMIT 20" ) ),
	);
	// phpcs:enable
}

/**
 * Licences per status where a condition holds, every status of the list's views present.
 *
 * @param string $where Condition on the licences table `l`.
 * @return array<string, int>
 */
function svc_bench_statuses( string $where ): array {
	global $wpdb;
	$licenses = $wpdb->prefix . Tables::LICENSES;
	$counts   = array_fill_keys( array( 'active', 'expired', 'suspended', 'revoked', 'trial', 'cancelled' ), 0 );
	// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant, condition built here.
	foreach ( (array) $wpdb->get_results( "SELECT status, COUNT(*) AS n FROM {$licenses} l WHERE {$where} GROUP BY status", ARRAY_A ) as $row ) {
		$counts[ (string) $row['status'] ] = (int) $row['n'];
	}
	return $counts;
}

$done = array();

if ( 'seed' === $mode ) {
	$count  = max( 1, (int) $argv[4] );
	$schema = isset( $argv[5] ) ? svc_bench_schema_at( (int) $argv[5] ) : null;
	$now    = time();
	$stamp  = gmdate( 'Y-m-d H:i:s', $now );
	$secret = svc_bench_secret();

	$settings                = get_option( SVC_BENCH_SETTINGS, array() );
	$settings                = is_array( $settings ) ? $settings : array();
	$settings['rate_limits'] = array_fill_keys( array( 'validate', 'activate', 'deactivate', 'updates_check', 'trials', 'webhook', 'admin' ), 1000000 );
	update_option( SVC_BENCH_SETTINGS, $settings, true );

	$products = array();
	foreach ( array( SVC_BENCH_SLUG => 'Bench product', 'bench-addon' => 'Bench add-on' ) as $slug => $name ) {
		$wpdb->insert(
			$wpdb->prefix . Tables::PRODUCTS,
			array(
				'name'        => $name,
				'slug'        => $slug,
				'description' => 'Fixture of npm run bench.',
				'created_at'  => $stamp,
				'updated_at'  => $stamp,
			)
		);
		$products[] = (int) $wpdb->insert_id;
	}
	list( $product, $addon ) = $products;

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

	$licenses    = $wpdb->prefix . Tables::LICENSES;
	$activations = $wpdb->prefix . Tables::ACTIVATIONS;
	$alphabet    = LicenseKey::ALPHABET;
	$base        = strlen( $alphabet );
	// A key group's character p from the row's MD5: two hex digits, over the alphabet.
	$groups = static function ( int $from ) use ( $alphabet, $base ): string {
		$chars = array();
		for ( $p = $from; $p < $from + 4; $p++ ) {
			$chars[] = "SUBSTRING('{$alphabet}', 1 + CONV(SUBSTRING(h, " . ( 2 * $p + 1 ) . ", 2), 16, 10) MOD {$base}, 1)";
		}
		return 'CONCAT(' . implode( ', ', $chars ) . ')';
	};
	$status  = "CASE WHEN i MOD 19 < 13 THEN 'active' WHEN i MOD 19 < 15 THEN 'expired' WHEN i MOD 19 = 15 THEN 'suspended' WHEN i MOD 19 = 16 THEN 'cancelled' ELSE 'trial' END";
	$day     = 86400;
	$expires = "CASE
		WHEN i MOD 19 < 13 THEN CASE
			WHEN i MOD 7 = 0 THEN NULL
			WHEN i MOD 50 = 13 THEN DATE_SUB('{$stamp}', INTERVAL ({$day} * (1 + i MOD 30) + i MOD 3600) SECOND)
			ELSE DATE_ADD('{$stamp}', INTERVAL ({$day} * (1 + (i * 37) MOD 730) + i MOD {$day}) SECOND) END
		WHEN i MOD 19 < 15 THEN DATE_SUB('{$stamp}', INTERVAL ({$day} * (1 + (i * 13) MOD 700) + i MOD {$day}) SECOND)
		WHEN i MOD 19 < 17 THEN DATE_ADD('{$stamp}', INTERVAL ({$day} * ((i * 31) MOD 800 - 400) + i MOD {$day}) SECOND)
		ELSE DATE_ADD('{$stamp}', INTERVAL ({$day} * (1 + i MOD 14) + i MOD 3600) SECOND) END";
	$from    = gmdate( 'Y-m-d H:i:s', $now - 400 * $day );
	$spread  = 400 * $day;
	for ( $first = 1; $first <= $count; $first += SVC_BENCH_CHUNK ) {
		$last = min( $count, $first + SVC_BENCH_CHUNK - 1 );
		svc_bench_sql(
			"INSERT INTO {$licenses} (id, product_id, key_hash, key_first, key_last, customer_name, customer_email, status, activation_limit, activation_count, expires, is_trial, trial_ends, trial_email, created_at, updated_at)
			SELECT id, IF(i MOD 10 < 7, {$product}, {$addon}), SHA2(CONCAT('svc-bench-', id), 256), {$groups( 0 )}, {$groups( 4 )},
				CONCAT('First', i MOD 500, ' Last', i), email, status, 3, 1 + i MOD 2, expires,
				IF(status = 'trial', 1, 0), IF(status = 'trial', expires, NULL), IF(status = 'trial', email, NULL), created, created
			FROM (
				SELECT id, i, h, email, {$status} AS status, {$expires} AS expires, created FROM (
					SELECT seq AS id, CAST(seq AS SIGNED) - 1 AS i, MD5(CONCAT('svc-bench-key-', seq)) AS h,
						CONCAT('customer', seq - 1, '@shop', (seq - 1) MOD 1000, '.example') AS email,
						DATE_ADD('{$from}', INTERVAL FLOOR((seq - 1) * {$spread} / {$count}) SECOND) AS created
					FROM seq_{$first}_to_{$last}
				) s0
			) s"
		);
	}
	for ( $first = 1; $first <= $count; $first += SVC_BENCH_CHUNK ) {
		$last = min( $count, $first + SVC_BENCH_CHUNK - 1 );
		svc_bench_sql(
			"INSERT INTO {$activations} (license_id, site_url, activated_at, last_checked)
			SELECT l.id, CONCAT('site', l.id - 1, '.example', IF(k.seq = 2, CONCAT('/store', (l.id - 1) MOD 7), '')),
				LEAST(DATE_ADD(l.created_at, INTERVAL (k.seq - 1) HOUR), CAST('{$stamp}' AS DATETIME)),
				LEAST(DATE_ADD(l.created_at, INTERVAL (k.seq - 1) HOUR), CAST('{$stamp}' AS DATETIME))
			FROM {$licenses} l JOIN seq_1_to_2 k ON k.seq <= l.activation_count
			WHERE l.id BETWEEN {$first} AND {$last} ORDER BY l.id, k.seq"
		);
	}

	// Real keys for three licences: the first (the bench licence of the load rows), the middle and the newest.
	$known = array();
	foreach ( array_unique( array( 0, intdiv( $count, 2 ), $count - 1 ) ) as $i ) {
		do {
			$key = LicenseKey::generate();
		} while ( false !== strpos( 'BCFS', $key->last_group()[0] ) );
		$wpdb->update(
			$licenses,
			array(
				'key_hash'  => $key->hash( $secret ),
				'key_first' => $key->first_group(),
				'key_last'  => $key->last_group(),
			),
			array( 'id' => $i + 1 )
		);
		$known[] = array(
			'id'  => $i + 1,
			'key' => $key->reveal(),
		);
	}
	// The bench licence: active, lifetime, room for the bench's own site.
	$wpdb->update(
		$licenses,
		array(
			'status'   => 'active',
			'expires'  => null,
			'is_trial' => 0,
		),
		array( 'id' => 1 )
	);

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
	$seeded = microtime( true );

	// What the admin calls must answer, counted by plain SQL over every row.
	$middle = $known[ min( 1, count( $known ) - 1 ) ];
	$group  = substr( $middle['key'], -4 );
	$email  = min( $count - 1, intdiv( $count, 4 ) + 1 );
	$site   = min( $count - 1, 123 );
	$like   = static function ( string $text ) use ( $wpdb ): string {
		return $wpdb->prepare( '%s', $wpdb->esc_like( $text ) . '%' );
	};
	$searches = array(
		'key'          => array( $middle['key'], $wpdb->prepare( 'l.id = %d', $middle['id'] ) ),
		'key_group'    => array( $group, "(l.key_first LIKE {$like( $group )} OR l.key_last LIKE {$like( $group )})" ),
		'email'        => array( "customer{$email}@shop" . ( $email % 1000 ) . '.example', 'l.customer_email LIKE ' . $like( "customer{$email}@shop" . ( $email % 1000 ) . '.example' ) ),
		'email_domain' => array( '@shop17.example', "SUBSTRING_INDEX(l.customer_email, '@', -1) = 'shop17.example'" ),
		'bare_domain'  => array( 'shop17.example', "SUBSTRING_INDEX(l.customer_email, '@', -1) = 'shop17.example'" ),
		'name'         => array( 'First17', 'l.customer_name LIKE ' . $like( 'First17' ) ),
		'site'         => array( "site{$site}.example", "l.id IN (SELECT a.license_id FROM {$activations} a WHERE a.site_url LIKE " . $like( "site{$site}.example" ) . ')' ),
	);
	$expected = array(
		'searches' => array(),
		'statuses' => svc_bench_statuses( '1 = 1' ),
	);
	foreach ( $searches as $name => list( $term, $where ) ) {
		$expected['searches'][ $name ] = array( 'term' => $term ) + svc_bench_found( $where );
	}
	$expected['searches']['email_domain']['statuses'] = svc_bench_statuses( $searches['email_domain'][1] );
	$expected['expired']        = svc_bench_found( "l.status = 'expired'" );
	$expected['addon_active']   = array( 'product_id' => $addon ) + svc_bench_found( $wpdb->prepare( "l.product_id = %d AND l.status = 'active'", $addon ) );
	$running                    = $wpdb->prepare( "status IN ('active', 'trial') AND (expires IS NULL OR expires > %s)", $stamp );
	$lapsed                     = $wpdb->prepare( "(status = 'expired' OR (status IN ('active', 'trial') AND expires IS NOT NULL AND expires <= %s))", $stamp );
	// phpcs:disable WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table names from constants, conditions prepared above.
	$expected['stats'] = array(
		'licenses'    => array_map(
			'intval',
			(array) $wpdb->get_row(
				"SELECT COUNT(*) AS total,
					SUM(CASE WHEN status = 'active' AND ({$running}) THEN 1 ELSE 0 END) AS active,
					SUM(CASE WHEN {$lapsed} THEN 1 ELSE 0 END) AS expired,
					SUM(CASE WHEN status = 'suspended' THEN 1 ELSE 0 END) AS suspended,
					SUM(CASE WHEN status = 'cancelled' THEN 1 ELSE 0 END) AS cancelled,
					SUM(CASE WHEN status = 'trial' AND ({$running}) THEN 1 ELSE 0 END) AS trial
				FROM {$licenses}",
				ARRAY_A
			)
		),
		'activations' => array_map(
			'intval',
			(array) $wpdb->get_row( "SELECT COUNT(*) AS total, SUM(CASE WHEN {$running} THEN 1 ELSE 0 END) AS active FROM {$activations} a JOIN {$licenses} l ON l.id = a.license_id WHERE a.is_staging = 0", ARRAY_A )
		),
	);
	$since             = gmdate( 'Y-m-d', $now - 29 * $day ) . ' 00:00:00';
	$expected['daily'] = array(
		'days'        => 30,
		'since'       => substr( $since, 0, 10 ),
		'licenses'    => array_map( 'intval', array_column( (array) $wpdb->get_results( $wpdb->prepare( "SELECT SUBSTR(created_at, 1, 10) AS day, COUNT(*) AS n FROM {$licenses} WHERE created_at >= %s GROUP BY day", $since ), ARRAY_A ), 'n', 'day' ) ),
		'activations' => array_map( 'intval', array_column( (array) $wpdb->get_results( $wpdb->prepare( "SELECT SUBSTR(activated_at, 1, 10) AS day, COUNT(*) AS n FROM {$activations} WHERE activated_at >= %s AND is_staging = 0 GROUP BY day", $since ), ARRAY_A ), 'n', 'day' ) ),
	);
	$total_activations = (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$activations}" );
	// phpcs:enable

	$done = array(
		'product_slug'     => SVC_BENCH_SLUG,
		'license_key'      => $known[0]['key'],
		'api_key'          => $api_key,
		'licences'         => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$licenses}" ), // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
		'suspended'        => $expected['statuses']['suspended'],
		'activations'      => $total_activations,
		'schema'           => $schema,
		'seed_seconds'     => round( $seeded - $start, 2 ),
		'expected_seconds' => round( microtime( true ) - $seeded, 2 ),
		'known'            => $known,
		'expected'         => $expected,
	);
} elseif ( 'upgrade' === $mode ) {
	$migrator = new SchemaMigrator( $wpdb );
	$from     = (int) $wpdb->get_var( $wpdb->prepare( "SELECT option_value FROM {$wpdb->options} WHERE option_name = %s", SchemaMigrator::VERSION_OPTION ) );
	$began    = microtime( true );
	$upgraded = $migrator->upgrade();
	$seconds  = microtime( true ) - $began;
	$done     = array(
		'upgraded'        => $upgraded,
		'from'            => $from,
		'to'              => (int) $wpdb->get_var( $wpdb->prepare( "SELECT option_value FROM {$wpdb->options} WHERE option_name = %s", SchemaMigrator::VERSION_OPTION ) ),
		'latest'          => Schema::LATEST,
		'upgrade_seconds' => round( $seconds, 2 ),
		'peak_bytes'      => memory_get_peak_usage( true ),
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
