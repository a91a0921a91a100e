<?php
/**
 * Plugin Name: Licence Service test helpers: schema
 * Description: Test-only. The plugin's schema as the database holds it (GET svc-test/v1/schema), and a rewind to an
 *              older version (POST svc-test/v1/schema/rewind), so the migration specs see what an upgrade does.
 *
 * @package SvcLicensing
 */

defined( 'ABSPATH' ) || exit;
require_once __DIR__ . '/svc-test-base.php';
if ( ! svc_test_enabled() ) {
	return;
}

/**
 * Whether each of the plugin's tables exists.
 *
 * @return array<string, bool>
 */
function svc_test_schema_tables(): array {
	global $wpdb;
	$tables = array();
	foreach ( Svc\Licensing\Storage\Tables::all() as $table ) {
		$name             = $wpdb->prefix . $table;
		$tables[ $table ] = $name === $wpdb->get_var( $wpdb->prepare( 'SHOW TABLES LIKE %s', $name ) );
	}
	return $tables;
}

/**
 * Index names of the licence table, sorted; none when the table does not exist.
 *
 * @return string[]
 */
function svc_test_schema_license_indexes(): array {
	global $wpdb;
	if ( ! svc_test_schema_tables()[ Svc\Licensing\Storage\Tables::LICENSES ] ) {
		return array();
	}
	// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- table name from a constant.
	$rows    = (array) $wpdb->get_results( 'SHOW INDEX FROM ' . $wpdb->prefix . Svc\Licensing\Storage\Tables::LICENSES, ARRAY_A );
	$indexes = array_values( array_unique( array_column( $rows, 'Key_name' ) ) );
	sort( $indexes );
	return $indexes;
}

/**
 * The activation table's column names, sorted (none while the table is missing).
 *
 * @return string[]
 */
function svc_test_schema_activation_columns(): array {
	global $wpdb;
	if ( ! svc_test_schema_tables()[ Svc\Licensing\Storage\Tables::ACTIVATIONS ] ) {
		return array();
	}
	// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- table name from a constant.
	$columns = array_map( 'strval', (array) $wpdb->get_col( 'DESCRIBE ' . $wpdb->prefix . Svc\Licensing\Storage\Tables::ACTIVATIONS, 0 ) );
	sort( $columns );
	return $columns;
}

/**
 * The stored schema version, whether each table exists, the licence table's index names and the activation
 * table's columns.
 *
 * @return array<string, mixed>
 */
function svc_test_schema_state(): array {
	return array(
		'schema_version'     => (int) get_option( Svc\Licensing\Storage\SchemaMigrator::VERSION_OPTION, 0 ),
		'tables'             => svc_test_schema_tables(),
		'license_indexes'    => svc_test_schema_license_indexes(),
		'activation_columns' => svc_test_schema_activation_columns(),
	);
}

svc_test_routes(
	array(
		// Rewinds the stored schema version and drops the plugin's tables, so the next request must migrate. With
		// {"to": N} it then builds the schema of version N from the shipped steps up to N, so the next request runs
		// only the steps after N: the upgrade an existing site gets.
		'/schema/rewind' => array(
			'methods'  => 'POST',
			'callback' => static function ( WP_REST_Request $request ): array {
				global $wpdb;
				foreach ( array_merge( Svc\Licensing\Storage\Tables::summaries(), array_reverse( Svc\Licensing\Storage\Tables::all() ) ) as $table ) {
					// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared,WordPress.DB.DirectDatabaseQuery.SchemaChange -- test helper.
					$wpdb->query( "DROP TABLE IF EXISTS {$wpdb->prefix}{$table}" );
				}
				update_option( Svc\Licensing\Storage\SchemaMigrator::VERSION_OPTION, 0, true );
				$to = (int) $request->get_param( 'to' );
				if ( $to > 0 ) {
					$steps = array_filter(
						Svc\Licensing\Storage\Schema::plan()->pending( 0 ),
						static function ( Svc\Licensing\Storage\Migration $step ) use ( $to ): bool {
							return $step->version() <= $to;
						}
					);
					( new Svc\Licensing\Storage\SchemaMigrator( $wpdb, new Svc\Licensing\Storage\MigrationPlan( $steps ) ) )->upgrade();
				}
				// Read here: the next request upgrades the schema before its route runs.
				return svc_test_schema_state();
			},
		),
		// Reports the stored schema version, whether each table exists and the licence table's index names.
		'/schema'        => array(
			'methods'  => 'GET',
			'callback' => static function (): array {
				return svc_test_schema_state();
			},
		),
	)
);
