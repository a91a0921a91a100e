<?php
/**
 * One product's integration call, checked: the seller's server, the product's slug on it, and its main file.
 *
 * @package SvcLicensingClient
 */

namespace Svc\LicensingClient;

/**
 * Built from the array a seller passes to svc_licensing_client(). A mistake there is the seller's, found on
 * their first try: it throws with a message that says what to fix.
 */
final class ProductConfig {

	/**
	 * The server's REST root for /svc/v1, without a trailing slash.
	 *
	 * @var string
	 */
	private $root;

	/**
	 * The product's slug on the server.
	 *
	 * @var string
	 */
	private $slug;

	/**
	 * Absolute path of the plugin's main file, or of the theme's functions.php or style.css.
	 *
	 * @var string
	 */
	private $file;

	/**
	 * The public keys whose leases this product trusts as roots: key id => public key (base64url), the SDK copy's
	 * baked trusted-keys.php and the call's `public_keys` (TrustedKeys).
	 *
	 * @var array<string, string>
	 */
	private $public_keys = array();

	/**
	 * Where a customer manages their sites (frees a slot), if the seller has such a page.
	 *
	 * @var string
	 */
	private $account_url;

	/**
	 * The admin menu the licence screen goes under ('' for Plugins, or Appearance for a theme).
	 *
	 * @var string
	 */
	private $menu_parent;

	/**
	 * The seller's folder of svc-licensing-client-<locale>.mo files, or ''.
	 *
	 * @var string
	 */
	private $languages_dir = '';

	/**
	 * The release channels the licence screen offers until the server names the product's own (empty: no choice).
	 *
	 * @var list<string>
	 */
	private $channels = array( 'stable', 'beta' );

	/**
	 * The only address suffixes, besides loopback addresses, on which a licence server may be asked over plain
	 * http: reserved names that never resolve on the public internet (RFC 6761 .localhost and .test, RFC 6762
	 * .local), where a development or local server lives. Anywhere else the package hash, which arrives on the
	 * same connection as the package link, could be swapped with the package by a man in the middle.
	 */
	public const PLAIN_HTTP_SUFFIXES = array( 'localhost', 'test', 'local' );

	/**
	 * Constructor.
	 *
	 * @param string $root        REST root.
	 * @param string $slug        Product slug.
	 * @param string $file        Main file.
	 * @param string $account_url Customer account URL, or ''.
	 * @param string $menu_parent The licence screen's parent menu, or ''.
	 */
	private function __construct( string $root, string $slug, string $file, string $account_url, string $menu_parent ) {
		$this->root        = $root;
		$this->slug        = $slug;
		$this->file        = $file;
		$this->account_url = $account_url;
		$this->menu_parent = $menu_parent;
	}

