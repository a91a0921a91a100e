<?php
/**
 * A wp-admin user's own choices in the panel, in WordPress' user meta.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage;

/**
 * The one writer of the plugin's user meta: whether a user has put the first-run checklist away.
 */
final class UserPreferences {
	private const ONBOARDING_DISMISSED = 'svc_licensing_onboarding_dismissed';

	/**
	 * Whether the user has dismissed the first-run checklist.
	 *
	 * @param int $user_id User.
	 */
	public function onboarding_dismissed( int $user_id ): bool {
		return '1' === (string) get_user_meta( $user_id, self::ONBOARDING_DISMISSED, true );
	}

	/**
	 * Remembers (or forgets) that the user dismissed the first-run checklist.
	 *
	 * @param int  $user_id   User.
	 * @param bool $dismissed Dismissed.
	 */
	public function set_onboarding_dismissed( int $user_id, bool $dismissed ): void {
		if ( $dismissed ) {
			update_user_meta( $user_id, self::ONBOARDING_DISMISSED, '1' );
		} else {
			delete_user_meta( $user_id, self::ONBOARDING_DISMISSED );
		}
	}
}
