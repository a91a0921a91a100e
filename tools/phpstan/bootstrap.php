<?php
/**
 * Constants WordPress defines at run time, for PHPStan (the stubs declare functions and classes only).
 *
 * @package SvcLicensing
 */

foreach ( array(
	'ABSPATH'                       => '/',
	'WP_CONTENT_DIR'                => '/wp-content',
	'WP_PLUGIN_DIR'                 => '/wp-content/plugins',
	'WP_LANG_DIR'                   => '/wp-content/languages',
	'SVC_LICENSING_VERSION'         => '0.0.0',
	'MINUTE_IN_SECONDS'             => 60,
	'HOUR_IN_SECONDS'               => 3600,
	'DAY_IN_SECONDS'                => 86400,
	'WEEK_IN_SECONDS'               => 604800,
	'MONTH_IN_SECONDS'              => 2592000,
	'YEAR_IN_SECONDS'               => 31536000,
	'ARRAY_A'                       => 'ARRAY_A',
	// WordPress' PclZip (wp-admin/includes/class-pclzip.php) defines these when it loads.
	'PCLZIP_ATT_FILE_NAME'          => 79001,
	'PCLZIP_ATT_FILE_NEW_FULL_NAME' => 79003,
) as $name => $value ) {
	defined( $name ) || define( $name, $value );
}
defined( 'WPMU_PLUGIN_DIR' ) || define( 'WPMU_PLUGIN_DIR', '/tmp/mu-plugins' );
defined( 'WPINC' ) || define( 'WPINC', 'wp-includes' );
