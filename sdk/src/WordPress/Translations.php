<?php
/**
 * The SDK's own strings in the user's language: text domain svc-licensing-client, loaded once by the chosen copy.
 *
 * @package SvcLicensingClient
 */

namespace Svc\LicensingClient\WordPress;

/**
 * Every product on a site shares the one text domain, whichever copy of the SDK it bundles; the chosen copy loads
 * it. Catalogues are svc-licensing-client-<locale>.mo files, looked for in this order, the first that translates a
 * string winning (WordPress keeps the first catalogue's translation):
 *
 * 1. WordPress' own folder, wp-content/languages/plugins/ (the site owner's choice, as for any plugin);
 * 2. each product's `languages_dir`, in the order the products were set up;
 * 3. the chosen copy's languages/ folder.
 *
 * They load at `init` (the user, and so their language, is known then), again on a locale switch, and again when a
 * product with its own folder is set up after `init`.
 */
final class Translations {

	public const DOMAIN = 'svc-licensing-client';

	/**
	 * The chosen copy's languages/ folder.
	 *
	 * @var string
	 */
	private $own;

	/**
	 * The sellers' folders, in order.
	 *
	 * @var string[]
	 */
	private $folders = array();

	/**
	 * The locale loaded, or null before the first load.
	 *
	 * @var string|null
	 */
	private $loaded = null;

	/**
	 * Constructor.
	 *
	 * @param string $own The chosen copy's languages/ folder.
	 */
	public function __construct( string $own ) {
		$this->own = $own;
	}

	/**
	 * Loads at init (at once when init has run), and again when the locale switches.
	 */
	public function add_hooks(): void {
		if ( did_action( 'init' ) ) {
			$this->load();
		} else {
			add_action( 'init', array( $this, 'load' ), 0 );
		}
		add_action( 'change_locale', array( $this, 'switch_to' ) );
	}

	/**
	 * A seller's folder; loaded at once if the catalogues are already loaded.
	 *
	 * @param string $folder Folder of svc-licensing-client-<locale>.mo files ('' for none).
	 */
	public function add_folder( string $folder ): void {
		if ( '' === $folder || in_array( $folder, $this->folders, true ) ) {
			return;
		}
		$this->folders[] = $folder;
		if ( null !== $this->loaded ) {
			$this->switch_to( $this->loaded );
		}
	}

	/**
	 * Loads the catalogues for the current user's language.
	 */
	public function load(): void {
		$this->switch_to( determine_locale() );
	}

	/**
	 * Loads the catalogues for a locale, in their order, in place of those loaded before.
	 *
	 * @param string $locale Locale, e.g. de_DE.
	 */
	public function switch_to( string $locale ): void {
		// phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- core's filter, applied as load_plugin_textdomain() applies it.
		$locale = (string) apply_filters( 'plugin_locale', $locale, self::DOMAIN );
		if ( null !== $this->loaded ) {
			unload_textdomain( self::DOMAIN, true );
		}
		$this->loaded = $locale;
		$file         = self::DOMAIN . '-' . $locale . '.mo';
		foreach ( array_merge( array( WP_LANG_DIR . '/plugins' ), $this->folders, array( $this->own ) ) as $folder ) {
			$path = $folder . '/' . $file;
			if ( is_readable( $path ) ) {
				load_textdomain( self::DOMAIN, $path, $locale );
			}
		}
	}
}