	/**
	 * Reads and checks an integration call.
	 *
	 * Keys: `server` (required: the seller's WordPress address, e.g. https://seller.example; its REST API is
	 * assumed at /wp-json/ unless `rest_root` names the /svc/v1 root itself), `product` (required: the slug),
	 * `file` (required: __FILE__ of the plugin's main file or of the theme's functions.php), `public_keys`
	 * (optional: key id => Ed25519 public key in base64url, trusted besides the SDK's trusted-keys.php), `grace_days`
	 * (accepted for calls written before leases, 1 to 90, and not used: the lease's own dates are the grace),
	 * `account_url` (optional, https), `menu_parent` (optional: the slug of the seller's own
	 * admin menu, or an admin file such as options-general.php, to put the licence screen there instead of under
	 * Plugins or Appearance), `languages_dir` (optional: the folder of the seller's svc-licensing-client-<locale>.mo
	 * files), `channels` (optional: the release channels the customer may choose on the licence screen, safest
	 * first, default `array( 'stable', 'beta' )`; an empty list hides the choice). `server` and `rest_root` must be https, except on the loopback and local names (plain_http_allowed()).
	 *
	 * @param array<string, mixed> $config The call's array.
	 * @throws \InvalidArgumentException When a key is missing or wrong, saying which and why.
	 */
	public static function from_array( array $config ): self {
		$server = self::string( $config, 'server' );
		if ( ! preg_match( '~^https?://[^/\s?#]+(/[^\s?#]*)?$~i', $server ) ) {
			throw new \InvalidArgumentException( "'server' must be the licence server's address, like https://seller.example (got '{$server}')." );
		}
		self::https_unless_local( 'server', $server );
		$root = isset( $config['rest_root'] ) ? self::string( $config, 'rest_root' ) : rtrim( $server, '/' ) . '/wp-json/svc/v1';
		if ( ! preg_match( '~^https?://[^/\s?#]+(/[^\s#]*)?$~i', $root ) ) {
			throw new \InvalidArgumentException( "'rest_root' must be a URL like https://seller.example/wp-json/svc/v1 (got '{$root}')." );
		}
		self::https_unless_local( 'rest_root', $root );
		$slug = self::string( $config, 'product' );
		if ( ! preg_match( '/^[a-z0-9](?:[a-z0-9-]{0,98}[a-z0-9])?$/', $slug ) ) {
			throw new \InvalidArgumentException( "'product' must be the product's slug on the server: lower-case letters, digits and hyphens (got '{$slug}')." );
		}
		$file = self::string( $config, 'file' );
		if ( '' === $file || ! is_file( $file ) ) {
			throw new \InvalidArgumentException( "'file' must be __FILE__ of the plugin's main file or of the theme's functions.php (got '{$file}')." );
		}
		// Calls written for 0.2.0 may still pass it: accepted, checked as before, not used (the lease is the grace).
		$grace = $config['grace_days'] ?? 7;
		if ( ! is_int( $grace ) || $grace < 1 || $grace > 90 ) {
			throw new \InvalidArgumentException( "'grace_days' must be a whole number of days from 1 to 90." );
		}
		$keys = $config['public_keys'] ?? array();
		if ( ! is_array( $keys ) || ! self::are_public_keys( $keys ) ) {
			throw new \InvalidArgumentException( "'public_keys' must be an array of key id => Ed25519 public key in base64url (43 characters), as the licence server's GET /svc/v1/keys lists them." );
		}
		$account = isset( $config['account_url'] ) ? self::string( $config, 'account_url' ) : '';
		if ( '' !== $account && ! preg_match( '#^https?://\S+$#i', $account ) ) {
			throw new \InvalidArgumentException( "'account_url' must be a URL (got '{$account}')." );
		}
		$parent = self::string( $config, 'menu_parent' );
		if ( ! preg_match( '~^[A-Za-z0-9_./?=&-]{0,200}$~', $parent ) ) {
			throw new \InvalidArgumentException( "'menu_parent' must be the slug of your admin menu (as given to add_menu_page) or an admin file such as options-general.php (got '{$parent}')." );
		}
		$languages = self::string( $config, 'languages_dir' );
		if ( '' !== $languages && ! is_dir( $languages ) ) {
			throw new \InvalidArgumentException( "'languages_dir' must be the folder that holds your svc-licensing-client-<locale>.mo files, such as __DIR__ . '/languages' (got '{$languages}')." );
		}
		$channels = $config['channels'] ?? array( 'stable', 'beta' );
		if ( ! is_array( $channels ) || array() !== array_filter(
			$channels,
			static function ( $name ): bool {
				return ! is_string( $name ) || 1 !== preg_match( '/^[a-z0-9-]{1,40}$/', $name );
			}
		) ) {
			throw new \InvalidArgumentException( "'channels' must be a list of channel names such as array( 'stable', 'beta' ): lower-case letters, digits and hyphens." );
		}
		$product                = new self( rtrim( $root, '/' ), $slug, $file, $account, $parent );
		$product->languages_dir = '' === $languages ? '' : rtrim( $languages, '/\\' );
		$product->public_keys   = $keys;
		$product->channels      = array_values( $channels );
		return $product;
	}

	/**
	 * Refuses a plain-http address unless plain http is allowed on its host.
	 *
	 * @param string $key The config key, for the message.
	 * @param string $url An http(s) URL, already checked for its form.
	 * @throws \InvalidArgumentException When it is http on another host.
	 */
	private static function https_unless_local( string $key, string $url ): void {
		if ( 0 !== stripos( $url, 'http://' ) ) {
			return;
		}
		$authority = (string) substr( $url, 7, strcspn( $url, '/?#', 7 ) );
		$at        = strrpos( $authority, '@' );
		$host      = false === $at ? $authority : substr( $authority, $at + 1 );
		$host      = '[' === substr( $host, 0, 1 ) ? substr( $host, 0, (int) strpos( $host . ']', ']' ) + 1 ) : (string) strtok( $host, ':' );
		if ( ! self::plain_http_allowed( $host ) ) {
			throw new \InvalidArgumentException( "'{$key}' must use https:// (got '{$url}'): over plain http anyone on the way could hand your customers a package and its hash. Plain http is allowed only on this computer or a local development name: localhost, 127.x.x.x, [::1], or a name ending in ." . implode( ', .', self::PLAIN_HTTP_SUFFIXES ) . '.' );
		}
	}

	/**
	 * Whether a licence server on this host may be asked over plain http: a loopback address (localhost,
	 * 127.0.0.0/8, [::1]) or a name under one of PLAIN_HTTP_SUFFIXES.
	 *
	 * @param string $host Host as in the URL (IPv6 in brackets), any letter case.
	 */
	public static function plain_http_allowed( string $host ): bool {
		$host = strtolower( $host );
		if ( '[::1]' === $host || 'localhost' === $host ) {
			return true;
		}
		if ( preg_match( '/^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/', $host, $octets ) ) {
			return max( (int) $octets[1], (int) $octets[2], (int) $octets[3] ) <= 255;
		}
		$label = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
		return 1 === preg_match( '/^(?:' . $label . '\.)+(?:' . implode( '|', self::PLAIN_HTTP_SUFFIXES ) . ')$/', $host );
	}

