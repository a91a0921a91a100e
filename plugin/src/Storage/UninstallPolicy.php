<?php
/**
 * Whether deleting the plugin erases its data, for the current site.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage;

/**
 * Off unless the admin opted in on this site (an option, set only through the typed confirmation) or the host
 * defined SVC_LICENSING_REMOVE_ALL_DATA as true in wp-config.php. On a multisite network each site decides for
 * itself. The option is the only thing this class writes.
 */
final class UninstallPolicy {
	public const OPTION   = 'svc_licensing_remove_data_on_uninstall';
	public const CONSTANT = 'SVC_LICENSING_REMOVE_ALL_DATA';

	/**
	 * Whether wp-config.php asks for removal.
	 */
	public function forced_by_constant(): bool {
		return defined( self::CONSTANT ) && true === constant( self::CONSTANT );
	}

	/**
	 * Whether the admin opted in on this site.
	 */
	public function opted_in(): bool {
		return 'yes' === get_option( self::OPTION, 'no' );
	}

	/**
	 * Whether deleting the plugin erases this site's data.
	 */
	public function removes_data(): bool {
		return $this->forced_by_constant() || $this->opted_in();
	}

	/**
	 * Records the admin's choice (the caller checked the typed confirmation).
	 *
	 * @param bool $remove Erase on delete.
	 */
	public function set( bool $remove ): void {
		if ( $remove ) {
			update_option( self::OPTION, 'yes', false );
		} else {
			delete_option( self::OPTION );
		}
	}
}
