<?php
/**
 * Plugin Name: Licence Service test helpers: update decisions' schema step
 * Description: Test-only. Builds the schema as it was before step 24 (update decisions keyed on product and site),
 *              fills the decisions' table in that shape, runs the upgrade and answers what it left
 *              (POST svc-test/v1/decisions/upgrade). Drops every plugin table first, as the schema rewind does.
 *
 * @package SvcLicensing
 */

defined( 'ABSPATH' ) || exit;
require_once __DIR__ . '/svc-test-base.php';
if ( ! svc_test_enabled() ) {
	return;
}

svc_test_routes(
	array(
		'/decisions/upgrade' => array(
			'methods'  => 'POST',
			'callback' => static function ( WP_REST_Request $request ): array {
				global $wpdb;
				$table = $wpdb->prefix . Svc\Licensing\Storage\Tables::UPDATE_DECISIONS;
				foreach ( array_merge( Svc\Licensing\Storage\Tables::summaries(), array_reverse( Svc\Licensing\Storage\Tables::all() ) ) as $name ) {
					$wpdb->query( "DROP TABLE IF EXISTS {$wpdb->prefix}{$name}" ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- test helper.
				}
				update_option( Svc\Licensing\Storage\SchemaMigrator::VERSION_OPTION, 0, true );
				$steps = array_filter(
					Svc\Licensing\Storage\Schema::plan()->pending( 0 ),
					static function ( Svc\Licensing\Storage\Migration $step ): bool {
						return $step->version() < 24;
					}
				);
				( new Svc\Licensing\Storage\SchemaMigrator( $wpdb, new Svc\Licensing\Storage\MigrationPlan( $steps ) ) )->upgrade();
				// The rows as step 22 held them: one per product and site.
				foreach ( (array) $request->get_param( 'rows' ) as $row ) {
					$wpdb->insert(
						$table,
						array(
							'product_id'        => (int) $row['product_id'],
							'site_url'          => (string) $row['site_url'],
							'license_id'        => (int) $row['license_id'],
							'activation_id'     => isset( $row['activation_id'] ) ? (int) $row['activation_id'] : null,
							'checked_at'        => '2026-11-01 10:00:00',
							'installed_version' => '1.0.0',
							'offered_version'   => '2.0.0',
							'answer'            => 'offered',
							'steps'             => '[]',
						)
					);
				}
				$before = (int) get_option( Svc\Licensing\Storage\SchemaMigrator::VERSION_OPTION, 0 );
				// Step 24 alone: the next request takes the schema on from there.
				$through_24 = array_filter(
					Svc\Licensing\Storage\Schema::plan()->pending( 0 ),
					static function ( Svc\Licensing\Storage\Migration $step ): bool {
						return $step->version() <= 24;
					}
				);
				( new Svc\Licensing\Storage\SchemaMigrator( $wpdb, new Svc\Licensing\Storage\MigrationPlan( $through_24 ) ) )->upgrade();
				$indexes = array_values( array_unique( array_column( (array) $wpdb->get_results( "SHOW INDEX FROM {$table}", ARRAY_A ), 'Key_name' ) ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- test helper.
				sort( $indexes );
				$rows = (array) $wpdb->get_results( "SELECT product_id, site_url, license_id, activation_id, slot FROM {$table} ORDER BY id", ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- test helper.
				// The made-up rows name no real product or licence: gone, so the specs after this one see none.
				$wpdb->query( "DELETE FROM {$table}" ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- test helper.
				return array(
					'before'         => $before,
					'schema_version' => (int) get_option( Svc\Licensing\Storage\SchemaMigrator::VERSION_OPTION, 0 ),
					'indexes'        => $indexes,
					'rows'           => $rows,
				);
			},
		),
	)
);
