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

	/**
	 * Fired after a licence's key stopped working for good: a new key replaced it (the seller's or the customer's),
	 * or the licence was revoked; receives the licence id. The customer portal ends the email's sessions.
	 */
	public const LICENCE_KEY_VOIDED = 'svc_licensing_licence_key_voided';
}
