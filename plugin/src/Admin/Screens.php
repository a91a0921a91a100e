<?php
/**
 * The panel's screens, declared once: page slug, title and the permission level each needs.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Admin;

use Svc\Licensing\Domain\Access\Permission;

/**
 * The one list of screens. The menu, Site Health's links, the notices and the panel's script (which receives it) all
 * read it here. A screen needs the level its REST routes need to read: a user the API lets read licences can open the
 * Licences screen, without manage_options.
 */
final class Screens {
	public const SLUG = 'svc-licensing';

	/**
	 * Screen => [page slug suffix, level]. The first is the top-level page itself.
	 */
	private const ALL = array(
		'licenses' => array( '', Permission::READ ),
		'products' => array( '-products', Permission::READ ),
		'api-keys' => array( '-api-keys', Permission::ADMIN ),
		'webhooks' => array( '-webhooks', Permission::READ ),
		'stats'    => array( '-stats', Permission::READ ),
		'settings' => array( '-settings', Permission::ADMIN ),
		'privacy'  => array( '-privacy', Permission::ADMIN ),
	);

	/**
	 * The screens' names, in menu order.
	 *
	 * @return list<string>
	 */
	public static function names(): array {
		return array_keys( self::ALL );
	}

	/**
	 * A screen's page slug (the `page` query argument).
	 *
	 * @param string $screen Screen name.
	 */
	public static function page( string $screen ): string {
		return self::SLUG . self::ALL[ $screen ][0];
	}

	/**
	 * A screen's address in wp-admin.
	 *
	 * @param string               $screen Screen name.
	 * @param array<string, mixed> $args   Extra query arguments.
	 */
	public static function url( string $screen, array $args = array() ): string {
		return add_query_arg( array_merge( array( 'page' => self::page( $screen ) ), $args ), admin_url( 'admin.php' ) );
	}

	/**
	 * The permission level a screen needs.
	 *
	 * @param string $screen Screen name.
	 */
	public static function level( string $screen ): string {
		return self::ALL[ $screen ][1];
	}

	/**
	 * A screen's title, translated.
	 *
	 * @param string $screen Screen name.
	 */
	public static function title( string $screen ): string {
		switch ( $screen ) {
			case 'products':
				return __( 'Products', 'svc-licensing' );
			case 'api-keys':
				return __( 'API keys', 'svc-licensing' );
			case 'webhooks':
				return __( 'Webhook events', 'svc-licensing' );
			case 'stats':
				return __( 'Stats', 'svc-licensing' );
			case 'settings':
				return __( 'Settings', 'svc-licensing' );
			case 'privacy':
				return __( 'Privacy', 'svc-licensing' );
			default:
				return __( 'Licences', 'svc-licensing' );
		}
	}

	/**
	 * The capability WordPress' menu should check for the current user and a level: the capability that gives the
	 * user their level (manage_options for administrators), or the level's own capability when they have none, so
	 * the menu stays hidden.
	 *
	 * @param string $level Level the screen needs.
	 */
	public static function capability_for_current_user( string $level ): string {
		$held = Permission::for_user( 'current_user_can' );
		if ( ! Permission::allows( $held, $level ) ) {
			return Permission::CAPABILITIES[ $level ];
		}
		return Permission::ADMIN === $held && current_user_can( 'manage_options' ) ? 'manage_options' : Permission::CAPABILITIES[ $held ];
	}

	/**
	 * What the panel's script gets: each screen the current user may open, with its title and address.
	 *
	 * @return list<array{name: string, title: string, url: string}>
	 */
	public static function for_script(): array {
		$held = Permission::for_user( 'current_user_can' );
		$out  = array();
		foreach ( self::names() as $screen ) {
			if ( Permission::allows( $held, self::level( $screen ) ) ) {
				$out[] = array(
					'name'  => $screen,
					'title' => self::title( $screen ),
					'url'   => esc_url_raw( self::url( $screen ) ),
				);
			}
		}
		return $out;
	}
}
