<?php
/**
 * The names under which the SDK keeps one product's state.
 *
 * @package SvcLicensingClient
 */

namespace Svc\LicensingClient;

/**
 * Every key of a product's state starts with product_<slug>_ (its key, record, update answer, server, release
 * details), so deleting the product removes them all by that prefix. A slug has no underscore, so one product's
 * prefix never matches another's.
 */
final class ProductState {

	/**
	 * A store key of a product's.
	 *
	 * @param string $slug The product's slug.
	 * @param string $what What is kept, e.g. key.
	 */
	public static function key( string $slug, string $what ): string {
		return self::prefix( $slug ) . $what;
	}

	/**
	 * The start of every store key of a product's.
	 *
	 * @param string $slug The product's slug.
	 */
	public static function prefix( string $slug ): string {
		return 'product_' . $slug . '_';
	}
}
