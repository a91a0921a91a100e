<?php
/**
 * Test sites only: another licensing system's tables in this site's database, for e2e/cli/import-edd-sl.spec.ts
 * and e2e/cli/import-slm.spec.ts (`wp svc import`). Routes under svc-test/v1, answering only with the token:
 *
 * - POST /import/fixture {source: edd-sl|slm, base, tag, package (base64 ZIP), taken_key}: drops and creates the
 *   source's tables from the layouts below and fills them with the edge cases the specs name; answers what it
 *   made (old ids, keys, slugs, the package's SHA-256).
 * - POST /import/change {source, base}: one new licence and one changed expiry, as a week of selling on the old
 *   plugin would leave them; and sites released and a key changed in the old plugin: EDD SL's site 3 set
 *   `activated` = 0 and its site 2 deleted, licence 12 given a new key (its "regenerate key"); SLM's domain 2 deleted
 *   and licence 1's key edited. Answers the new licence's key and expiry and the changed key (`rekeyed`).
 * - POST /import/fault {at}: the import throws just before it writes its licence number `at` (0-based; null: no
 *   fault), through the plugin's own hook (Hooks::MOVE_IN_LICENSE).
 * - GET /import/map {source}: the import map as stored (kind => old id => new id, and a licence's parent).
 * - DELETE /import/fixture {source}: drops the source's tables.
 *
 * The layouts are the public ones, written here in our own words; each table names where it is published. Old ids
 * start after `base`, so every fixture's ids are new to the import map.
 *
 * @package SvcLicensing
 */

defined( 'ABSPATH' ) || exit;
require_once __DIR__ . '/svc-test-base.php';
if ( ! svc_test_enabled() ) {
	return;
}

define( 'SVC_TEST_IMPORT_FAULT_OPTION', 'svc_test_import_fault_at' );

/**
 * The fault: the run's licence number `at` throws (a listener of the plugin's own hook, as any plugin could add).
 */
add_action(
	'svc_licensing_move_in_licence',
	static function ( $source, $old_id, $written ) {
		$at = get_option( SVC_TEST_IMPORT_FAULT_OPTION, '' );
		if ( '' !== $at && (int) $at === (int) $written ) {
			throw new RuntimeException( sprintf( 'test fault before licence %s of %s', $old_id, $source ) );
		}
	},
	10,
	3
);

/**
 * The tables of a source, with their DDL.
 *
 * @param string $source edd-sl or slm.
 * @return array<string, string> Table => CREATE TABLE.
 */
