<?php
/**
 * Plugin Name: Licence Service test helpers
 * Description: Test-only REST routes under svc-test/v1. The stack links this folder into test sites only,
 *              and the routes answer only with the token the stack wrote into wp-config.php.
 *
 * @package SvcLicensing
 */

defined( 'ABSPATH' ) || exit;

if ( ! defined( 'SVC_TEST_HELPERS_TOKEN' ) || 'local' !== wp_get_environment_type() ) {
	return;
}

// The helpers use the plugin's classes, also while the lifecycle test has the plugin deactivated. While the
// uninstall test has deleted the plugin, only the routes that need no plugin class are of use.
if ( is_file( WP_PLUGIN_DIR . '/svc-licensing/src/autoload.php' ) ) {
	require_once WP_PLUGIN_DIR . '/svc-licensing/src/autoload.php';
}

// On the stack's copy sites: the checkout's plugin folder, to put the files back from (see /plugin-files).
define( 'SVC_TEST_PLUGIN_SOURCE', WP_CONTENT_DIR . '/svc-test-plugin-source' );
// The host's wp-config.php switch for removal on delete, simulated by a flag file (the uninstall test sets it).
if ( is_file( WP_CONTENT_DIR . '/svc-test-remove-all-data' ) && ! defined( 'SVC_LICENSING_REMOVE_ALL_DATA' ) ) {
	define( 'SVC_LICENSING_REMOVE_ALL_DATA', true );
}

// The fast lane's must-use loader (plugin/src/Lane/Loader.php), named here too: the helpers also run while the
// plugin is deleted.
define( 'SVC_TEST_LANE_LOADER', WPMU_PLUGIN_DIR . '/zz-svc-licensing-lane.php' );

// A request that carries X-Svc-Test-No-Cron with the token starts no WP-Cron run: core's wp_cron comes off init
// before init fires. The cron spec sets up and reads state with it, so only the lane's requests can start a run.
if ( isset( $_SERVER['HTTP_X_SVC_TEST_NO_CRON'] ) && hash_equals( (string) SVC_TEST_HELPERS_TOKEN, (string) $_SERVER['HTTP_X_SVC_TEST_NO_CRON'] ) ) { // phpcs:ignore WordPress.Security.ValidatedSanitizedInput -- compared only.
	remove_action( 'init', 'wp_cron' );
}

