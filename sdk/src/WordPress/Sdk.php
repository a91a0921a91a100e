<?php
/**
 * The chosen SDK copy at work: one per site, whatever number of products bundle it.
 *
 * @package SvcLicensingClient
 */

namespace Svc\LicensingClient\WordPress;

use Svc\LicensingClient\Connection;
use Svc\LicensingClient\InstallId;
use Svc\LicensingClient\License;
use Svc\LicensingClient\Multisite;
use Svc\LicensingClient\ProductConfig;

/**
 * Builds each product's parts from its integration call. A wrong call is reported to developers
 * (_doing_it_wrong) and to administrators (an admin notice that names the product and the key to fix); the
 * other products keep working.
 */
final class Sdk {

	/**
	 * The chosen copy at work, once started.
	 *
	 * @var self|null
	 */
	private static $instance = null;

	/**
	 * SDK version of the chosen copy.
	 *
	 * @var string
	 */
	private $version;

	/**
	 * Folder of the chosen copy.
	 *
	 * @var string
	 */
	private $dir;

	/**
	 * State.
	 *
	 * @var OptionStore
	 */
	private $store;

	/**
	 * HTTP.
	 *
	 * @var HttpTransport
	 */
	private $transport;

	/**
	 * The SDK's strings in the user's language.
	 *
	 * @var Translations
	 */
	private $translations;

	/**
	 * Integration mistakes: product => message.
	 *
	 * @var array<string, string>
	 */
	private $mistakes = array();

	/**
	 * Products by slug.
	 *
	 * @var array<string, Product>
	 */
	private $products = array();

	/**
	 * Plugins active on another site of the network alone, served here for their updates only, by slug.
	 *
	 * @var array<string, Product>
	 */
	private $elsewhere = array();

	/**
	 * Constructor.
	 *
	 * @param string $version SDK version.
	 * @param string $dir     The copy's folder.
	 */
	private function __construct( string $version, string $dir ) {
		$this->version      = $version;
		$this->dir          = $dir;
		$this->store        = OptionStore::site();
		$this->transport    = new HttpTransport( $version );
		$this->translations = new Translations( $dir . '/languages' );
	}

	/**
	 * The filter through which test sites move the SDK's clock (only they add to it). A lease is judged by the
	 * latest of this clock, the lease's issued_at and the latest time the site has seen (LeaseHolder), so no value
	 * of it brings back a lease that ran out.
	 */
	public const NOW_FILTER = 'svc_licensing_client_now';

	/**
	 * Called once, by the version registry, for the chosen copy.
	 *
	 * @param string $version SDK version.
	 * @param string $dir     The copy's folder.
	 * @return callable(array<string, mixed>): void The product handler.
	 */
	public static function start( string $version, string $dir ): callable {
		$sdk            = new self( $version, $dir );
		self::$instance = $sdk;
		$sdk->translations->add_hooks();
		add_action( 'admin_notices', array( $sdk, 'show_mistakes' ) );
		( new ExpiryNotice( array( $sdk, 'products' ) ) )->add_hooks();
		( new SiteChangeNotice( array( $sdk, 'products' ) ) )->add_hooks();
		if ( is_multisite() ) {
			// After the products' calls (at after_setup_theme), before core's update checks (admin_init, cron).
			add_action( 'init', array( $sdk, 'serve_network_products' ), 1 );
		}
		return array( $sdk, 'add_product' );
	}

	/**
	 * The chosen copy at work, or null before the registry started it.
	 */
	public static function instance(): ?self {
		return self::$instance;
	}

	/**
	 * One product's integration call.
	 *
	 * @param array<string, mixed> $config The call's array.
	 */
	public function add_product( array $config ): void {
		$name = isset( $config['product'] ) && is_string( $config['product'] ) ? $config['product'] : '?';
		try {
			$product = ProductConfig::from_array( $config );
		} catch ( \InvalidArgumentException $e ) {
			$this->mistakes[ $name ] = $e->getMessage();
			_doing_it_wrong( 'svc_licensing_client', esc_html( $e->getMessage() ), esc_html( $this->version ) );
			return;
		}
		if ( isset( $this->products[ $product->slug() ] ) ) {
			return;
		}
		$this->translations->add_folder( $product->languages_dir() );
		$product                            = $product->with_baked_keys( $this->baked_keys( $product ) );
		$roots                              = array_filter( array_map( 'realpath', (array) ( $GLOBALS['wp_theme_directories'] ?? array() ) ) );
		$is_theme                           = $product->is_theme( array_merge( $roots, (array) ( $GLOBALS['wp_theme_directories'] ?? array() ) ) );
		$basename                           = $is_theme ? '' : plugin_basename( $product->file() );
		$sitewide                           = is_multisite() ? get_site_option( 'active_sitewide_plugins', array() ) : array();
		$scope                              = Multisite::scope( is_multisite(), $is_theme, $basename, is_array( $sitewide ) ? $sitewide : array() );
		$store                              = Multisite::NETWORK === $scope ? OptionStore::network() : $this->store;
		$runtime                            = $this->product( $product, $is_theme, $store, $scope, Multisite::site_url( $scope, home_url(), $this->network_home() ), false );
		$this->products[ $product->slug() ] = $runtime;
		if ( ! $is_theme ) {
			$this->clean_up_on_delete( $runtime );
		}
		if ( is_multisite() && ! $is_theme && Multisite::SITE === $scope && is_admin() ) {
			$this->record_on_network( $product->slug(), $config );
		}
	}

