<?php
/**
 * One licensed plugin or theme on this site, with its screen, its updates and its daily check.
 *
 * @package SvcLicensingClient
 */

namespace Svc\LicensingClient\WordPress;

use Svc\LicensingClient\License;
use Svc\LicensingClient\Multisite;
use Svc\LicensingClient\ProductConfig;
use Svc\LicensingClient\StateStore;

/**
 * What WordPress knows of the product (its basename or stylesheet, name and installed version) and the hooks
 * that serve it.
 */
final class Product {

	/**
	 * The integration call.
	 *
	 * @var ProductConfig
	 */
	private $config;

	/**
	 * Whether it is a theme.
	 *
	 * @var bool
	 */
	private $is_theme;

	/**
	 * Its licence.
	 *
	 * @var License
	 */
	private $license;

	/**
	 * SDK version.
	 *
	 * @var string
	 */
	private $sdk_version;

	/**
	 * The SDK's state.
	 *
	 * @var StateStore
	 */
	private $store;

	/**
	 * Its updates, once hooked.
	 *
	 * @var Updater|null
	 */
	private $updater = null;

	/**
	 * Where its licence lives: Multisite::NETWORK (a plugin activated network-wide) or Multisite::SITE.
	 *
	 * @var string
	 */
	private $scope;

	/**
	 * Whether it is a plugin active on another site of the network, served here only for its updates.
	 *
	 * @var bool
	 */
	private $elsewhere;

	/**
	 * Constructor.
	 *
	 * @param ProductConfig $config      The integration call.
	 * @param bool          $is_theme    Whether it is a theme.
	 * @param License       $license     Its licence.
	 * @param string        $sdk_version SDK version.
	 * @param StateStore    $store       The SDK's state.
	 * @param string        $scope       Multisite::NETWORK or Multisite::SITE.
	 * @param bool          $elsewhere   A plugin active on another site of the network, served for its updates only.
	 */
	public function __construct( ProductConfig $config, bool $is_theme, License $license, string $sdk_version, StateStore $store, string $scope = Multisite::SITE, bool $elsewhere = false ) {
		$this->config      = $config;
		$this->is_theme    = $is_theme;
		$this->license     = $license;
		$this->sdk_version = $sdk_version;
		$this->store       = $store;
		$this->scope       = $scope;
		$this->elsewhere   = $elsewhere;
	}

	/**
	 * Hooks its parts; a plugin active on another site only gets its updates here (its screen and daily check are
	 * that site's).
	 */
	public function add_hooks(): void {
		$this->updater = new Updater( $this, $this->store );
		$this->updater->add_hooks();
		( new HealthReporter( $this, $this->store, $this->updater, new HttpTransport( $this->sdk_version ) ) )->add_hooks();
		if ( $this->elsewhere ) {
			return;
		}
		( new LicenseScreen( $this ) )->add_hooks();
		add_action( $this->check_hook(), array( $this->license, 'check' ) );
		add_action( 'init', array( $this, 'schedule_check' ) );
	}

	/**
	 * The plugin is being deleted (its uninstall hook): frees the slot, best effort, and removes the SDK's options
	 * of this product; the daily check goes too.
	 *
	 * @param HttpTransport $transport HTTP.
	 */
	public function delete( HttpTransport $transport ): void {
		$this->license->release_on_delete( array( $transport, 'send_and_forget' ) );
		if ( null !== $this->updater ) {
			$this->updater->forget();
		}
		wp_clear_scheduled_hook( $this->check_hook() );
	}

	/**
	 * After the customer changed the licence on the screen: updates are looked for afresh.
	 */
	public function license_changed(): void {
		if ( null !== $this->updater ) {
			$this->updater->forget();
		}
	}

	/**
	 * The daily licence check runs in WP-Cron, never during a page load.
	 */
	public function schedule_check(): void {
		// A network licence is checked once a day for the network, by the main site's WP-Cron.
		if ( $this->is_network() && ! is_main_site() ) {
			return;
		}
		if ( false === wp_next_scheduled( $this->check_hook() ) ) {
			wp_schedule_event( time() + HOUR_IN_SECONDS, 'daily', $this->check_hook() );
		}
	}

	/**
	 * The cron hook of the daily check.
	 */
	public function check_hook(): string {
		return self::check_hook_of( $this->config->slug() );
	}

	/**
	 * The cron hook of a product's daily check.
	 *
	 * @param string $slug The product's slug.
	 */
	public static function check_hook_of( string $slug ): string {
		return 'svc_licensing_client_check_' . $slug;
	}

	/**
	 * The integration call.
	 */
	public function config(): ProductConfig {
		return $this->config;
	}

	/**
	 * Its licence.
	 */
	public function license(): License {
		return $this->license;
	}

	/**
	 * Whether it is a theme.
	 */
	public function is_theme(): bool {
		return $this->is_theme;
	}

	/**
	 * The plugin's basename (acme-widgets/acme-widgets.php) or the theme's stylesheet (acme-theme).
	 */
	public function id(): string {
		return $this->is_theme ? basename( dirname( $this->config->file() ) ) : plugin_basename( $this->config->file() );
	}

	/**
	 * The name from the plugin's or theme's header, or the slug.
	 */
	public function name(): string {
		$name = $this->header( 'Name' );
		return '' === $name ? $this->config->slug() : $name;
	}

	/**
	 * The installed version, from the header.
	 */
	public function installed_version(): string {
		return $this->header( 'Version' );
	}

	/**
	 * Who may see and use the licence screen: the network's administrators for a network licence.
	 */
	public function capability(): string {
		if ( $this->is_network() ) {
			return 'manage_network_plugins';
		}
		return $this->is_theme ? 'switch_themes' : 'activate_plugins';
	}

	/**
	 * Whether its licence is the network's (a plugin activated network-wide).
	 */
	public function is_network(): bool {
		return Multisite::NETWORK === $this->scope;
	}

	/**
	 * SDK version.
	 */
	public function sdk_version(): string {
		return $this->sdk_version;
	}

	/**
	 * A header field.
	 *
	 * @param string $field Name or Version.
	 */
	private function header( string $field ): string {
		if ( $this->is_theme ) {
			$value = wp_get_theme( $this->id() )->get( $field );
			return is_string( $value ) ? $value : '';
		}
		$headers = get_file_data(
			$this->config->file(),
			array(
				'Name'    => 'Plugin Name',
				'Version' => 'Version',
			)
		);
		return (string) ( $headers[ $field ] ?? '' );
	}
}
