<?php
/**
 * The panel's screens, declared once: page slug, title and the permission level each needs.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Admin;

use Svc\Licensing\Domain\Access\Permission;

/**
 * The one list of screens, read from screens.json beside this file (src/index.tsx and the browser specs read the
 * same file). The menu, Site Health's links, the notices and the panel's script (which receives it) all read it
 * here. A screen needs the level its REST routes need to read: a user the API lets read licences can open the
 * Licences screen, without manage_options.
 */
final class Screens {
	public const SLUG = 'svc-licensing';

	/**
	 * Screen => [page slug suffix, level, English title], in menu order, once read. The first is the top-level page.
	 *
	 * @var array<string, array{suffix: string, level: string, title: string}>|null
	 */
	private static $all = null;

	/**
	 * The list, read from screens.json on first use.
	 *
	 * @throws \UnexpectedValueException When a screen names a level Permission does not know.
	 * @return array<string, array{suffix: string, level: string, title: string}>
	 */
	private static function all(): array {
		if ( null === self::$all ) {
			$file = (string) file_get_contents( __DIR__ . '/screens.json' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a file of the plugin's own, not a URL.
			/**
			 * The file's shape.
			 *
			 * @var array{screens: list<array{name: string, suffix: string, level: string, title: string}>} $decoded
			 */
			$decoded   = json_decode( $file, true );
			self::$all = array();
			foreach ( $decoded['screens'] as $screen ) {
				if ( ! in_array( $screen['level'], Permission::LEVELS, true ) ) {
					throw new \UnexpectedValueException( 'screens.json: unknown level for ' . esc_html( $screen['name'] ) );
				}
				self::$all[ $screen['name'] ] = array(
					'suffix' => $screen['suffix'],
					'level'  => $screen['level'],
					'title'  => $screen['title'],
				);
			}
		}
		return self::$all;
	}

	/**
	 * The screens' names, in menu order.
	 *
	 * @return list<string>
	 */
	public static function names(): array {
		return array_keys( self::all() );
	}

	/**
	 * A screen's page slug (the `page` query argument).
	 *
	 * @param string $screen Screen name.
	 */
	public static function page( string $screen ): string {
		return self::SLUG . self::all()[ $screen ]['suffix'];
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
		return self::all()[ $screen ]['level'];
	}

	/**
	 * A screen's title, translated. The English titles live in screens.json, as a block's title lives in its
	 * block.json and core translates it from there (translate_settings_using_i18n_schema()): a POT of the plugin takes
	 * them from that file.
	 *
	 * @param string $screen Screen name.
	 */
	public static function title( string $screen ): string {
		// phpcs:ignore WordPress.WP.I18n.NonSingularStringLiteralText -- the title comes from screens.json, the one list.
		return __( self::all()[ $screen ]['title'], 'svc-licensing' );
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
