<?php
/**
 * A wp-admin user's own choices in the panel, in WordPress' user meta.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage;

/**
 * The one writer of the plugin's user meta: whether a user has put the first-run checklist away, and which email
 * address a user proved to own on this site by a mailed portal sign-in link.
 */
final class UserPreferences {
	private const ONBOARDING_DISMISSED = 'svc_licensing_onboarding_dismissed';

	/** A user option (per site on multisite: a user of another subsite proved nothing here). */
	private const PORTAL_PROVEN_EMAIL = 'svc_licensing_portal_proven_email';

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

	/**
	 * The email the user proved on this site by opening a mailed portal sign-in link while signed in ('' for none).
	 *
	 * @param int $user_id User.
	 */
	public function portal_proven_email( int $user_id ): string {
		return (string) get_user_option( self::PORTAL_PROVEN_EMAIL, $user_id );
	}

	/**
	 * Remembers that the user proved this email on this site.
	 *
	 * @param int    $user_id User.
	 * @param string $email   Normalised email.
	 */
	public function set_portal_proven_email( int $user_id, string $email ): void {
		update_user_option( $user_id, self::PORTAL_PROVEN_EMAIL, $email );
	}

	/**
	 * Forgets every proof of an email on this site (a privacy erase of that email).
	 *
	 * @param string $email Normalised email.
	 */
	public function forget_portal_email( string $email ): void {
		global $wpdb;
		delete_metadata( 'user', 0, $wpdb->get_blog_prefix() . self::PORTAL_PROVEN_EMAIL, $email, true );
	}
}
