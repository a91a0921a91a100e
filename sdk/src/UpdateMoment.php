<?php
/**
 * When the SDK may ask its licence server for updates: where core itself checks.
 *
 * @package SvcLicensingClient
 */

namespace Svc\LicensingClient;

/**
 * Core keeps its update data (the update_plugins and update_themes site transients) for hours and saves it several
 * times per check. The SDK asks its server when core really checks: in WP-Cron, on the screens where core checks
 * (Updates, Plugins, Themes, update.php), and wherever else core saves fresh update data, that is, when the data's
 * last_checked moves: what WP-CLI's `wp plugin update`, remote managers (MainWP, ManageWP, InfiniteWP) and
 * core's own upgrader do by calling wp_update_plugins(). The one exception is core's passive twelve-hour check
 * on an ordinary admin page (its _maybe_update_* callbacks on admin_init): an ordinary page never waits on a
 * licence server; the next real check brings the answer. The once-a-minute rule per server still applies. Pure.
 */
final class UpdateMoment {

	/** Screens where core checks for updates, and so may the SDK. */
	public const CHECK_SCREENS = array( 'update-core.php', 'plugins.php', 'themes.php', 'update.php' );

	/**
	 * Whether the SDK may ask its server in this save of core's update data.
	 *
	 * @param bool   $doing_cron    The request is WP-Cron.
	 * @param string $screen        The admin file of the request ($pagenow), '' when none.
	 * @param bool   $core_checked  Core is saving fresh update data now (see core_checked()).
	 * @param bool   $in_admin_init The save happens inside admin_init (core's passive check on any admin page).
	 */
	public static function may_ask( bool $doing_cron, string $screen, bool $core_checked, bool $in_admin_init ): bool {
		if ( $doing_cron || in_array( $screen, self::CHECK_SCREENS, true ) ) {
			return true;
		}
		return $core_checked && ! $in_admin_init;
	}

	/**
	 * Whether core is saving fresh update data: the value being saved has a last_checked, and the stored value has
	 * none or another one. Core sets last_checked to the time of its check; other saves keep it.
	 *
	 * @param mixed $saving The value being saved.
	 * @param mixed $stored The value stored before this save (false when none).
	 */
	public static function core_checked( $saving, $stored ): bool {
		$now = is_object( $saving ) && isset( $saving->last_checked ) ? (int) $saving->last_checked : 0;
		if ( $now <= 0 ) {
			return false;
		}
		$before = is_object( $stored ) && isset( $stored->last_checked ) ? (int) $stored->last_checked : 0;
		return $now !== $before;
	}

	/**
	 * Whether a package URL is a download of this product from its licence server: the server's download route for
	 * the product's slug (GET /svc/v1/downloads/{slug}?token=...), under the root the SDK calls, whatever the
	 * token. Letter case of the scheme and host is ignored.
	 *
	 * @param string $root The server's REST root, e.g. https://seller.example/wp-json/svc/v1.
	 * @param string $slug The product's slug.
	 * @param string $url  The package URL core is about to download.
	 */
	public static function is_download_of( string $root, string $slug, string $url ): bool {
		$prefix = self::lower_origin( rtrim( $root, '/' ) ) . '/downloads/' . rawurlencode( $slug );
		$url    = self::lower_origin( $url );
		if ( 0 !== strpos( $url, $prefix ) ) {
			return false;
		}
		$rest = (string) substr( $url, strlen( $prefix ) );
		return '' === $rest || in_array( $rest[0], array( '?', '&', '#' ), true );
	}

	/**
	 * A URL with its scheme and host in lower case.
	 *
	 * @param string $url URL.
	 */
	private static function lower_origin( string $url ): string {
		return (string) preg_replace_callback(
			'~^[a-z][a-z0-9+.-]*://[^/?#]*~i',
			static function ( array $match ): string {
				return strtolower( $match[0] );
			},
			$url
		);
	}
}
