<?php
/**
 * When the SDK starts core's automatic updater itself.
 *
 * @package SvcLicensingClient
 */

namespace Svc\LicensingClient;

/**
 * WordPress starts its automatic updater (the wp_maybe_auto_update event) only at the end of its version check in
 * WP-Cron, after WordPress.org answered it: a site that cannot reach WordPress.org never auto-updates. So when the
 * SDK's own update check in WP-Cron finds an installable offer for a product whose owner turned its auto-updates
 * on, it schedules that same event, unless it is already scheduled or running. Core's updater then decides and
 * does everything itself (its lock, the owner's choice and its filters, the PHP requirement, the download through
 * the SHA-256 check, the rollback, the e-mail), and a second start (WordPress.org answered as well) finds the
 * lock held or nothing left to install.
 */
final class AutoUpdateStart {

	/**
	 * Whether the SDK schedules core's automatic updater now.
	 *
	 * @param bool $in_cron         The request is a WP-Cron run (where core's own update checks run).
	 * @param bool $has_offer       The product has an offer the site can install and verify.
	 * @param bool $turned_on       The owner turned the product's auto-updates on (see turned_on()).
	 * @param bool $scheduled       Core's automatic updater's event is already scheduled.
	 * @param bool $updater_running This is core's automatic updater at work (its own update checks).
	 */
	public static function needed( bool $in_cron, bool $has_offer, bool $turned_on, bool $scheduled, bool $updater_running ): bool {
		return $in_cron && $has_offer && $turned_on && ! $scheduled && ! $updater_running;
	}

	/**
	 * Whether the owner turned auto-updates on for one plugin or theme: core allows them for its type
	 * (wp_is_auto_update_enabled_for_type()) and the product is in core's list (the auto_update_plugins or
	 * auto_update_themes site option, plugin basenames or theme folders).
	 *
	 * @param bool   $type_enabled Core allows auto-updates for plugins (or themes).
	 * @param mixed  $enabled      The site option, as stored.
	 * @param string $id           The plugin's basename or the theme's folder.
	 */
	public static function turned_on( bool $type_enabled, $enabled, string $id ): bool {
		return $type_enabled && is_array( $enabled ) && in_array( $id, $enabled, true );
	}
}
