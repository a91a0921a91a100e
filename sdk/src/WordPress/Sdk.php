<?php
/**
 * The chosen SDK copy at work: one per site, whatever number of products bundle it.
 *
 * @package SvcLicensingClient
 */

namespace Svc\LicensingClient\WordPress;

use Svc\LicensingClient\Connection;
use Svc\LicensingClient\InstallId;
use Svc\LicensingClient\Licence;
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
	 * Constructor.
	 *
	 * @param string $version SDK version.
	 * @param string $dir     The copy's folder.
	 */
	private function __construct( string $version, string $dir ) {
		$this->version      = $version;
		$this->dir          = $dir;
		$this->store        = new OptionStore();
		$this->transport    = new HttpTransport( $version );
		$this->translations = new Translations( $dir . '/languages' );
	}

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
		$roots    = array_filter( array_map( 'realpath', (array) ( $GLOBALS['wp_theme_directories'] ?? array() ) ) );
		$is_theme = $product->is_theme( array_merge( $roots, (array) ( $GLOBALS['wp_theme_directories'] ?? array() ) ) );
		$licence  = new Licence(
			$product,
			new Connection( $product->root(), $this->transport, $this->store, 'time' ),
			$this->store,
			home_url(),
			InstallId::fingerprint( $this->install_id() ),
			'time'
		);
		$runtime  = new Product( $product, $is_theme, $licence, $this->version, $this->store );
		$runtime->add_hooks();
		$this->products[ $product->slug() ] = $runtime;
		if ( ! $is_theme ) {
			$this->clean_up_on_delete( $runtime );
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
	 * slot is freed from what the site stored when the key was activated (Licence::release_stored).
	 *
	 * @param string $slug The product's slug.
	 */
	public function delete_product( string $slug ): void {
		if ( isset( $this->products[ $slug ] ) ) {
			$this->products[ $slug ]->delete( $this->transport );
		} else {
			Licence::release_stored( $slug, $this->store, InstallId::fingerprint( $this->install_id() ), array( $this->transport, 'send_and_forget' ), 'time' );
			wp_clear_scheduled_hook( Product::check_hook_of( $slug ) );
		}
		$this->store->forget_product( $slug );
	}

	/**
	 * This site's random id, made once and shared by every product.
	 */
	private function install_id(): string {
		$id = $this->store->get( 'install_id' );
		if ( ! InstallId::is_valid( $id ) ) {
			$id = InstallId::generate();
			$this->store->set( 'install_id', $id );
		}
		return (string) $id;
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