	/**
	 * A string key, '' when absent.
	 *
	 * @param array<string, mixed> $config Config.
	 * @param string               $key    Key.
	 * @throws \InvalidArgumentException When the key holds something else than a string.
	 */
	private static function string( array $config, string $key ): string {
		if ( ! isset( $config[ $key ] ) ) {
			return '';
		}
		if ( ! is_string( $config[ $key ] ) ) {
			throw new \InvalidArgumentException( "'{$key}' must be a string." );
		}
		return trim( $config[ $key ] );
	}

	/**
	 * The release channels the licence screen offers until the server names the product's own.
	 *
	 * @return list<string>
	 */
	public function channels(): array {
		return $this->channels;
	}

	/**
	 * REST root for /svc/v1.
	 */
	public function root(): string {
		return $this->root;
	}

	/**
	 * Product slug.
	 */
	public function slug(): string {
		return $this->slug;
	}

	/**
	 * Main file.
	 */
	public function file(): string {
		return $this->file;
	}

	/**
	 * The same call with the keys baked into the SDK copy the product bundles (its trusted-keys.php) added; a key id
	 * the call names itself keeps the call's key. Entries that are not a key id => base64url key are left out.
	 *
	 * @param mixed $baked What trusted-keys.php returned.
	 */
	public function with_baked_keys( $baked ): self {
		$product = clone $this;
		foreach ( is_array( $baked ) ? $baked : array() as $kid => $key ) {
			if ( ! isset( $product->public_keys[ $kid ] ) && self::are_public_keys( array( $kid => $key ) ) ) {
				$product->public_keys[ (string) $kid ] = (string) $key;
			}
		}
		return $product;
	}

	/**
	 * The SDK copies this product bundles: those given that lie inside its own folder (the plugin's folder, or the
	 * theme's), and the place the README tells sellers to unzip it, vendor/svc-licensing-client/ (where a copy
	 * older than leases sits without recording itself).
	 *
	 * @param string[] $copies Folders of the SDK copies included.
	 * @return string[]
	 */
	public function own_copies( array $copies ): array {
		$folder   = rtrim( str_replace( '\\', '/', dirname( $this->file ) ), '/' ) . '/';
		$copies[] = $folder . 'vendor/svc-licensing-client';
		$own      = array();
		foreach ( $copies as $copy ) {
			if ( 0 === strpos( str_replace( '\\', '/', $copy ) . '/', $folder ) ) {
				$own[] = $copy;
			}
		}
		return array_values( array_unique( $own ) );
	}

	/**
	 * The root keys of its leases' trust: key id => Ed25519 public key (base64url).
	 *
	 * @return array<string, string>
	 */
	public function public_keys(): array {
		return $this->public_keys;
	}

	/**
	 * Whether every entry is a key id => a 32-byte key in base64url.
	 *
	 * @param array<mixed, mixed> $keys The entries.
	 * @phpstan-assert-if-true array<string, string> $keys
	 */
	private static function are_public_keys( array $keys ): bool {
		foreach ( $keys as $kid => $key ) {
			$bytes = is_string( $key ) ? Base64Url::decode( $key ) : null;
			if ( ! preg_match( '/^[A-Za-z0-9._:-]{1,64}$/D', (string) $kid ) || null === $bytes || 32 !== strlen( $bytes ) ) {
				return false;
			}
		}
		return true;
	}

	/**
	 * Customer account URL, or ''.
	 */
	public function account_url(): string {
		return $this->account_url;
	}

	/**
	 * The licence screen's parent menu as given, or '' for Plugins (Appearance for a theme).
	 */
	public function menu_parent(): string {
		return $this->menu_parent;
	}

	/**
	 * The seller's folder of translations (svc-licensing-client-<locale>.mo), or '' when the call names none.
	 */
	public function languages_dir(): string {
		return $this->languages_dir;
	}

	/**
	 * The admin file the licence screen's URL starts from: plugins.php or themes.php by default, the parent itself
	 * when it is an admin file (options-general.php, edit.php?post_type=…), else admin.php (a top-level menu).
	 *
	 * @param bool $is_theme Whether the product is a theme.
	 */
	public function screen_base( bool $is_theme ): string {
		if ( '' === $this->menu_parent ) {
			return $is_theme ? 'themes.php' : 'plugins.php';
		}
		return false !== strpos( $this->menu_parent, '.php' ) ? $this->menu_parent : 'admin.php';
	}

	/**
	 * Whether the file belongs to a theme: it lies in one of the theme roots given.
	 *
	 * @param string[] $theme_roots Absolute paths of the theme roots (WordPress' get_theme_roots, resolved).
	 */
	public function is_theme( array $theme_roots ): bool {
		$file = str_replace( '\\', '/', $this->file );
		foreach ( $theme_roots as $root ) {
			$root = rtrim( str_replace( '\\', '/', $root ), '/' ) . '/';
			if ( '/' !== $root && 0 === strpos( $file, $root ) ) {
				return true;
			}
		}
		return false;
	}
}
