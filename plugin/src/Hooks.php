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

	/**
	 * Fired after a product's fields were changed (its current version among them); receives the product id.
	 */
	public const PRODUCT_UPDATED = 'svc_licensing_product_updated';

	/**
	 * Fired after one of a product's releases was added, edited, published (a rollback too), unpublished or
	 * deleted; receives the product id.
	 */
	public const RELEASES_CHANGED = 'svc_licensing_releases_changed';
}
