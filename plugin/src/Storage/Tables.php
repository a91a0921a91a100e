<?php
/**
 * Names of the plugin's tables, without the site's prefix.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage;

/**
 * The one list of tables: migrations create them, uninstall drops them.
 */
final class Tables {
	public const PRODUCTS = 'svc_products';

	/**
	 * Every table, in an order that can be dropped safely.
	 *
	 * @return string[]
	 */
	public static function all(): array {
		return array( self::PRODUCTS );
	}
}
