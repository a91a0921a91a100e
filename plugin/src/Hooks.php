<?php
/**
 * Names of the actions the plugin fires, so listeners never spell them twice.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing;

/**
 * Action names.
 */
final class Hooks {
	/**
	 * Fired after a product row is deleted; receives the product id.
	 */
	public const PRODUCT_DELETED = 'svc_licensing_product_deleted';
}
