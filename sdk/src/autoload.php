<?php
/**
 * The SDK's class loader: Svc\LicensingClient\Foo is src/Foo.php. Registered only for the copy that the
 * version registry chose, so two bundled copies never mix.
 *
 * @package SvcLicensingClient
 */

spl_autoload_register(
	static function ( string $class_name ): void {
		$prefix = 'Svc\\LicensingClient\\';
		if ( 0 !== strpos( $class_name, $prefix ) ) {
			return;
		}
		$file = __DIR__ . '/' . str_replace( '\\', '/', substr( $class_name, strlen( $prefix ) ) ) . '.php';
		if ( is_file( $file ) ) {
			require $file;
		}
	}
);
