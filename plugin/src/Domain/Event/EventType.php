<?php
/**
 * The types of recorded events.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Event;

/**
 * One constant per change the event log records; the subject type is the part before the dot.
 */
final class EventType {
	public const LICENSE_CREATED     = 'license.created';
	public const LICENSE_UPDATED     = 'license.updated';
	public const LICENSE_ACTIVATED   = 'license.activated';
	public const LICENSE_DEACTIVATED = 'license.deactivated';
	public const LICENSE_MOVED       = 'license.moved';
	public const LICENSE_ROTATED     = 'license.rotated';
	public const LICENSE_RENEWED     = 'license.renewed';
	public const LICENSE_EXPIRED     = 'license.expired';
	public const LICENSE_CANCELLED   = 'license.cancelled';
	public const LICENSE_REVOKED     = 'license.revoked';
	public const LICENSE_DELETED     = 'license.deleted';
	public const API_KEY_CREATED     = 'api_key.created';
	public const API_KEY_REVOKED     = 'api_key.revoked';
	public const PRODUCT_CREATED     = 'product.created';
	public const PRODUCT_UPDATED     = 'product.updated';
	public const PRODUCT_DELETED     = 'product.deleted';
	public const RELEASE_CREATED     = 'release.created';
	public const RELEASE_UPDATED     = 'release.updated';
	public const RELEASE_PUBLISHED   = 'release.published';
	public const RELEASE_DELETED     = 'release.deleted';
	public const RELEASE_PAUSED      = 'release.paused';
	public const RELEASE_RESUMED     = 'release.resumed';
	public const RELEASE_ROLLED_BACK = 'release.rolled_back';
	public const SETTINGS_UPDATED    = 'settings.updated';
	public const LEASE_KEY_PREPARED  = 'lease_key.prepared';
	public const LEASE_KEY_PROMOTED  = 'lease_key.promoted';
	public const LEASE_KEY_RETIRED   = 'lease_key.retired';

	/**
	 * Every type, for the list filter.
	 */
	public const ALL = array(
		self::LICENSE_CREATED,
		self::LICENSE_UPDATED,
		self::LICENSE_ACTIVATED,
		self::LICENSE_DEACTIVATED,
		self::LICENSE_MOVED,
		self::LICENSE_ROTATED,
		self::LICENSE_RENEWED,
		self::LICENSE_EXPIRED,
		self::LICENSE_CANCELLED,
		self::LICENSE_REVOKED,
		self::LICENSE_DELETED,
		self::API_KEY_CREATED,
		self::API_KEY_REVOKED,
		self::PRODUCT_CREATED,
		self::PRODUCT_UPDATED,
		self::PRODUCT_DELETED,
		self::RELEASE_CREATED,
		self::RELEASE_UPDATED,
		self::RELEASE_PUBLISHED,
		self::RELEASE_DELETED,
		self::RELEASE_PAUSED,
		self::RELEASE_RESUMED,
		self::RELEASE_ROLLED_BACK,
		self::SETTINGS_UPDATED,
		self::LEASE_KEY_PREPARED,
		self::LEASE_KEY_PROMOTED,
		self::LEASE_KEY_RETIRED,
	);

	/**
	 * Subject types.
	 */
	public const SUBJECTS = array( 'license', 'api_key', 'product', 'release', 'settings', 'lease_key' );

	/**
	 * The subject type of an event type.
	 *
	 * @param string $type Event type.
	 */
	public static function subject( string $type ): string {
		return (string) strstr( $type, '.', true );
	}
}