// A request that carries X-Svc-Test-Disallow-File-Mods with the token runs as on a site whose wp-config.php sets
// DISALLOW_FILE_MODS. A constant cannot be taken back once defined, so it is per request: the lane spec sends the
// header with every request of a step (this file sorts before the fast lane's loader, so the loader sees it too).
if ( isset( $_SERVER['HTTP_X_SVC_TEST_DISALLOW_FILE_MODS'] ) && hash_equals( (string) SVC_TEST_HELPERS_TOKEN, (string) $_SERVER['HTTP_X_SVC_TEST_DISALLOW_FILE_MODS'] ) && ! defined( 'DISALLOW_FILE_MODS' ) ) { // phpcs:ignore WordPress.Security.ValidatedSanitizedInput -- compared only.
	define( 'DISALLOW_FILE_MODS', true ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedConstantFound -- core's constant, as wp-config.php sets it.
}

// A request that carries X-Svc-Test-Home-Https with the token runs as on a site whose home URL is https while the
// request itself reaches PHP over http (a proxy that ends TLS): the portal spec checks its cookie's Secure flag.
if ( isset( $_SERVER['HTTP_X_SVC_TEST_HOME_HTTPS'] ) && hash_equals( (string) SVC_TEST_HELPERS_TOKEN, (string) $_SERVER['HTTP_X_SVC_TEST_HOME_HTTPS'] ) ) { // phpcs:ignore WordPress.Security.ValidatedSanitizedInput -- compared only.
	add_filter(
		'option_home',
		static function ( $home ) {
			return (string) preg_replace( '#^http://#i', 'https://', (string) $home );
		}
	);
}

// Which kind of request started each WP-Cron run: the spawn URL names it (lane or full), and wp-cron.php
// writes a line per run of the plugin's jobs to a file (no database: a rolled-back job must not undo it).
define( 'SVC_TEST_CRON_LOG', WP_CONTENT_DIR . '/svc-test-cron-runs.log' );
add_filter(
	'cron_request',
	static function ( $cron_request ) {
		$cron_request['url'] = add_query_arg( 'svc_test_spawned_by', defined( 'SVC_LICENSING_LANE' ) ? 'lane' : 'full', $cron_request['url'] );
		return $cron_request;
	}
);
if ( wp_doing_cron() ) {
	foreach ( array( 'svc_licensing_expire_licenses', 'svc_licensing_retry_webhooks' ) as $svc_test_hook ) {
		add_action(
			$svc_test_hook,
			static function () use ( $svc_test_hook ): void {
				$line = array(
					'hook'       => $svc_test_hook,
					'spawned_by' => isset( $_GET['svc_test_spawned_by'] ) ? sanitize_key( wp_unslash( $_GET['svc_test_spawned_by'] ) ) : 'none', // phpcs:ignore WordPress.Security.NonceVerification -- test helper.
				);
				file_put_contents( SVC_TEST_CRON_LOG, wp_json_encode( $line ) . "\n", FILE_APPEND | LOCK_EX ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents -- test helper.
			},
			0
		);
	}
	unset( $svc_test_hook );
}

/**
 * The fast lane's loader as the site holds it, and the must-use folder's state.
 *
 * @return array<string, mixed>
 */
function svc_test_helpers_lane(): array {
	clearstatcache();
	$content = is_file( SVC_TEST_LANE_LOADER ) ? (string) file_get_contents( SVC_TEST_LANE_LOADER ) : ''; // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- test helper.
	$version = WP_PLUGIN_DIR . '/svc-licensing/src/version.php';
	return array(
		'loader'          => is_file( SVC_TEST_LANE_LOADER ),
		'loader_version'  => preg_match( '/^ \* Version: (\S+)$/m', $content, $match ) ? $match[1] : null,
		'plugin_version'  => is_file( $version ) ? (string) require $version : null,
		'folder_writable' => wp_is_writable( WPMU_PLUGIN_DIR ),
	);
}

/**
 * Makes the must-use folder read-only, or writable again. The stack's servers run as root, whom file modes do not
 * stop, so a folder that is still writable after chmod also gets the immutable attribute, which stops root too.
 *
 * @param bool $locked Read-only when true.
 */
function svc_test_helpers_lock_mu_plugins( bool $locked ): void {
	// phpcs:disable WordPress.PHP.DiscouragedPHPFunctions.system_calls_exec, WordPress.WP.AlternativeFunctions.file_system_operations_chmod -- test helper.
	if ( $locked ) {
		chmod( WPMU_PLUGIN_DIR, 0555 );
		clearstatcache();
		if ( wp_is_writable( WPMU_PLUGIN_DIR ) ) {
			exec( 'chattr +i ' . escapeshellarg( WPMU_PLUGIN_DIR ) . ' 2>&1' );
		}
	} else {
		exec( 'lsattr -d ' . escapeshellarg( WPMU_PLUGIN_DIR ) . ' 2>/dev/null', $attributes );
		if ( isset( $attributes[0] ) && false !== strpos( (string) strtok( $attributes[0], ' ' ), 'i' ) ) {
			exec( 'chattr -i ' . escapeshellarg( WPMU_PLUGIN_DIR ) . ' 2>&1' );
		}
		chmod( WPMU_PLUGIN_DIR, 0755 );
	}
	// phpcs:enable
	clearstatcache();
}

/**
 * Copies a folder, following links, into a new folder.
 *
 * @param string $from Source.
 * @param string $to   Target (must not exist).
 */
function svc_test_helpers_copy_tree( string $from, string $to ): void {
	wp_mkdir_p( $to );
	$items = new RecursiveIteratorIterator( new RecursiveDirectoryIterator( $from, FilesystemIterator::SKIP_DOTS | FilesystemIterator::FOLLOW_SYMLINKS ), RecursiveIteratorIterator::SELF_FIRST );
	foreach ( $items as $item ) {
		$target = $to . '/' . substr( $item->getPathname(), strlen( $from ) + 1 );
		if ( $item->isDir() ) {
			wp_mkdir_p( $target );
		} else {
			copy( $item->getPathname(), $target );
		}
	}
}

/**
 * Whether the request carries the test token.
 *
 * @param WP_REST_Request $request Request.
 */
function svc_test_helpers_authorised( WP_REST_Request $request ): bool {
	return hash_equals( (string) SVC_TEST_HELPERS_TOKEN, (string) $request->get_header( 'x-svc-test-token' ) );
}

/**
 * Whether each of the plugin's tables exists.
 *
 * @return array<string, bool>
 */
function svc_test_helpers_tables(): array {
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
function svc_test_helpers_license_indexes(): array {
	global $wpdb;
	if ( ! svc_test_helpers_tables()[ Svc\Licensing\Storage\Tables::LICENSES ] ) {
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
function svc_test_helpers_activation_columns(): array {
	global $wpdb;
	if ( ! svc_test_helpers_tables()[ Svc\Licensing\Storage\Tables::ACTIVATIONS ] ) {
		return array();
	}
	// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- table name from a constant.
	$columns = array_map( 'strval', (array) $wpdb->get_col( 'DESCRIBE ' . $wpdb->prefix . Svc\Licensing\Storage\Tables::ACTIVATIONS, 0 ) );
	sort( $columns );
	return $columns;
}

// Which PHP worker served a REST request, and when it started and ended (microseconds), so race tests can show
// that their parallel requests really ran at once on several workers.
add_filter(
	'rest_post_dispatch',
	static function ( $response ) {
		if ( $response instanceof WP_HTTP_Response ) {
			$started = isset( $_SERVER['REQUEST_TIME_FLOAT'] ) ? (float) $_SERVER['REQUEST_TIME_FLOAT'] : microtime( true );
			$response->header( 'X-Svc-Test-Worker', (string) getmypid() );
			$response->header( 'X-Svc-Test-Span', sprintf( '%d-%d', (int) ( $started * 1e6 ), (int) ( microtime( true ) * 1e6 ) ) );
			// Whether the fast lane answered, and the SQL queries the request had made by now.
			$response->header( 'X-Svc-Test-Lane', defined( 'SVC_LICENSING_LANE' ) ? '1' : '0' );
			$response->header( 'X-Svc-Test-Queries', (string) ( $GLOBALS['wpdb']->num_queries - ( defined( 'SVC_LICENSING_LANE_QUERIES_BEFORE' ) ? SVC_LICENSING_LANE_QUERIES_BEFORE : 0 ) ) );
			// Which web node answered, on a site of several behind one load balancer (the stack's php-fpm pools set
			// SVC_NODE; a single-node site has none).
			$node = getenv( 'SVC_NODE' );
			if ( is_string( $node ) && '' !== $node ) {
				$response->header( 'X-Svc-Test-Node', $node );
			}
		}
		return $response;
	},
	1000
);

// The portal's clock runs the offset the portal-clock route stored ahead of the real one.
add_filter(
	'svc_licensing_portal_now',
	static function ( $now ) {
		return (int) $now + (int) get_option( 'svc_test_portal_clock_offset', 0 );
	}
);

// Test sites send no mail: each message is kept in an option of its own (one insert, so mails sent at once by several
// processes, such as jobs after their responses, never overwrite each other), for the mails route to show in order.
add_filter(
	'pre_wp_mail',
	static function ( $short_circuit, array $atts ) {
		add_option(
			uniqid( 'svc-test-mail-', true ),
			array(
				'to'      => is_array( $atts['to'] ) ? implode( ',', $atts['to'] ) : (string) $atts['to'],
				'subject' => (string) $atts['subject'],
				'message' => (string) $atts['message'],
			),
			'',
			false
		);
		return true;
	},
	10,
	2
);

/**
 * Whether an armed flag file's pattern occurs in the query (a flag file, which no rolled-back transaction can undo).
 *
 * @param string $flag  Flag file.
 * @param string $query SQL about to run.
 */
function svc_test_flag_matches( string $flag, string $query ): bool {
	if ( ! is_file( $flag ) ) {
		return false;
	}
	// phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- local test flag.
	$pattern = (string) file_get_contents( $flag );
	return '' !== $pattern && false !== strpos( $query, $pattern );
}

// Simulates a process that dies mid-way: when armed (a flag file, which no rolled-back transaction can undo),
// the first query matching the pattern ends PHP on the spot, before it runs.
define( 'SVC_TEST_CRASH_FLAG', WP_CONTENT_DIR . '/svc-test-crash-pattern' );
add_filter(
	'query',
	static function ( $query ) {
		if ( svc_test_flag_matches( SVC_TEST_CRASH_FLAG, (string) $query ) ) {
			wp_delete_file( SVC_TEST_CRASH_FLAG );
			exit( 1 );
		}
		return $query;
	}
);

// Widens a race window: while armed (a flag file), every query matching the pattern waits 300 ms before it runs,
// so parallel requests reach it together and a check-then-write without a database lock lets several through.
define( 'SVC_TEST_SLOW_FLAG', WP_CONTENT_DIR . '/svc-test-slow-pattern' );
add_filter(
	'query',
	static function ( $query ) {
		if ( svc_test_flag_matches( SVC_TEST_SLOW_FLAG, (string) $query ) ) {
			usleep( 300000 );
		}
		return $query;
	}
);

add_action(
	'rest_api_init',
	static function (): void {
		// Rewinds the stored schema version and drops the plugin's tables, so the next request must migrate. With
		// {"to": N} it then builds the schema of version N from the shipped steps up to N, so the next request runs
		// only the steps after N: the upgrade an existing site gets.
		register_rest_route(
			'svc-test/v1',
			'/schema/rewind',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'svc_test_helpers_authorised',
				'callback'            => static function ( WP_REST_Request $request ): array {
					global $wpdb;
					foreach ( array_reverse( Svc\Licensing\Storage\Tables::all() ) as $table ) {
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
					return array(
						'schema_version'     => (int) get_option( Svc\Licensing\Storage\SchemaMigrator::VERSION_OPTION, 0 ),
						'tables'             => svc_test_helpers_tables(),
						'license_indexes'    => svc_test_helpers_license_indexes(),
						'activation_columns' => svc_test_helpers_activation_columns(),
					);
				},
			)
		);
		// Reports the stored schema version, whether each table exists and the licence table's index names.
		register_rest_route(
			'svc-test/v1',
			'/schema',
			array(
				'methods'             => 'GET',
				'permission_callback' => 'svc_test_helpers_authorised',
				'callback'            => static function (): array {
					return array(
						'schema_version'     => (int) get_option( Svc\Licensing\Storage\SchemaMigrator::VERSION_OPTION, 0 ),
						'tables'             => svc_test_helpers_tables(),
						'license_indexes'    => svc_test_helpers_license_indexes(),
						'activation_columns' => svc_test_helpers_activation_columns(),
					);
				},
			)
		);
		// Replaces settings (until the admin settings API exists).
		register_rest_route(
			'svc-test/v1',
			'/settings',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'svc_test_helpers_authorised',
				'callback'            => static function ( WP_REST_Request $request ): array {
					$settings = array_merge( (array) get_option( Svc\Licensing\Storage\Settings::OPTION, array() ), (array) $request->get_json_params() );
					update_option( Svc\Licensing\Storage\Settings::OPTION, $settings, true );
					return $settings;
				},
			)
		);
		// Without the plugin (while the uninstall test has deleted it), these have nothing to test.
		if ( class_exists( 'Svc\\Licensing\\Http\\ErrorResponder' ) ) {
			// Routes inside the service's own namespace, so the error envelope can be tested before the real
			// endpoints with parameters exist: core validation errors, a thrown ServiceError, an unexpected exception.
			register_rest_route(
				'svc/v1', // The plugin's namespace, written out: the helpers also load while the plugin is deleted.
				'/__test/echo',
				array(
					'methods'             => 'POST',
					'permission_callback' => 'svc_test_helpers_authorised',
					'callback'            => static function ( WP_REST_Request $request ): array {
						return array(
							'count' => $request->get_param( 'count' ),
							'mode'  => $request->get_param( 'mode' ),
						);
					},
					'args'                => array(
						'count' => array(
							'type'     => 'integer',
							'required' => true,
							'minimum'  => 1,
							'maximum'  => 10,
						),
						'mode'  => array(
							'type' => 'string',
							'enum' => array( 'fast', 'slow' ),
						),
					),
				)
			);
			register_rest_route(
				'svc/v1', // The plugin's namespace, written out: the helpers also load while the plugin is deleted.
				'/__test/throw',
				array(
					'methods'             => 'GET',
					'permission_callback' => 'svc_test_helpers_authorised',
					'callback'            => Svc\Licensing\Http\ErrorResponder::wrap(
						static function () {
							throw new RuntimeException( 'secret detail: /var/www/private/key.pem' );
						}
					),
				)
			);
			register_rest_route(
				'svc/v1', // The plugin's namespace, written out: the helpers also load while the plugin is deleted.
				'/__test/service-error',
				array(
					'methods'             => 'GET',
					'permission_callback' => 'svc_test_helpers_authorised',
					'callback'            => Svc\Licensing\Http\ErrorResponder::wrap(
						static function () {
							throw new Svc\Licensing\Domain\ServiceError(
								'activation_limit_reached',
								'This licence is already active on 3 of 3 sites.',
								403,
								array(
									'activation_limit' => 3,
									'activation_count' => 3,
								)
							);
						}
					),
				)
			);
		}
		// Runs the plugin's lifecycle as WordPress does: deactivate, uninstall (uninstall.php, files kept; the UI's
		// delete would follow the development symlink into the repository) and activate.
		register_rest_route(
			'svc-test/v1',
			'/lifecycle',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'svc_test_helpers_authorised',
				'args'                => array(
					'action' => array(
						'type'     => 'string',
						'enum'     => array( 'deactivate', 'uninstall', 'uninstall-opted-in', 'activate', 'keep-data' ),
						'required' => true,
					),
				),
				'callback'            => static function ( WP_REST_Request $request ) {
					global $wpdb;
					require_once ABSPATH . 'wp-admin/includes/plugin.php';
					$plugin = 'svc-licensing/svc-licensing.php';
					switch ( $request->get_param( 'action' ) ) {
						case 'deactivate':
							deactivate_plugins( $plugin );
							break;
						case 'uninstall':
							uninstall_plugin( $plugin );
							break;
						case 'uninstall-opted-in':
							( new Svc\Licensing\Storage\UninstallPolicy() )->set( true );
							uninstall_plugin( $plugin );
							break;
						case 'keep-data':
							// The admin's opt-in taken back, as before any opt-in (the plugin is active).
							( new Svc\Licensing\Storage\UninstallPolicy() )->set( false );
							break;
						default:
							$result = activate_plugin( $plugin );
							if ( is_wp_error( $result ) ) {
								return $result;
							}
					}
					$options = array();
					foreach ( array( Svc\Licensing\Storage\SchemaMigrator::VERSION_OPTION, Svc\Licensing\Storage\Settings::OPTION ) as $option ) {
						$options[ $option ] = $wpdb->get_var( $wpdb->prepare( "SELECT option_value FROM {$wpdb->options} WHERE option_name = %s", $option ) );
					}
					$packages = glob( Svc\Licensing\Storage\PackageDirectory::from_environment()->path() . '/*.zip' );
					clearstatcache();
					return array(
						'active'      => is_plugin_active( $plugin ),
						'tables'      => svc_test_helpers_tables(),
						'options'     => $options,
						'packages'    => false === $packages ? 0 : count( $packages ),
						'lane_loader' => is_file( SVC_TEST_LANE_LOADER ),
					);
				},
			)
		);
		// Creates a product (unless its slug exists) and a licence for it, through the plugin's own repositories
		// and key hashing, until the admin API exists. Answers the full key.
		register_rest_route(
			'svc-test/v1',
			'/fixtures/license',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'svc_test_helpers_authorised',
				'callback'            => static function ( WP_REST_Request $request ): array {
					global $wpdb;
					$product_in = (array) $request->get_param( 'product' );
					$license_in = (array) $request->get_param( 'license' );
					$products   = new Svc\Licensing\Storage\ProductRepository( $wpdb );
					$product    = $products->find_by_slug( (string) $product_in['slug'] );
					$product_id = $product ? $product['id'] : $products->create(
						array(
							'name'                   => $product_in['name'] ?? $product_in['slug'],
							'slug'                   => $product_in['slug'],
							'current_version'        => $product_in['current_version'] ?? '1.0.0',
							'is_active'              => isset( $product_in['is_active'] ) ? (int) $product_in['is_active'] : 1,
							'trial_enabled'          => empty( $product_in['trial_enabled'] ) ? 0 : 1,
							'trial_days'             => (int) ( $product_in['trial_days'] ?? 0 ),
							'trial_activation_limit' => (int) ( $product_in['trial_activation_limit'] ?? 1 ),
						)
					);
					$tier_id    = null;
					if ( isset( $license_in['tier'] ) ) {
						$now = gmdate( 'Y-m-d H:i:s' );
						$wpdb->insert(
							$wpdb->prefix . Svc\Licensing\Storage\Tables::TIERS,
							array(
								'label'      => $license_in['tier']['label'],
								'features'   => wp_json_encode( $license_in['tier']['features'] ),
								'created_at' => $now,
								'updated_at' => $now,
							)
						);
						$tier_id = (int) $wpdb->insert_id;
					}
					$secret   = ( new Svc\Licensing\Storage\KeySecret( $wpdb ) )->get();
					$repo     = new Svc\Licensing\Storage\LicenseRepository( $wpdb );
					$created  = array();
					$count    = max( 1, (int) ( $license_in['count'] ?? 1 ) );
					$wpdb->query( 'START TRANSACTION' );
					for ( $i = 0; $i < $count; $i++ ) {
						$key    = Svc\Licensing\Domain\License\LicenseKey::generate();
						$fields = array(
							'product_id'       => $product_id,
							'key_hash'         => $key->hash( $secret ),
							'key_first'        => $key->first_group(),
							'key_last'         => $key->last_group(),
							'customer_email'   => $license_in['customer_email'] ?? 'customer@example.com',
							'status'           => $license_in['status'] ?? 'active',
							'activation_limit' => $license_in['activation_limit'] ?? 1,
							'is_trial'         => empty( $license_in['is_trial'] ) ? 0 : 1,
						);
						foreach ( array( 'expires', 'trial_ends' ) as $date ) {
							if ( isset( $license_in[ $date ] ) ) {
								$fields[ $date ] = gmdate( 'Y-m-d H:i:s', strtotime( $license_in[ $date ] ) );
							}
						}
						if ( null !== $tier_id ) {
							$fields['tier_id'] = $tier_id;
						}
						$created[] = array(
							'license_key' => $key->reveal(),
							'license_id'  => $repo->create( $fields ),
						);
					}
					$wpdb->query( 'COMMIT' );
					return array(
						'license_key' => $created[0]['license_key'],
						'license_id'  => $created[0]['license_id'],
						'product_id'  => $product_id,
						'licenses'    => $created,
					);
				},
			)
		);
		// A user with only the given capabilities (a subscriber plus them): {login, password, caps}. Made again on
		// each call, so a spec can rerun.
		register_rest_route(
			'svc-test/v1',
			'/users',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'svc_test_helpers_authorised',
				'callback'            => static function ( WP_REST_Request $request ): array {
					require_once ABSPATH . 'wp-admin/includes/user.php';
					$login = sanitize_user( (string) $request->get_param( 'login' ) );
					$old   = get_user_by( 'login', $login );
					if ( $old instanceof WP_User ) {
						wp_delete_user( $old->ID );
					}
					$id = wp_insert_user(
						array(
							'user_login' => $login,
							'user_pass'  => (string) $request->get_param( 'password' ),
							'user_email' => $login . '@example.com',
							'role'       => 'subscriber',
						)
					);
					if ( is_wp_error( $id ) ) {
						return array( 'error' => $id->get_error_message() );
					}
					$user = new WP_User( $id );
					foreach ( (array) $request->get_param( 'caps' ) as $cap ) {
						$user->add_cap( (string) $cap );
					}
					return array( 'id' => $id );
				},
			)
		);
		// The mails "sent" so far; DELETE forgets them.
		register_rest_route(
			'svc-test/v1',
			'/mails',
			array(
				array(
					'methods'             => 'GET',
					'permission_callback' => 'svc_test_helpers_authorised',
					'callback'            => static function (): array {
						// Mail queued for after a response is on its way: wait for it, so a spec reads every mail of
						// the requests it has answers to (and a "no mail" check is not early).
						if ( function_exists( 'svc_test_after_response_wait' ) ) {
							svc_test_after_response_wait();
						}
						global $wpdb;
						// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- test helper: every mail row, in the order written.
						$rows = $wpdb->get_col( "SELECT option_value FROM {$wpdb->options} WHERE option_name LIKE 'svc-test-mail-%' ORDER BY option_id" );
						return array_map( 'maybe_unserialize', $rows );
					},
				),
				array(
					'methods'             => 'DELETE',
					'permission_callback' => 'svc_test_helpers_authorised',
					'callback'            => static function (): array {
						global $wpdb;
						// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- test helper.
						$wpdb->query( "DELETE FROM {$wpdb->options} WHERE option_name LIKE 'svc-test-mail-%'" );
						return array();
					},
				),
			)
		);
		// The customer portal's clock (Http\PortalClock): POST { offset } moves it that many seconds ahead of the
		// real one (0 puts it back), so a spec sees a sign-in link expire without waiting for it.
		register_rest_route(
			'svc-test/v1',
			'/portal-clock',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'svc_test_helpers_authorised',
				'callback'            => static function ( WP_REST_Request $request ): array {
					$offset = (int) $request->get_param( 'offset' );
					update_option( 'svc_test_portal_clock_offset', $offset, false );
					return array( 'offset' => $offset );
				},
			)
		);
		// The fast lane's loader (GET), and changes to it (POST): stale (the loader rewritten for another plugin
		// version, as after an upgrade before the next admin page), other_api (the loader calling an entry of a
		// lane API this plugin does not have, as one written by a later version would), legacy (the loader as the
		// plugin wrote it before its entry was versioned, calling svc_licensing_lane() unguarded), remove (as if
		// never written), lock and unlock (the must-use folder read-only or writable).
		register_rest_route(
			'svc-test/v1',
			'/lane',
			array(
				array(
					'methods'             => 'GET',
					'permission_callback' => 'svc_test_helpers_authorised',
					'callback'            => 'svc_test_helpers_lane',
				),
				array(
					'methods'             => 'POST',
					'permission_callback' => 'svc_test_helpers_authorised',
					'args'                => array(
						'action' => array(
							'type'     => 'string',
							'enum'     => array( 'stale', 'other_api', 'legacy', 'remove', 'lock', 'unlock' ),
							'required' => true,
						),
					),
					'callback'            => static function ( WP_REST_Request $request ) {
						$state = svc_test_helpers_lane();
						switch ( $request->get_param( 'action' ) ) {
							case 'stale':
								if ( ! $state['loader'] || null === $state['loader_version'] ) {
									return new WP_Error( 'no_loader', 'There is no loader to make stale.', array( 'status' => 409 ) );
								}
								$old     = (string) $state['loader_version'];
								$content = (string) file_get_contents( SVC_TEST_LANE_LOADER ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- test helper.
								$content = str_replace( array( ' * Version: ' . $old . "\n", "'" . $old . "'" ), array( " * Version: 0.0.1-stale\n", "'0.0.1-stale'" ), $content );
								file_put_contents( SVC_TEST_LANE_LOADER, $content ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents -- test helper.
								break;
							case 'other_api':
								if ( ! $state['loader'] ) {
									return new WP_Error( 'no_loader', 'There is no loader to change.', array( 'status' => 409 ) );
								}
								$content = (string) file_get_contents( SVC_TEST_LANE_LOADER ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- test helper.
								$content = (string) preg_replace( '/\bsvc_licensing_lane(?:_v\d+)?\b/', 'svc_licensing_lane_v999', $content );
								file_put_contents( SVC_TEST_LANE_LOADER, $content ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents -- test helper.
								break;
							case 'legacy':
								$lane    = WP_PLUGIN_DIR . '/svc-licensing/lane.php';
								$version = (string) $state['plugin_version'];
								// phpcs:disable WordPress.PHP.DevelopmentFunctions.error_log_var_export -- writes PHP literals.
								$content = "<?php\n/**\n * Plugin Name: Licence Service fast lane\n * Version: {$version}\n */\n\ndefined( 'ABSPATH' ) || exit;\n\n"
									. 'if ( is_file( ' . var_export( $lane, true ) . " ) ) {\n"
									. "\trequire " . var_export( $lane, true ) . ";\n"
									. "\tsvc_licensing_lane( " . var_export( $version, true ) . ", 'svc-licensing/svc-licensing.php' );\n}\n";
								// phpcs:enable
								file_put_contents( SVC_TEST_LANE_LOADER, $content ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents -- test helper.
								break;
							case 'remove':
								if ( is_file( SVC_TEST_LANE_LOADER ) ) {
									wp_delete_file( SVC_TEST_LANE_LOADER );
								}
								break;
							default:
								svc_test_helpers_lock_mu_plugins( 'lock' === $request->get_param( 'action' ) );
						}
						return svc_test_helpers_lane();
					},
				),
			)
		);
		// Makes the named plugin jobs due now (their next run moved a minute into the past, the recurrence kept)
		// and forgets the cron log.
		register_rest_route(
			'svc-test/v1',
			'/cron/due',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'svc_test_helpers_authorised',
				'callback'            => static function ( WP_REST_Request $request ) {
					if ( is_file( SVC_TEST_CRON_LOG ) ) {
						wp_delete_file( SVC_TEST_CRON_LOG );
					}
					$due = array();
					foreach ( (array) $request->get_param( 'hooks' ) as $hook ) {
						$event = wp_get_scheduled_event( (string) $hook );
						if ( false === $event || false === $event->schedule ) {
							return new WP_Error( 'not_scheduled', "{$hook} is not a scheduled recurring job.", array( 'status' => 409 ) );
						}
						wp_unschedule_event( $event->timestamp, $event->hook );
						wp_schedule_event( time() - 60, $event->schedule, $event->hook );
						$due[ $event->hook ] = wp_next_scheduled( $event->hook );
					}
					return $due;
				},
			)
		);
		// The plugin jobs' runs since /cron/due, with what started each (see cron_request above).
		register_rest_route(
			'svc-test/v1',
			'/cron/runs',
			array(
				'methods'             => 'GET',
				'permission_callback' => 'svc_test_helpers_authorised',
				'callback'            => static function (): array {
					$lines = is_file( SVC_TEST_CRON_LOG ) ? (array) file( SVC_TEST_CRON_LOG, FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES ) : array();
					return array_map(
						static function ( $line ) {
							return json_decode( (string) $line, true );
						},
						$lines
					);
				},
			)
		);
		// Moves a stored webhook event's next retry a minute into the past, so the retry job finds it due.
		register_rest_route(
			'svc-test/v1',
			'/fixtures/webhook-due',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'svc_test_helpers_authorised',
				'callback'            => static function ( WP_REST_Request $request ): array {
					global $wpdb;
					$changed = $wpdb->update(
						$wpdb->prefix . Svc\Licensing\Storage\Tables::WEBHOOK_EVENTS,
						array( 'next_retry_at' => gmdate( 'Y-m-d H:i:s', time() - 60 ) ),
						array( 'event_id' => (string) $request->get_param( 'event_id' ) )
					);
					return array( 'changed' => (int) $changed );
				},
			)
		);
		// Runs the webhook retry job as WP-Cron would, at a chosen moment (the suite's clock).
		register_rest_route(
			'svc-test/v1',
			'/jobs/webhook-retry',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'svc_test_helpers_authorised',
				'callback'            => static function ( WP_REST_Request $request ): array {
					do_action( Svc\Licensing\Jobs\CronHooks::WEBHOOK_RETRY, (int) $request['now'] );
					return array( 'ran' => true );
				},
			)
		);
		// Runs the licence expiry job as WP-Cron would, at a chosen moment.
		register_rest_route(
			'svc-test/v1',
			'/jobs/license-expiry',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'svc_test_helpers_authorised',
				'callback'            => static function ( WP_REST_Request $request ): array {
					do_action( Svc\Licensing\Jobs\CronHooks::EXPIRE_LICENSES, (int) $request['now'] );
					return array( 'ran' => true );
				},
			)
		);
		// Arm (or, with an empty pattern, disarm) the crash and the slow query above.
		foreach ( array(
			'/crash'      => SVC_TEST_CRASH_FLAG,
			'/slow-query' => SVC_TEST_SLOW_FLAG,
		) as $route => $flag ) {
			register_rest_route(
				'svc-test/v1',
				$route,
				array(
					'methods'             => 'POST',
					'permission_callback' => 'svc_test_helpers_authorised',
					'callback'            => static function ( WP_REST_Request $request ) use ( $flag ): array {
						$pattern = (string) $request['pattern'];
						if ( '' === $pattern ) {
							wp_delete_file( $flag );
						} else {
							// phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents -- local test flag.
							file_put_contents( $flag, $pattern );
						}
						return array( 'armed' => '' !== $pattern );
					},
				)
			);
		}
		// A download token with chosen claims, signed with the server's real key (for expired tokens).
		register_rest_route(
			'svc-test/v1',
			'/fixtures/download-token',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'svc_test_helpers_authorised',
				'callback'            => static function ( WP_REST_Request $request ): array {
					global $wpdb;
					$links = new Svc\Licensing\Core\DownloadLinks( new Svc\Licensing\Storage\KeySecret( $wpdb ), new Svc\Licensing\Storage\Settings() );
					return array(
						'token' => $links->token(
							new Svc\Licensing\Domain\Release\DownloadClaims(
								(int) $request['product_id'],
								(int) $request['license_id'],
								(string) $request['version'],
								(int) $request['expires']
							)
						),
					);
				},
			)
		);
		// API keys until the admin API exists: create, revoke, read (last_used_at).
		register_rest_route(
			'svc-test/v1',
			'/fixtures/api-key',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'svc_test_helpers_authorised',
				'callback'            => static function ( WP_REST_Request $request ): array {
					global $wpdb;
					$product_id = $request->get_param( 'product_id' );
					return ( new Svc\Licensing\Storage\ApiKeyRepository( $wpdb ) )->create(
						(string) ( $request->get_param( 'label' ) ?? 'test key' ),
						(string) ( $request->get_param( 'permissions' ) ?? 'read' ),
						null === $product_id ? null : (int) $product_id
					);
				},
			)
		);
		register_rest_route(
			'svc-test/v1',
			'/fixtures/api-key/(?P<id>\d+)',
			array(
				array(
					'methods'             => 'GET',
					'permission_callback' => 'svc_test_helpers_authorised',
					'callback'            => static function ( WP_REST_Request $request ): array {
						global $wpdb;
						$table = $wpdb->prefix . Svc\Licensing\Storage\Tables::API_KEYS;
						return (array) $wpdb->get_row(
							$wpdb->prepare(
								// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- test helper.
								"SELECT id, key_prefix, is_active, last_used_at FROM {$table} WHERE id = %d",
								(int) $request['id']
							),
							ARRAY_A
						);
					},
				),
				array(
					'methods'             => 'DELETE',
					'permission_callback' => 'svc_test_helpers_authorised',
					'callback'            => static function ( WP_REST_Request $request ): array {
						global $wpdb;
						return array( 'revoked' => ( new Svc\Licensing\Storage\ApiKeyRepository( $wpdb ) )->revoke( (int) $request['id'] ) );
					},
				),
			)
		);
		// Puts the plugin's files back after the uninstall test deleted them, as a site owner uploading the plugin
		// again would. Only on the stack's copy sites (they hold the source path; the plugin there was never a link
		// to the checkout, so deleting it cannot reach the checkout).
		register_rest_route(
			'svc-test/v1',
			'/plugin-files',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'svc_test_helpers_authorised',
				'callback'            => static function () {
					clearstatcache( true );
					$dir    = WP_PLUGIN_DIR . '/svc-licensing';
					$source = is_file( SVC_TEST_PLUGIN_SOURCE ) ? trim( (string) file_get_contents( SVC_TEST_PLUGIN_SOURCE ) ) : ''; // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- test helper.
					if ( '' === $source || ! is_dir( $source ) || is_link( $dir ) || 0 === strpos( (string) realpath( WP_PLUGIN_DIR ), (string) realpath( $source ) ) ) {
						return new WP_Error( 'not_a_copy_site', 'Only a site holding a copy of the plugin can have it put back.', array( 'status' => 500 ) );
					}
					if ( ! file_exists( $dir ) ) {
						svc_test_helpers_copy_tree( $source, $dir );
					}
					return array(
						'is_link' => is_link( $dir ),
						'exists'  => is_file( $dir . '/svc-licensing.php' ),
					);
				},
			)
		);
		// Everything of the plugin's that a site holds: tables, options, package files, scheduled hooks.
		register_rest_route(
			'svc-test/v1',
			'/leftovers',
			array(
				'methods'             => 'GET',
				'permission_callback' => 'svc_test_helpers_authorised',
				'callback'            => static function (): array {
					global $wpdb;
					$packages = defined( 'SVC_LICENSING_PACKAGE_DIR' ) ? (string) SVC_LICENSING_PACKAGE_DIR : WP_CONTENT_DIR . '/svc-licensing-packages';
					$files    = is_dir( $packages ) ? array_values( array_diff( (array) scandir( $packages ), array( '.', '..' ) ) ) : array();
					$hooks    = array();
					foreach ( (array) _get_cron_array() as $events ) {
						foreach ( array_keys( (array) $events ) as $hook ) {
							if ( 0 === strpos( (string) $hook, 'svc_licensing' ) ) {
								$hooks[] = $hook;
							}
						}
					}
					wp_cache_flush();
					return array(
						'tables'           => array_values( (array) $wpdb->get_col( $wpdb->prepare( 'SHOW TABLES LIKE %s', $wpdb->esc_like( $wpdb->prefix . 'svc_' ) . '%' ) ) ),
						'options'          => array_values( (array) $wpdb->get_col( $wpdb->prepare( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE %s", $wpdb->esc_like( 'svc_licensing' ) . '%' ) ) ),
						'package_dir'      => is_dir( $packages ),
						'package_files'    => $files,
						'cron_hooks'       => $hooks,
						'plugin_installed' => is_file( WP_PLUGIN_DIR . '/svc-licensing/svc-licensing.php' ),
						'lane_loader'      => is_file( SVC_TEST_LANE_LOADER ),
					);
				},
			)
		);
		// Takes the key secret's option row away (stash), puts another value in its place (replace), or puts the
		// original back (restore), in SQL, as a clean-up plugin or a partial database restore would.
		register_rest_route(
			'svc-test/v1',
			'/key-secret',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'svc_test_helpers_authorised',
				'callback'            => static function ( WP_REST_Request $request ): array {
					global $wpdb;
					$kept   = WP_CONTENT_DIR . '/svc-test-key-secret';
					$option = 'svc_licensing_key_secret';
					$action = (string) $request->get_param( 'action' );
					$value  = (string) $wpdb->get_var( $wpdb->prepare( "SELECT option_value FROM {$wpdb->options} WHERE option_name = %s", $option ) );
					if ( 'stash' === $action || 'replace' === $action ) {
						if ( '' !== $value && ! is_file( $kept ) ) {
							file_put_contents( $kept, $value ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents -- test helper.
						}
						$wpdb->delete( $wpdb->options, array( 'option_name' => $option ) );
						if ( 'replace' === $action ) {
							$wpdb->insert(
								$wpdb->options,
								array(
									'option_name'  => $option,
									'option_value' => bin2hex( random_bytes( 32 ) ),
									'autoload'     => 'yes',
								)
							);
						}
					} elseif ( 'restore' === $action && is_file( $kept ) ) {
						$wpdb->delete( $wpdb->options, array( 'option_name' => $option ) );
						$wpdb->insert(
							$wpdb->options,
							array(
								'option_name'  => $option,
								'option_value' => trim( (string) file_get_contents( $kept ) ), // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- test helper.
								'autoload'     => 'yes',
							)
						); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- test helper.
						wp_delete_file( $kept );
					}
					wp_cache_flush();
					return array( 'present' => '' !== (string) $wpdb->get_var( $wpdb->prepare( "SELECT option_value FROM {$wpdb->options} WHERE option_name = %s", $option ) ) );
				},
			)
		);
		// Sets or clears the simulated SVC_LICENSING_REMOVE_ALL_DATA constant.
		register_rest_route(
			'svc-test/v1',
			'/remove-all-data-constant',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'svc_test_helpers_authorised',
				'callback'            => static function ( WP_REST_Request $request ): array {
					$flag = WP_CONTENT_DIR . '/svc-test-remove-all-data';
					if ( $request->get_param( 'on' ) ) {
						file_put_contents( $flag, '1' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents -- test helper.
					} elseif ( is_file( $flag ) ) {
						wp_delete_file( $flag );
					}
					return array( 'on' => is_file( $flag ) );
				},
			)
		);
		// Counts, per plugin table, the rows in which any column contains the needle (case-insensitive).
		register_rest_route(
			'svc-test/v1',
			'/personal-data',
			array(
				'methods'             => 'GET',
				'permission_callback' => 'svc_test_helpers_authorised',
				'callback'            => static function ( WP_REST_Request $request ): array {
					global $wpdb;
					$needle = (string) $request->get_param( 'needle' );
					$found  = array();
					foreach ( Svc\Licensing\Storage\Tables::all() as $table ) {
						$rows            = (array) $wpdb->get_results( "SELECT * FROM {$wpdb->prefix}{$table}", ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- test helper.
						$found[ $table ] = count(
							array_filter(
								$rows,
								static function ( array $row ) use ( $needle ): bool {
									return false !== stripos( implode( "\n", array_map( 'strval', $row ) ), $needle );
								}
							)
						);
					}
					return $found;
				},
			)
		);
		// Runs the plugin's exporter or eraser as registered with WordPress core's privacy tools.
		register_rest_route(
			'svc-test/v1',
			'/core-privacy',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'svc_test_helpers_authorised',
				'callback'            => static function ( WP_REST_Request $request ) {
					$erase      = 'erase' === $request->get_param( 'action' );
					// phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- reading core's own filters, as core does.
					$registered = $erase ? apply_filters( 'wp_privacy_personal_data_erasers', array() ) : apply_filters( 'wp_privacy_personal_data_exporters', array() );
					if ( ! isset( $registered['svc-licensing']['callback'] ) ) {
						return new WP_Error( 'not_registered', 'The plugin is not registered with core privacy tools.', array( 'status' => 500 ) );
					}
					return call_user_func( $registered['svc-licensing']['callback'], (string) $request->get_param( 'email' ), 1 );
				},
			)
		);
		// Writes the fast lane's loader whatever the setting says, as a web node that has not seen the switch still
		// holds its own copy (the stack's nodes share one folder, so the node that saved the setting removed it).
		register_rest_route(
			'svc-test/v1',
			'/lane-loader',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'svc_test_helpers_authorised',
				'callback'            => static function (): array {
					$plugin = WP_PLUGIN_DIR . '/svc-licensing/svc-licensing.php';
					$loader = new Svc\Licensing\Lane\Loader( $plugin, (string) require WP_PLUGIN_DIR . '/svc-licensing/src/version.php', new Svc\Licensing\Storage\Settings() );
					// phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents -- test helper.
					file_put_contents( Svc\Licensing\Lane\Loader::path(), $loader->content() );
					return array( 'written' => is_file( Svc\Licensing\Lane\Loader::path() ) );
				},
			)
		);
		// Breaks the package folder (a plain file takes its place, which even root cannot write into) or mends it.
		register_rest_route(
			'svc-test/v1',
			'/package-dir',
			array(
				'methods'             => 'POST',
				'permission_callback' => 'svc_test_helpers_authorised',
				'callback'            => static function ( WP_REST_Request $request ): array {
					$dir = Svc\Licensing\Storage\PackageDirectory::from_environment()->path();
					if ( $request->get_param( 'broken' ) ) {
						if ( is_dir( $dir ) ) {
							// phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_rename -- test helper.
							rename( $dir, $dir . '.moved-' . time() );
						}
						// phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents -- test helper.
						file_put_contents( $dir, 'not a folder' );
					} elseif ( is_file( $dir ) ) {
						wp_delete_file( $dir );
					}
					return array( 'is_dir' => is_dir( $dir ) );
				},
			)
		);
	}
);
