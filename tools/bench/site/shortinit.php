<?php
/**
 * Bench site only (copied to the document root as bench-shortinit.php): WordPress' SHORTINIT boot, which
 * connects the database and stops before plugins, plus one query. The row between plain PHP and a REST route.
 */

define( 'SHORTINIT', true );
require __DIR__ . '/wp-load.php';

global $wpdb;
header( 'Content-Type: application/json' );
echo wp_json_encode( array( 'one' => (int) $wpdb->get_var( 'SELECT 1' ) ) );
