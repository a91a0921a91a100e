<?php
/**
 * Admin permission levels: read < write < admin, cumulative.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Access;

/**
 * API keys carry a level; WordPress users get one from capabilities a site owner can grant to any role
 * (users who can manage_options are admins). Pure: capabilities are passed in.
 */
final class Permission {
	public const NONE  = 'none';
	public const READ  = 'read';
	public const WRITE = 'write';
	public const ADMIN = 'admin';

	public const LEVELS = array( self::READ, self::WRITE, self::ADMIN );

	/**
	 * Capability that grants each level to a WordPress role.
	 */
	public const CAPABILITIES = array(
		self::ADMIN => 'svc_licensing_admin',
		self::WRITE => 'svc_licensing_write',
		self::READ  => 'svc_licensing_read',
	);

	private const RANK = array(
		self::NONE  => 0,
		self::READ  => 1,
		self::WRITE => 2,
		self::ADMIN => 3,
	);

	/**
	 * Whether a granted level covers a required one.
	 *
	 * @param string $granted  Level held.
	 * @param string $required Level needed.
	 */
	public static function allows( string $granted, string $required ): bool {
		return ( self::RANK[ $granted ] ?? 0 ) >= ( self::RANK[ $required ] ?? PHP_INT_MAX );
	}

	/**
	 * A user's level from what they can do.
	 *
	 * @param callable $can Answers whether the user has a capability: fn( string $capability ): bool.
	 */
	public static function for_user( callable $can ): string {
		if ( $can( 'manage_options' ) ) {
			return self::ADMIN;
		}
		foreach ( self::CAPABILITIES as $level => $capability ) {
			if ( $can( $capability ) ) {
				return $level;
			}
		}
		return self::NONE;
	}
}
