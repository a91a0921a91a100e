<?php
/**
 * Router for PHP's built-in server: serves existing static files as they are and sends every other
 * request to WordPress, as nginx's try_files does, so pretty permalinks (/wp-json/...) work.
 */

$docroot = rtrim( $_SERVER['DOCUMENT_ROOT'], '/' );
$path    = urldecode( (string) parse_url( $_SERVER['REQUEST_URI'], PHP_URL_PATH ) );
$file    = $docroot . $path;

// A subdirectory multisite network (the stack's multisite client site) maps /<site>/wp-admin/..., /<site>/wp-content/...,
// /<site>/wp-includes/... and /<site>/<file>.php to the network's one copy of WordPress, as core's .htaccess rules do.
if ( '1' === getenv( 'SVC_MULTISITE_PATHS' ) && ! file_exists( $file ) ) {
	if ( preg_match( '#^/[_0-9a-zA-Z-]+/wp-admin$#', $path ) ) {
		header( 'Location: ' . $_SERVER['REQUEST_URI'] . '/', true, 301 );
		return true;
	}
	if ( preg_match( '#^/[_0-9a-zA-Z-]+(/wp-(content|admin|includes)(/.*)?|/[^/]*\.php)$#', $path, $match ) ) {
		$path = $match[1];
		$file = $docroot . $path;
		// php -S would serve the path as requested, so a mapped static file is sent from here.
		if ( false === strpos( $path, '..' ) && is_file( $file ) && '.php' !== substr( $file, -4 ) ) {
			$types = array(
				'css'   => 'text/css',
				'js'    => 'text/javascript',
				'svg'   => 'image/svg+xml',
				'png'   => 'image/png',
				'gif'   => 'image/gif',
				'jpg'   => 'image/jpeg',
				'woff'  => 'font/woff',
				'woff2' => 'font/woff2',
				'json'  => 'application/json',
				'zip'   => 'application/zip',
			);
			$type  = $types[ strtolower( pathinfo( $file, PATHINFO_EXTENSION ) ) ] ?? 'application/octet-stream';
			header( 'Content-Type: ' . $type );
			header( 'Content-Length: ' . filesize( $file ) );
			readfile( $file );
			return true;
		}
	}
}

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
