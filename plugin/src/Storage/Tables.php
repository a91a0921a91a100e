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
	public const PRODUCTS       = 'svc_products';
	public const TIERS          = 'svc_tiers';
	public const PRICES         = 'svc_prices';
	public const LICENSES       = 'svc_licenses';
	public const ACTIVATIONS    = 'svc_activations';
	public const RATE_LIMITS    = 'svc_rate_limits';
	public const API_KEYS       = 'svc_api_keys';
	public const RELEASES       = 'svc_releases';
	public const WEBHOOK_EVENTS = 'svc_webhook_events';
	public const TRANSACTIONS   = 'svc_transactions';
	public const META           = 'svc_meta';
	public const EVENTS         = 'svc_events';

	public const WEBHOOK_ENDPOINTS  = 'svc_webhook_endpoints';
	public const WEBHOOK_DELIVERIES = 'svc_webhook_deliveries';
	public const WEBHOOK_ATTEMPTS   = 'svc_webhook_attempts';
	public const PORTAL_LINKS       = 'svc_portal_links';
	public const PORTAL_SESSIONS    = 'svc_portal_sessions';
	public const IMPORT_MAP         = 'svc_import_map';
	public const PROTOCOL_REQUESTS  = 'svc_protocol_requests';
	public const RELEASE_REPORTS    = 'svc_release_reports';
	public const UPDATE_DECISIONS   = 'svc_update_decisions';
	public const LICENSE_COUNTS     = 'svc_license_counts';
	public const DAILY_COUNTS       = 'svc_daily_counts';

	/**
	 * Every table, in an order that can be dropped safely.
	 *
	 * @return string[]
	 */
	public static function all(): array {
		return array( self::PRODUCTS, self::TIERS, self::PRICES, self::LICENSES, self::ACTIVATIONS, self::RATE_LIMITS, self::API_KEYS, self::RELEASES, self::WEBHOOK_EVENTS, self::TRANSACTIONS, self::META, self::EVENTS, self::WEBHOOK_ENDPOINTS, self::WEBHOOK_DELIVERIES, self::WEBHOOK_ATTEMPTS, self::PORTAL_LINKS, self::PORTAL_SESSIONS, self::IMPORT_MAP, self::PROTOCOL_REQUESTS, self::RELEASE_REPORTS, self::UPDATE_DECISIONS );
	}

	/**
	 * The summaries the database keeps from the licence and activation rows (Storage\LicenseCounts): derived, so an
	 * export leaves them out and a restore rebuilds them; dropped with the rest on uninstall.
	 *
	 * @return string[]
	 */
	public static function summaries(): array {
		return array( self::LICENSE_COUNTS, self::DAILY_COUNTS );
	}
}