	/**
	 * One product's runtime, its hooks added.
	 *
	 * @param ProductConfig $product   The call.
	 * @param bool          $is_theme  Whether it is a theme.
	 * @param OptionStore   $store     Where its licence lives.
	 * @param string        $scope     Multisite::NETWORK or Multisite::SITE.
	 * @param string        $site_url  The address its licence names.
	 * @param bool          $elsewhere A plugin active on another site, served here for its updates only.
	 */
	private function product( ProductConfig $product, bool $is_theme, OptionStore $store, string $scope, string $site_url, bool $elsewhere ): Product {
		$license = new License(
			$product,
			new Connection( $product->root(), $this->transport, $store, 'time' ),
			$store,
			$site_url,
			InstallId::fingerprint( $this->install_id( $store ) ),
			array( self::class, 'now' ),
			Multisite::network_url( is_multisite(), $this->network_home() )
		);
		$runtime = new Product( $product, $is_theme, $license, $this->version, $store, $scope, $elsewhere );
		$runtime->add_hooks();
		return $runtime;
	}

	/**
	 * The SDK's clock: time(), moved by test sites through NOW_FILTER.
	 */
	public static function now(): int {
		$now = time();
		return has_filter( self::NOW_FILTER ) ? (int) apply_filters( 'svc_licensing_client_now', $now ) : $now;
	}

	/**
	 * The keys baked into the SDK copy a product bundles: the trusted-keys.php of each copy that lies in the
	 * product's own folder (svc-licensing-client.php records where every copy sits as it is included), merged.
	 *
	 * @param ProductConfig $product The call.
	 * @return array<mixed, mixed>
	 */
	private function baked_keys( ProductConfig $product ): array {
		$keys = array();
		foreach ( $product->own_copies( self::copies() ) as $copy ) {
			$file = $copy . '/trusted-keys.php';
			if ( is_file( $file ) ) {
				$baked = include $file;
				$keys += is_array( $baked ) ? $baked : array();
			}
		}
		return $keys;
	}

	/**
	 * The folders of the SDK copies included in this request.
	 *
	 * @return string[]
	 */
	private static function copies(): array {
		$copies = $GLOBALS['svc_licensing_client_copies'] ?? array();
		return is_array( $copies ) ? array_values( array_filter( $copies, 'is_string' ) ) : array();
	}

	/**
	 * Whether a product of this site is licensed now, by its verified lease (svc_licensing_client_is_valid()).
	 * Asks no server. False for a product this site has not set up.
	 *
	 * @param string $slug The product's slug.
	 */
	public function is_valid( string $slug ): bool {
		return isset( $this->products[ $slug ] ) && $this->products[ $slug ]->license()->is_valid();
	}

	/**
	 * The network's main home URL ('' on a single site).
	 */
	private function network_home(): string {
		return is_multisite() ? network_home_url() : '';
	}

	/**
	 * Records, network-wide, that this site runs a plugin with this call (on admin requests, when it changed), so a
	 * request where the plugin is not loaded, such as Network Admin's, can serve its updates.
	 *
	 * @param string               $slug The product's slug.
	 * @param array<string, mixed> $call Its svc_licensing_client() call.
	 */
	private function record_on_network( string $slug, array $call ): void {
		$network = OptionStore::network();
		$stored  = $network->get( 'network_products' );
		$updated = Multisite::record( $stored, $slug, get_current_blog_id(), $call );
		if ( $updated !== $stored ) {
			$network->set( 'network_products', $updated );
		}
	}

