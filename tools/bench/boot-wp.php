<?php
/**
 * Boots a stack site's WordPress for a command-line bench script. Include it at file scope, as
 * `require __DIR__ . '/boot-wp.php';`, so WordPress' globals stay global; it leaves $docroot, $url and $mode
 * from the arguments <docroot> <url> <mode>.
 *
 * @package SvcLicensing
 */

if ( PHP_SAPI !== 'cli' ) {
	exit( 1 );
}

list( , $docroot, $url, $mode ) = $argv;
$parts                          = parse_url( $url );
$_SERVER['HTTP_HOST']           = $parts['host'] . ( isset( $parts['port'] ) ? ':' . $parts['port'] : '' );
$_SERVER['SERVER_NAME']         = $parts['host'];
$_SERVER['REQUEST_URI']         = '/';
$_SERVER['SERVER_PROTOCOL']     = 'HTTP/1.1';
require $docroot . '/wp-load.php';
