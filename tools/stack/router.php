<?php
/**
 * Router for PHP's built-in server: serves existing static files as they are and sends every other
 * request to WordPress, as nginx's try_files does, so pretty permalinks (/wp-json/...) work.
 */

$docroot = rtrim( $_SERVER['DOCUMENT_ROOT'], '/' );
$path    = urldecode( (string) parse_url( $_SERVER['REQUEST_URI'], PHP_URL_PATH ) );
$file    = $docroot . $path;

// Containment is checked on the path as requested, not on realpath(): the plugin is a symlink out of the
// document root in development, and its assets must still be served.
if ( false === strpos( $path, '..' ) && file_exists( $file ) ) {
	if ( is_dir( $file ) && is_file( $file . '/index.php' ) ) {
		$file = rtrim( $file, '/' ) . '/index.php';
	}
	if ( is_file( $file ) ) {
		if ( '.php' !== substr( $file, -4 ) ) {
			return false;
		}
		$_SERVER['SCRIPT_FILENAME'] = $file;
		$_SERVER['SCRIPT_NAME']     = substr( $file, strlen( $docroot ) );
		$_SERVER['PHP_SELF']        = $_SERVER['SCRIPT_NAME'];
		chdir( dirname( $file ) );
		require $file;
		return true;
	}
}

// PHP's built-in server fills PATH_INFO with the path percent-decoded and its dot segments resolved
// (/a/..%2F..%2Fb becomes /b), and WordPress prefers PATH_INFO to REQUEST_URI when it parses the request. nginx's
// try_files sets no PATH_INFO for the front controller, so neither does this: WordPress routes the path as sent.
unset( $_SERVER['PATH_INFO'], $_SERVER['ORIG_PATH_INFO'] );
$_SERVER['SCRIPT_FILENAME'] = $docroot . '/index.php';
$_SERVER['SCRIPT_NAME']     = '/index.php';
$_SERVER['PHP_SELF']        = '/index.php';
chdir( $docroot );
require $docroot . '/index.php';
