<?php
/**
 * Plugin Name: Licence Service test helpers: the count summaries against the rows
 * Description: Test-only. GET svc-test/v1/counts?product_id=N answers, read in one transaction (one snapshot), the
 *              summaries the database keeps (svc_license_counts, svc_daily_counts) and the same figures counted from
 *              the licence and activation rows, for one product, so a spec can ask that they are equal after each
 *              kind of change (issue 43). POST svc-test/v1/counts/expire runs the expiry job now.
 *              POST svc-test/v1/counts/held {product_id, seconds, fault} runs LicenseCounts::insert_licenses() (an
 *              import batch's held insert) in a transaction: one licence inserted, then `seconds` of sleep while the
 *              hold is on (another request writes meanwhile), then either a fault (rolled back) or the commit; then
 *              one more licence on the same connection, unheld. It answers whether the hold is still on afterwards
 *              (MariaDB's session variable, SQLite's marker row).
 *
 * @package SvcLicensing
 */

defined( 'ABSPATH' ) || exit;
require_once __DIR__ . '/svc-test-base.php';
if ( ! svc_test_enabled() ) {
	return;
}

/**
 * Rows as lists of integers and strings, sorted, so two sets compare as JSON.
 *
 * @param array<int, array<string, mixed>> $rows Rows.
 * @return array<int, array<int, int|string>>
 */
function svc_test_counts_rows( array $rows ): array {
	$out = array();
	foreach ( $rows as $row ) {
		$out[] = array_map(
			static function ( $value ) {
				return is_numeric( $value ) ? (int) $value : (string) $value;
			},
			array_values( $row )
		);
	}
	sort( $out );
	return $out;
}

svc_test_routes(
	array(
		'/counts'        => array(
			'methods'  => 'GET',
			'callback' => static function ( WP_REST_Request $request ) {
				global $wpdb;
				$product     = (int) $request->get_param( 'product_id' );
				$p           = $wpdb->prefix;
				$licenses    = "{$p}svc_licenses";
				$activations = "{$p}svc_activations";
				$wpdb->query( 'START TRANSACTION' );
				// phpcs:disable WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- test helper, table names from the prefix.
				$summary       = $wpdb->get_results( $wpdb->prepare( "SELECT status, licenses, sites FROM {$p}svc_license_counts WHERE product_id = %d AND (licenses <> 0 OR sites <> 0)", $product ), ARRAY_A );
				$rows          = $wpdb->get_results(
					$wpdb->prepare( "SELECT l.status, COUNT(*) AS licenses, (SELECT COUNT(*) FROM {$activations} a JOIN {$licenses} x ON x.id = a.license_id WHERE x.product_id = l.product_id AND x.status = l.status AND a.is_staging = 0) AS sites FROM {$licenses} l WHERE l.product_id = %d GROUP BY l.product_id, l.status", $product ),
					ARRAY_A
				);
				$daily_summary = $wpdb->get_results( $wpdb->prepare( "SELECT day, licenses, sites FROM {$p}svc_daily_counts WHERE product_id = %d AND (licenses <> 0 OR sites <> 0)", $product ), ARRAY_A );
				$new_licenses  = $wpdb->get_results( $wpdb->prepare( "SELECT SUBSTR(created_at, 1, 10) AS day, COUNT(*) AS n FROM {$licenses} WHERE product_id = %d GROUP BY SUBSTR(created_at, 1, 10)", $product ), ARRAY_A );
				$new_sites     = $wpdb->get_results( $wpdb->prepare( "SELECT SUBSTR(a.activated_at, 1, 10) AS day, COUNT(*) AS n FROM {$activations} a JOIN {$licenses} l ON l.id = a.license_id WHERE l.product_id = %d AND a.is_staging = 0 GROUP BY SUBSTR(a.activated_at, 1, 10)", $product ), ARRAY_A );
				$domains       = (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$licenses} WHERE product_id = %d AND email_domain <> LOWER(SUBSTR(customer_email, INSTR(customer_email, '@') + 1))", $product ) );
				// phpcs:enable
				$wpdb->query( 'COMMIT' );
				$daily = array();
				foreach ( (array) $new_licenses as $row ) {
					$daily[ $row['day'] ] = array( $row['day'], (int) $row['n'], 0 );
				}
				foreach ( (array) $new_sites as $row ) {
					$daily[ $row['day'] ]    = $daily[ $row['day'] ] ?? array( $row['day'], 0, 0 );
					$daily[ $row['day'] ][2] = (int) $row['n'];
				}
				return array(
					'kept'          => '1' === get_option( 'svc_licensing_counts_kept' ),
					'summary'       => svc_test_counts_rows( (array) $summary ),
					'rows'          => svc_test_counts_rows( (array) $rows ),
					'daily_summary' => svc_test_counts_rows( (array) $daily_summary ),
					'daily_rows'    => svc_test_counts_rows( array_values( $daily ) ),
					'wrong_domains' => $domains,
				);
			},
		),
		'/counts/held'   => array(
			'methods'  => 'POST',
			'callback' => static function ( WP_REST_Request $request ) {
				global $wpdb;
				$product = (int) $request->get_param( 'product_id' );
				$seconds = (float) $request->get_param( 'seconds' );
				$fault   = (bool) $request->get_param( 'fault' );
				$insert  = static function () use ( $wpdb, $product ): int {
					$now = gmdate( 'Y-m-d H:i:s' );
					$wpdb->insert(
						$wpdb->prefix . 'svc_licenses',
						array(
							'product_id'       => $product,
							'key_hash'         => hash( 'sha256', wp_generate_password( 32, false ) ),
							'key_first'        => 'HELD',
							'key_last'         => 'HELD',
							'status'           => 'active',
							'customer_email'   => 'held@Held.Example',
							'activation_limit' => 1,
							'created_at'       => $now,
							'updated_at'       => $now,
						)
					);
					return (int) $wpdb->insert_id;
				};
				$counts  = new Svc\Licensing\Storage\LicenseCounts( $wpdb );
				$wpdb->query( 'START TRANSACTION' );
				try {
					$counts->insert_licenses(
						static function () use ( $insert, $seconds, $fault ): array {
							$id = $insert();
							usleep( (int) ( $seconds * 1000000 ) );
							if ( $fault ) {
								throw new RuntimeException( 'test fault inside a held insert' );
							}
							return array( $id );
						}
					);
					$wpdb->query( 'COMMIT' );
				} catch ( RuntimeException $expected ) {
					$wpdb->query( 'ROLLBACK' );
				}
				$insert();
				// phpcs:disable WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- test helper, table names from the prefix.
				$marker   = (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->prefix}svc_license_counts WHERE product_id = 0" );
				$variable = 'sqlite' === ( defined( 'DB_ENGINE' ) ? DB_ENGINE : '' ) ? null : $wpdb->get_var( 'SELECT @svc_licensing_counts_held' );
				// phpcs:enable
				return array(
					'marker_rows' => $marker,
					'variable'    => $variable,
				);
			},
		),
		'/counts/expire' => array(
			'methods'  => 'POST',
			'callback' => static function () {
				do_action( 'svc_licensing_expire_licenses' );
				return array( 'ran' => true );
			},
		),
	)
);