	/**
	 * The plugins active on other sites of the network alone, recorded by them, that this request did not load:
	 * each is served here for its updates, with the key and records of the site it is active on (Multisite). Only
	 * in wp-admin and WP-Cron, where core checks, shows and installs updates.
	 */
	public function serve_network_products(): void {
		// Updates are looked at and installed in wp-admin and WP-Cron only: a visitor's page reads nothing more.
		if ( ! is_admin() && ! wp_doing_cron() ) {
			return;
		}
		$network              = OptionStore::network();
		$stored               = $network->get( 'network_products' );
		list( $serve, $kept ) = Multisite::to_serve(
			$stored,
			array_merge( array_keys( $this->products ), array_keys( $this->elsewhere ) ),
			static function ( int $site_id, string $file ): bool {
				$active = get_blog_option( $site_id, 'active_plugins', array() );
				return is_file( $file ) && is_array( $active ) && in_array( plugin_basename( $file ), $active, true );
			},
			static function ( int $site_id, string $slug ): bool {
				return is_string( OptionStore::of_site( $site_id )->get( 'product_' . $slug . '_key' ) );
			}
		);
		if ( is_array( $stored ) && $kept !== $stored ) {
			$network->set( 'network_products', $kept );
		}
		foreach ( $serve as $slug => $entry ) {
			try {
				$config = ProductConfig::from_array( $entry['call'] );
			} catch ( \InvalidArgumentException $e ) {
				continue;
			}
			$home                     = get_home_url( $entry['site_id'] );
			$this->elsewhere[ $slug ] = $this->product( $config, false, OptionStore::of_site( $entry['site_id'] ), Multisite::SITE, Multisite::site_url( Multisite::SITE, $home, '' ), true );
		}
	}

	/**
	 * Deleting the plugin frees its slot and removes its options. WordPress runs a plugin's uninstall.php when it
	 * has one, otherwise its registered uninstall callback after including the plugin (which brings the SDK back);
	 * the callback registered here does nothing itself, the work is hooked on uninstall_{plugin}. A plugin with an
	 * uninstall.php of its own requires its bundled SDK and calls svc_licensing_client_uninstall( 'slug' ) from it.
	 *
	 * @param Product $product The plugin.
	 */
	private function clean_up_on_delete( Product $product ): void {
		$slug = $product->config()->slug();
		add_action(
			'uninstall_' . $product->id(),
			function () use ( $slug ): void {
				$this->delete_product( $slug );
			}
		);
		if ( is_admin() && current_user_can( 'activate_plugins' ) ) {
			register_uninstall_hook( $product->config()->file(), array( self::class, 'uninstall_marker' ) );
		}
	}

	/**
	 * The callback WordPress stores to know the plugin has an uninstall routine; the work is on uninstall_{plugin}.
	 */
	public static function uninstall_marker(): void {
	}

	/**
	 * A plugin is being deleted: frees its slot on the licence server (best effort, not waited for) and removes
	 * every option of the product. From the uninstall hook the product is registered (WordPress included the
	 * plugin); from the plugin's own uninstall.php it is not (WordPress does not include the plugin for it), and the
	 * slot is freed from what the site stored when the key was activated (License::release_stored).
	 *
	 * @param string $slug The product's slug.
	 */
	public function delete_product( string $slug ): void {
		if ( isset( $this->products[ $slug ] ) ) {
			$this->products[ $slug ]->delete( $this->transport );
		} else {
			License::release_stored( $slug, $this->store, home_url(), InstallId::fingerprint( $this->install_id( $this->store ) ), array( $this->transport, 'send_and_forget' ), 'time' );
			wp_clear_scheduled_hook( Product::check_hook_of( $slug ) );
		}
		$this->store->forget_product( $slug );
	}

	/**
	 * This site's (or the network's) random id, made once and shared by every product kept there.
	 *
	 * @param OptionStore $store Where the products' licences live.
	 */
	private function install_id( OptionStore $store ): string {
		return InstallId::of( $store );
	}

	/**
	 * Integration mistakes, for administrators.
	 */
	public function show_mistakes(): void {
		if ( array() === $this->mistakes || ! current_user_can( 'activate_plugins' ) ) {
			return;
		}
		foreach ( $this->mistakes as $product => $message ) {
			printf(
				'<div class="notice notice-error"><p>%s</p></div>',
				esc_html(
					sprintf(
						/* translators: 1: product slug, 2: what to fix. */
						__( 'The licence client of "%1$s" is not set up correctly, so its licence and updates do not work: %2$s', 'svc-licensing-client' ),
						$product,
						$message
					)
				)
			);
		}
	}

	/**
	 * The site's products by slug.
	 *
	 * @return array<string, Product>
	 */
	public function products(): array {
		return $this->products;
	}

	/**
	 * The chosen copy's folder (diagnostics).
	 */
	public function dir(): string {
		return $this->dir;
	}
}
