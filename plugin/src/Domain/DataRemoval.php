<?php
/**
 * The admin's opt-in to erase everything when the plugin is deleted.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain;

/**
 * Deleting the plugin keeps the seller's data unless the admin opted in. Opting in takes typing the site's name
 * (its title, or its host when it has no title), exactly, surrounding spaces aside: a check box is too easy to
 * tick by accident for something that erases every customer's key.
 */
final class DataRemoval {

	/**
	 * What the admin must type.
	 *
	 * @param string $site_title The site's title (blogname).
	 * @param string $home_host  The host of the site's home URL.
	 */
	public static function confirm_phrase( string $site_title, string $home_host ): string {
		$title = trim( $site_title );
		return '' !== $title ? $title : $home_host;
	}

	/**
	 * Whether the typed text confirms.
	 *
	 * @param string $phrase What must be typed.
	 * @param string $typed  What was typed.
	 */
	public static function confirms( string $phrase, string $typed ): bool {
		return '' !== $phrase && trim( $typed ) === $phrase;
	}
}
