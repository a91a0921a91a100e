<?php
/**
 * When the fast lane's must-use loader belongs on disk, when a request may write it, and what state to report.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Lane;

/**
 * The loader is code the plugin adds to the must-use plugins folder, so it is written only where the site allows
 * it: the `fast_lane` setting on, a single site (not a network), and no DISALLOW_FILE_MODS (the site owner's
 * "WordPress changes no code files here"). Anywhere else the plugin removes the loader it wrote, and when that
 * fails the lane stands aside on every request all the same (lane.php asks wanted() too).
 */
final class LoaderPolicy {

	/**
	 * The states, as Site Health, `fast_lane_state` and the panel name them.
	 */
	public const STATES = array( 'on', 'off', 'multisite', 'file_mods_disallowed', 'unwritable', 'stale' );

	/**
	 * Whether the lane may run and its loader belongs on disk.
	 *
	 * @param bool $switched_on          The `fast_lane` setting.
	 * @param bool $multisite            A multisite network.
	 * @param bool $file_mods_disallowed DISALLOW_FILE_MODS is true.
	 */
	public static function wanted( bool $switched_on, bool $multisite, bool $file_mods_disallowed ): bool {
		return $switched_on && ! $multisite && ! $file_mods_disallowed;
	}

	/**
	 * The lane's state: off (the setting), multisite, file_mods_disallowed, and where the loader belongs on disk,
	 * on (this version's loader), stale (another version's, standing aside) or unwritable (none could be written).
	 *
	 * @param bool      $switched_on          The `fast_lane` setting.
	 * @param bool      $multisite            A multisite network.
	 * @param bool      $file_mods_disallowed DISALLOW_FILE_MODS is true.
	 * @param bool|null $loader_current       The loader on disk: null none, true this version's, false another.
	 */
	public static function state( bool $switched_on, bool $multisite, bool $file_mods_disallowed, ?bool $loader_current ): string {
		if ( ! $switched_on ) {
			return 'off';
		}
		if ( $multisite ) {
			return 'multisite';
		}
		if ( $file_mods_disallowed ) {
			return 'file_mods_disallowed';
		}
		if ( null === $loader_current ) {
			return 'unwritable';
		}
		return $loader_current ? 'on' : 'stale';
	}

	/**
	 * Whether an admin request (admin_init) brings the loader up to date: only one of an administrator who may
	 * manage options, so never a visitor who is not signed in (admin_init runs for admin-ajax.php and
	 * admin-post.php without a login) nor a subscriber on their profile page; and never an admin-ajax.php call,
	 * not even an administrator's (the heartbeat), as the next page does it. The other writers are activation and
	 * the settings change.
	 *
	 * @param bool $can_manage_options The current user may manage options.
	 * @param bool $doing_ajax         The request is an admin-ajax.php call.
	 */
	public static function admin_request_syncs( bool $can_manage_options, bool $doing_ajax ): bool {
		return $can_manage_options && ! $doing_ajax;
	}
}