function svc_test_import_tables( string $source ): array {
	global $wpdb;
	$p       = $wpdb->prefix;
	$charset = $wpdb->get_charset_collate();
	if ( 'slm' === $source ) {
		return array(
			// Software License Manager's key table: Arsenal21/software-license-manager, license-manager/slm_installer.php
			// (the columns every version has; lic_status is an enumeration there: pending, active, blocked, expired),
			// and product_ref, which later versions add (includes/class-slm-installer.php).
			"{$p}lic_key_tbl"        => "CREATE TABLE {$p}lic_key_tbl (
				id INT(12) NOT NULL AUTO_INCREMENT,
				license_key VARCHAR(255) NOT NULL,
				max_allowed_domains INT(12) NOT NULL,
				lic_status VARCHAR(16) NOT NULL DEFAULT 'pending',
				first_name VARCHAR(32) NOT NULL DEFAULT '',
				last_name VARCHAR(32) NOT NULL DEFAULT '',
				email VARCHAR(64) NOT NULL,
				company_name VARCHAR(100) NOT NULL DEFAULT '',
				txn_id VARCHAR(64) NOT NULL DEFAULT '',
				manual_reset_count VARCHAR(128) NOT NULL DEFAULT '',
				date_created DATE NOT NULL DEFAULT '0000-00-00',
				date_renewed DATE NOT NULL DEFAULT '0000-00-00',
				date_expiry DATE NOT NULL DEFAULT '0000-00-00',
				product_ref VARCHAR(255) NOT NULL DEFAULT '',
				PRIMARY KEY  (id)
			) {$charset}",
			// Its registered domains: same file.
			"{$p}lic_reg_domain_tbl" => "CREATE TABLE {$p}lic_reg_domain_tbl (
				id INT NOT NULL AUTO_INCREMENT,
				lic_key_id INT NOT NULL,
				lic_key VARCHAR(255) NOT NULL,
				registered_domain TEXT NOT NULL,
				item_reference VARCHAR(255) NOT NULL,
				PRIMARY KEY  (id)
			) {$charset}",
		);
	}
	return array(
		// EDD Software Licensing 3.6's licences: pronamic/edd-software-licensing, includes/classes/class-sl-license-db.php.
		// expiration is unix seconds, 0 or empty for a lifetime licence; parent is the bundle's licence.
		"{$p}edd_licenses"            => "CREATE TABLE {$p}edd_licenses (
			id BIGINT(20) NOT NULL AUTO_INCREMENT,
			license_key VARCHAR(255) NOT NULL,
			status VARCHAR(20) NOT NULL,
			download_id BIGINT(20) NOT NULL,
			price_id VARCHAR(20),
			payment_id BIGINT(20) NOT NULL,
			cart_index BIGINT(20) NOT NULL,
			date_created DATETIME NOT NULL,
			expiration BIGINT(32),
			parent VARCHAR(20) NOT NULL,
			customer_id VARCHAR(20) NOT NULL,
			user_id VARCHAR(20) NOT NULL,
			PRIMARY KEY  (id),
			KEY license_key (license_key(191)),
			KEY parent (parent)
		) {$charset}",
		// Its licence meta (a licence's own `_edd_sl_limit`): includes/classes/class-sl-license-meta-db.php.
		"{$p}edd_licensemeta"         => "CREATE TABLE {$p}edd_licensemeta (
			meta_id BIGINT(20) NOT NULL AUTO_INCREMENT,
			license_id BIGINT(20) NOT NULL,
			meta_key VARCHAR(255) DEFAULT NULL,
			meta_value LONGTEXT,
			PRIMARY KEY  (meta_id),
			KEY license_id (license_id)
		) {$charset}",
		// Its activations (site_name without scheme; is_local for a local or staging site; activated 0 when
		// deactivated): includes/classes/class-sl-activations-db.php.
		"{$p}edd_license_activations" => "CREATE TABLE {$p}edd_license_activations (
			site_id BIGINT(20) NOT NULL AUTO_INCREMENT,
			site_name VARCHAR(128) NOT NULL,
			license_id BIGINT(20) NOT NULL,
			activated TINYINT(1) NOT NULL,
			is_local TINYINT(1) NOT NULL,
			PRIMARY KEY  (site_id),
			UNIQUE KEY site_name (site_name, license_id)
		) {$charset}",
		// Easy Digital Downloads 3's customers: awesomemotive/easy-digital-downloads,
		// includes/database/tables/class-customers.php.
		"{$p}edd_customers"           => "CREATE TABLE {$p}edd_customers (
			id BIGINT(20) NOT NULL AUTO_INCREMENT,
			user_id BIGINT(20) NOT NULL,
			email VARCHAR(100) NOT NULL,
			name MEDIUMTEXT NOT NULL,
			status VARCHAR(20) NOT NULL DEFAULT '',
			purchase_value MEDIUMTEXT NOT NULL,
			purchase_count BIGINT(20) NOT NULL,
			date_created DATETIME NOT NULL DEFAULT '0000-00-00 00:00:00',
			date_modified DATETIME NOT NULL DEFAULT '0000-00-00 00:00:00',
			PRIMARY KEY  (id),
			UNIQUE KEY email (email)
		) {$charset}",
	);
}

/**
 * Drops a source's tables, and for EDD its `download` posts: a spec's fixture never sees an earlier one's.
 *
 * @param string $source Source.
 */
