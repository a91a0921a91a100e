<?php
/**
 * PSR-4 autoloader for the plugin's own namespace. No Composer at runtime.
 *
 * @package SvcLicensing
 */

spl_autoload_register(
	static function ( string $class_name ): void {
		$prefix = 'Svc\\Licensing\\';
		if ( 0 !== strncmp( $class_name, $prefix, strlen( $prefix ) ) ) {
			return;
		}
		$relative = str_replace( '\\', '/', substr( $class_name, strlen( $prefix ) ) );
		require __DIR__ . '/' . $relative . '.php';
	}
);
