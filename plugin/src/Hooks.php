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
	public const LICENSE_KEY_VOIDED = 'svc_licensing_licence_key_voided';

	/**
	 * Fired inside a move-in batch's transaction just before it writes one licence (new or changed); receives the
	 * source, the old licence id and how many licences this run has written before it. A listener that throws ends
	 * the run: that batch is rolled back, the batches before it stay (the e2e tests make a fault this way).
	 */
	public const MOVE_IN_LICENSE = 'svc_licensing_move_in_licence';

	/**
	 * Filters the answer to an old client's protocol on the front URL (EDD SL's edd_action, SLM's slm_action) before
	 * it is sent; receives the WP_REST_Response and the protocol (edd-sl or slm). The test sites add their worker
	 * headers here, as they do on REST answers.
	 */
	public const OLD_PROTOCOL_ANSWER = 'svc_licensing_old_protocol_answer';
}