function svc_test_import_drop( string $source ): void {
	global $wpdb;
	foreach ( array_keys( svc_test_import_tables( $source ) ) as $table ) {
		$wpdb->query( "DROP TABLE IF EXISTS {$table}" ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared,WordPress.DB.DirectDatabaseQuery.SchemaChange -- test fixture.
	}
	if ( 'edd-sl' === $source ) {
		$downloads = get_posts(
			array(
				'post_type'   => 'download',
				'post_status' => 'any',
				'numberposts' => -1,
				'fields'      => 'ids',
			)
		);
		foreach ( $downloads as $id ) {
			wp_delete_post( (int) $id, true );
		}
	}
}

/**
 * An EDD download post with its Software Licensing meta.
 *
 * @param string               $title Title.
 * @param string               $slug  Slug.
 * @param array<string, mixed> $meta  Meta.
 */
function svc_test_import_download( string $title, string $slug, array $meta ): int {
	$id = (int) wp_insert_post(
		array(
			'post_type'   => 'download',
			'post_status' => 'publish',
			'post_title'  => $title,
			'post_name'   => $slug,
		)
	);
	foreach ( $meta as $key => $value ) {
		update_post_meta( $id, $key, $value );
	}
	return $id;
}

/**
 * Writes the package into this site's uploads, where EDD keeps its files.
 *
 * @param string $name File name.
 * @param string $zip  Bytes.
 * @return string Its URL.
 */
function svc_test_import_upload( string $name, string $zip ): string {
	$dir = wp_upload_dir( null, true );
	wp_mkdir_p( $dir['basedir'] . '/edd' );
	file_put_contents( $dir['basedir'] . '/edd/' . $name, $zip ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents -- test fixture.
	return $dir['baseurl'] . '/edd/' . $name;
}

/**
 * A random key as EDD makes them (32 hex digits).
 */
function svc_test_import_edd_key(): string {
	return md5( wp_generate_password( 20, false ) );
}

/**
 * The EDD fixture.
 *
 * @param int    $base      Old ids start after it.
 * @param string $tag       Makes slugs unique.
 * @param string $zip       Package bytes.
 * @param string $taken_key A key a licence of ours already has.
 * @return array<string, mixed>
 */
function svc_test_import_edd( int $base, string $tag, string $zip, string $taken_key ): array {
	global $wpdb;
	$p       = $wpdb->prefix;
	$url     = svc_test_import_upload( "acme-pro-{$tag}.zip", $zip );
	$bundled = svc_test_import_upload( "acme-bundle-{$tag}.zip", $zip );
	$pro     = svc_test_import_download(
		"Acme Pro {$tag}",
		"acme-pro-{$tag}",
		array(
			'_edd_sl_enabled'          => '1',
			'_edd_sl_version'          => '2.1',
			'_edd_sl_changelog'        => '<p>Imported from EDD.</p>',
			'_edd_sl_limit'            => '2',
			'_variable_pricing'        => '1',
			'edd_variable_prices'      => array(
				1 => array(
					'index'         => '1',
					'name'          => 'Personal',
					'amount'        => '49.00',
					'license_limit' => '1',
				),
				2 => array(
					'index'         => '2',
					'name'          => 'Agency',
					'amount'        => '199.00',
					'license_limit' => '0',
				),
			),
			'edd_download_files'       => array(
				0 => array(
					'index'          => '0',
					'attachment_id'  => '0',
					'thumbnail_size' => false,
					'name'           => 'acme-pro',
					'file'           => $url,
					'condition'      => 'all',
				),
			),
			'_edd_sl_upgrade_file_key' => '0',
		)
	);
	$lite    = svc_test_import_download(
		"Acme Lite {$tag}",
		"acme-lite-{$tag}",
		array(
			'_edd_sl_enabled' => '1',
			'_edd_sl_version' => '1.0.0',
			'_edd_sl_limit'   => '1',
		)
	);
	$bundle  = svc_test_import_download(
		"Acme Bundle {$tag}",
		"acme-bundle-{$tag}",
		array(
			'_edd_sl_enabled'    => '1',
			'_edd_sl_version'    => '1.0',
			'_edd_sl_limit'      => '5',
			'edd_download_files' => array(
				0 => array(
					'index' => '0',
					'name'  => 'bundle',
					'file'  => $bundled,
				),
			),
		)
	);
	$ebook   = svc_test_import_download( "Ebook {$tag}", "ebook-{$tag}", array() );

	$customers = array(
		'ada'     => array( "ada-{$tag}@example.com", 'Ada Lovelace' ),
		'grace'   => array( "grace-{$tag}@example.com", 'Grace Hopper' ),
		'nomail'  => array( '', 'No Mail' ),
		'bundler' => array( "bundler-{$tag}@example.com", 'Bundle Buyer' ),
	);
	$ids       = array();
	foreach ( $customers as $name => $customer ) {
		$wpdb->insert(
			"{$p}edd_customers",
			array(
				'user_id'        => 0,
				'email'          => $customer[0],
				'name'           => $customer[1],
				'status'         => 'active',
				'purchase_value' => '0',
				'purchase_count' => 1,
				'date_created'   => gmdate( 'Y-m-d H:i:s' ),
				'date_modified'  => gmdate( 'Y-m-d H:i:s' ),
			)
		);
		$ids[ $name ] = (int) $wpdb->insert_id;
	}
	$year    = time() + 365 * DAY_IN_SECONDS;
	$keys    = array();
	$license = static function ( int $n, string $status, int $download, $price, $expiration, int $parent, string $customer, ?string $key = null ) use ( $wpdb, $p, $base, $ids, &$keys ): void {
		$keys[ $n ] = $key ?? svc_test_import_edd_key();
		$wpdb->insert(
			"{$p}edd_licenses",
			array(
				'id'           => $base + $n,
				'license_key'  => $keys[ $n ],
				'status'       => $status,
				'download_id'  => $download,
				'price_id'     => $price,
				'payment_id'   => 1000 + $n,
				'cart_index'   => 0,
				'date_created' => gmdate( 'Y-m-d H:i:s' ),
				'expiration'   => $expiration,
				'parent'       => (string) ( $parent > 0 ? $base + $parent : 0 ),
				'customer_id'  => (string) $ids[ $customer ],
				'user_id'      => '0',
			)
		);
	};
	$license( 1, 'active', $pro, '1', $year, 0, 'ada' );
	$license( 2, 'expired', $pro, '2', time() - 30 * DAY_IN_SECONDS, 0, 'grace' );
	$license( 3, 'disabled', $lite, null, 0, 0, 'ada' );
	$license( 4, 'inactive', $pro, null, 0, 0, 'grace' );
	$license( 5, 'active', $bundle, null, $year, 0, 'bundler' );
	$license( 6, 'active', $pro, null, $year, 5, 'bundler' );
	$license( 7, 'active', $lite, null, $year, 5, 'bundler' );
	$license( 8, 'active', $pro, '1', $year, 0, 'nomail' );
	$license( 9, 'active', $pro, '1', $year, 0, 'grace', $keys[1] );
	$license( 10, 'active', $ebook, null, $year, 0, 'ada' );
	$license( 11, 'active', $pro, '1', $year, 0, 'ada', $taken_key );
	$license( 12, 'active', $pro, '1', $year, 0, 'ada' );
	$wpdb->insert(
		"{$p}edd_licensemeta",
		array(
			'license_id' => $base + 12,
			'meta_key'   => '_edd_sl_limit', // phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_key -- test fixture.
			'meta_value' => '3', // phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_value -- test fixture.
		)
	);
	$sites = array(
		1 => array( 1, "customer-one-{$tag}.example", 1, 0 ),
		2 => array( 4, "dev-box-{$tag}.example", 1, 1 ),
		3 => array( 4, "https://www.customer-two-{$tag}.example/", 1, 0 ),
		4 => array( 2, "old-{$tag}.example", 0, 0 ),
		5 => array( 8, "refused-{$tag}.example", 1, 0 ),
	);
	foreach ( $sites as $n => $site ) {
		$wpdb->insert(
			"{$p}edd_license_activations",
			array(
				'site_id'    => $base + $n,
				'license_id' => $base + $site[0],
				'site_name'  => $site[1],
				'activated'  => $site[2],
				'is_local'   => $site[3],
			)
		);
	}
	return array(
		'downloads' => array(
			'pro'    => $pro,
			'lite'   => $lite,
			'bundle' => $bundle,
			'ebook'  => $ebook,
		),
		'slugs'     => array(
			'pro'    => "acme-pro-{$tag}",
			'lite'   => "acme-lite-{$tag}",
			'bundle' => "acme-bundle-{$tag}",
		),
		'keys'      => $keys,
		'emails'    => array_map( static fn( array $c ): string => $c[0], $customers ),
		'sites'     => array_map( static fn( array $s ): string => $s[1], $sites ),
		'sha256'    => hash( 'sha256', $zip ),
	);
}

/**
 * The SLM fixture.
 *
 * @param int    $base      Old ids start after it.
 * @param string $tag       Makes values unique.
 * @param string $product   Our product's slug, for product_ref.
 * @param string $taken_key A key a licence of ours already has.
 * @return array<string, mixed>
 */
function svc_test_import_slm( int $base, string $tag, string $product, string $taken_key ): array {
	global $wpdb;
	$p       = $wpdb->prefix;
	$keys    = array();
	$license = static function ( int $n, string $status, string $email, string $expiry, int $domains, string $ref, ?string $key = null ) use ( $wpdb, $p, $base, $tag, &$keys ): void {
		$keys[ $n ] = $key ?? 'SLM-' . substr( md5( $tag . $n ), 0, 13 );
		$wpdb->insert(
			"{$p}lic_key_tbl",
			array(
				'id'                  => $base + $n,
				'license_key'         => $keys[ $n ],
				'max_allowed_domains' => $domains,
				'lic_status'          => $status,
				'first_name'          => 'Buyer',
				'last_name'           => (string) $n,
				'email'               => $email,
				'date_created'        => gmdate( 'Y-m-d' ),
				'date_expiry'         => $expiry,
				'product_ref'         => $ref,
			)
		);
	};
	$next    = gmdate( 'Y-m-d', time() + 365 * DAY_IN_SECONDS );
	$license( 1, 'active', "one-{$tag}@example.com", $next, 2, $product );
	$license( 2, 'pending', "two-{$tag}@example.com", '0000-00-00', 0, '' );
	$license( 3, 'blocked', "three-{$tag}@example.com", $next, 1, $product );
	$license( 4, 'expired', "four-{$tag}@example.com", gmdate( 'Y-m-d', time() - 10 * DAY_IN_SECONDS ), 1, $product );
	$license( 5, 'active', '', $next, 1, $product );
	$license( 6, 'active', "six-{$tag}@example.com", $next, 1, $product, $keys[1] );
	$license( 7, 'active', "seven-{$tag}@example.com", $next, 1, "no-such-product-{$tag}" );
	$license( 8, 'active', "eight-{$tag}@example.com", $next, 1, $product, $taken_key );
	$domains = array(
		1 => array( 1, "slm-one-{$tag}.example" ),
		2 => array( 1, "http://slm-two-{$tag}.example/" ),
		3 => array( 5, "slm-refused-{$tag}.example" ),
	);
	foreach ( $domains as $n => $domain ) {
		$wpdb->insert(
			"{$p}lic_reg_domain_tbl",
			array(
				'id'                => $base + $n,
				'lic_key_id'        => $base + $domain[0],
				'lic_key'           => $keys[ $domain[0] ],
				'registered_domain' => $domain[1],
				'item_reference'    => '',
			)
		);
	}
	update_option(
		'slm_plugin_options',
		array(
			'lic_creation_secret'     => "creation-{$tag}",
			'lic_verification_secret' => "verification-{$tag}",
			'lic_prefix'              => 'SLM-',
		)
	);
	return array(
		'keys'    => $keys,
		'domains' => array_map( static fn( array $d ): string => $d[1], $domains ),
	);
}

svc_test_routes(
	array(
		'/import/fixture' => array(
			array(
				'methods'  => 'POST',
				'callback' => static function ( WP_REST_Request $request ) {
					global $wpdb;
					$source = (string) $request->get_param( 'source' );
					svc_test_import_drop( $source );
					foreach ( svc_test_import_tables( $source ) as $sql ) {
						$wpdb->query( $sql ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared,WordPress.DB.DirectDatabaseQuery.SchemaChange -- test fixture DDL.
					}
					$base = (int) $request->get_param( 'base' );
					$tag  = sanitize_key( (string) $request->get_param( 'tag' ) );
					$key  = (string) $request->get_param( 'taken_key' );
					if ( 'slm' === $source ) {
						return svc_test_import_slm( $base, $tag, (string) $request->get_param( 'product' ), $key );
					}
					// phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_decode -- the spec sends the ZIP it made.
					return svc_test_import_edd( $base, $tag, (string) base64_decode( (string) $request->get_param( 'package' ) ), $key );
				},
			),
			array(
				'methods'  => 'DELETE',
				'callback' => static function ( WP_REST_Request $request ) {
					svc_test_import_drop( (string) $request->get_param( 'source' ) );
					return array( 'dropped' => true );
				},
			),
		),
		'/import/change'  => array(
			'methods'  => 'POST',
			'callback' => static function ( WP_REST_Request $request ) {
				global $wpdb;
				$p    = $wpdb->prefix;
				$base = (int) $request->get_param( 'base' );
				$tag  = sanitize_key( (string) $request->get_param( 'tag' ) );
				if ( 'slm' === $request->get_param( 'source' ) ) {
					$expiry = gmdate( 'Y-m-d', time() + 2 * 365 * DAY_IN_SECONDS );
					$wpdb->update( "{$p}lic_key_tbl", array( 'date_expiry' => $expiry ), array( 'id' => $base + 1 ) );
					// A site released and a key edited in SLM's admin during the week.
					$wpdb->delete( "{$p}lic_reg_domain_tbl", array( 'id' => $base + 2 ) );
					$rekeyed = 'SLM-' . substr( md5( $tag . 'rekeyed' ), 0, 13 );
					$wpdb->update( "{$p}lic_key_tbl", array( 'license_key' => $rekeyed ), array( 'id' => $base + 1 ) );
					$wpdb->update( "{$p}lic_reg_domain_tbl", array( 'lic_key' => $rekeyed ), array( 'lic_key_id' => $base + 1 ) );
					$key = 'SLM-' . substr( md5( $tag . 'new' ), 0, 13 );
					$wpdb->insert(
						"{$p}lic_key_tbl",
						array(
							'id'                  => $base + 20,
							'license_key'         => $key,
							'max_allowed_domains' => 1,
							'lic_status'          => 'active',
							'email'               => "new-{$tag}@example.com",
							'date_created'        => gmdate( 'Y-m-d' ),
							'date_expiry'         => $expiry,
							'product_ref'         => (string) $request->get_param( 'product' ),
						)
					);
					return array(
						'key'     => $key,
						'expires' => $expiry . 'T23:59:59Z',
						'rekeyed' => $rekeyed,
					);
				}
				$expiration = time() + 2 * 365 * DAY_IN_SECONDS;
				$wpdb->update( "{$p}edd_licenses", array( 'expiration' => $expiration ), array( 'id' => $base + 1 ) );
				// Sites released in EDD during the week: one deactivated (EDD keeps the row, activated = 0), one
				// row deleted; and licence 12's key regenerated.
				$wpdb->update( "{$p}edd_license_activations", array( 'activated' => 0 ), array( 'site_id' => $base + 3 ) );
				$wpdb->delete( "{$p}edd_license_activations", array( 'site_id' => $base + 2 ) );
				$rekeyed = svc_test_import_edd_key();
				$wpdb->update( "{$p}edd_licenses", array( 'license_key' => $rekeyed ), array( 'id' => $base + 12 ) );
				$key = svc_test_import_edd_key();
				$wpdb->insert(
					"{$p}edd_licenses",
					array(
						'id'           => $base + 20,
						'license_key'  => $key,
						'status'       => 'active',
						'download_id'  => (int) $request->get_param( 'download' ),
						'price_id'     => '1',
						'payment_id'   => 2000,
						'cart_index'   => 0,
						'date_created' => gmdate( 'Y-m-d H:i:s' ),
						'expiration'   => $expiration,
						'parent'       => '0',
						'customer_id'  => (string) $wpdb->get_var( "SELECT MIN(id) FROM {$p}edd_customers" ), // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- test fixture.
						'user_id'      => '0',
					)
				);
				return array(
					'key'     => $key,
					'expires' => gmdate( 'Y-m-d\TH:i:s\Z', $expiration ),
					'rekeyed' => $rekeyed,
				);
			},
		),
		'/import/map'     => array(
			'methods'  => 'GET',
			'callback' => static function ( WP_REST_Request $request ) {
				global $wpdb;
				$p    = $wpdb->prefix;
				$rows = $wpdb->get_results( // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- test helper reads the map as stored.
					$wpdb->prepare(
						"SELECT m.kind, m.old_id, m.new_id, l.parent_id FROM {$p}svc_import_map m LEFT JOIN {$p}svc_licenses l ON m.kind = 'licence' AND l.id = m.new_id WHERE m.source = %s", // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table names.
						(string) $request->get_param( 'source' )
					),
					ARRAY_A
				);
				$map  = array();
				foreach ( (array) $rows as $row ) {
					$map[ $row['kind'] ][ $row['old_id'] ] = array(
						'new_id'    => (int) $row['new_id'],
						'parent_id' => null === $row['parent_id'] ? null : (int) $row['parent_id'],
					);
				}
				return $map;
			},
		),
		'/import/fault'   => array(
			'methods'  => 'POST',
			'callback' => static function ( WP_REST_Request $request ) {
				$at = $request->get_param( 'at' );
				if ( null === $at ) {
					delete_option( SVC_TEST_IMPORT_FAULT_OPTION );
				} else {
					update_option( SVC_TEST_IMPORT_FAULT_OPTION, (string) (int) $at, false );
				}
				return array( 'at' => $at );
			},
		),
	)
);
