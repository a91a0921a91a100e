<?php
/**
 * The top-level wp-admin menu and the panel's assets.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Admin;

use Svc\Licensing\Domain\Access\Permission;
use Svc\Licensing\Domain\Event\EventType;

/**
 * Registers the menu and loads the compiled TypeScript panel from build/.
 */
final class AdminPage {
	public const SLUG    = Screens::SLUG;
	public const ROOT_ID = 'svc-licensing-root';

	private const HANDLE = 'svc-licensing-panel';

	/**
	 * Plugin folder, with a trailing slash.
	 *
	 * @var string
	 */
	private $plugin_dir;

	/**
	 * Plugin main file, for plugins_url().
	 *
	 * @var string
	 */
	private $plugin_file;

	/**
	 * Service version, for asset cache-busting when the build has none.
	 *
	 * @var string
	 */
	private $version;

	/**
	 * Constructor.
	 *
	 * @param string $plugin_file Plugin main file.
	 * @param string $version     Service version.
	 */
	public function __construct( string $plugin_file, string $version ) {
		$this->plugin_file = $plugin_file;
		$this->plugin_dir  = plugin_dir_path( $plugin_file );
		$this->version     = $version;
	}

	/**
	 * Hooks.
	 */
	public function add_hooks(): void {
		add_action( 'admin_menu', array( $this, 'register_menu' ) );
		add_action( 'admin_enqueue_scripts', array( $this, 'enqueue' ) );
	}

	/**
	 * Hook suffixes of the panel's screens, filled by register_menu().
	 *
	 * @var array<string, string>
	 */
	private $hooks = array();

	/**
	 * Adds the menu: one top-level entry, one submenu per screen.
	 */
	public function register_menu(): void {
		add_menu_page(
			__( 'Licence Service', 'svc-licensing' ),
			__( 'Licences', 'svc-licensing' ),
			Screens::capability_for_current_user( Screens::level( 'licenses' ) ),
			self::SLUG,
			array( $this, 'render' ),
			'dashicons-admin-network',
			58
		);
		foreach ( Screens::names() as $screen ) {
			$title = Screens::title( $screen );
			$hook  = add_submenu_page( self::SLUG, $title, $title, Screens::capability_for_current_user( Screens::level( $screen ) ), Screens::page( $screen ), array( $this, 'render' ) );
			if ( is_string( $hook ) ) {
				$this->hooks[ $hook ] = $screen;
			}
		}
	}

	/**
	 * Loads the panel on its own screen only.
	 *
	 * @param string $hook_suffix Current admin screen.
	 */
	public function enqueue( string $hook_suffix ): void {
		if ( ! isset( $this->hooks[ $hook_suffix ] ) ) {
			return;
		}
		$asset_file = $this->plugin_dir . 'build/index.asset.php';
		if ( ! file_exists( $asset_file ) ) {
			return;
		}
		$asset = require $asset_file;
		JsxRuntime::ensure();
		wp_enqueue_script(
			self::HANDLE,
			plugins_url( 'build/index.js', $this->plugin_file ),
			$asset['dependencies'] ?? array(),
			$asset['version'] ?? $this->version,
			true
		);
		// The panel's strings: svc-licensing-<locale>-<md5 of build/index.js>.json in languages/ or the language packs.
		wp_set_script_translations( self::HANDLE, 'svc-licensing', $this->plugin_dir . 'languages' );
		$this->preload( $this->hooks[ $hook_suffix ] );
		wp_localize_script(
			self::HANDLE,
			'svcLicensingPanel',
			array(
				'screen'     => $this->hooks[ $hook_suffix ],
				// The screens this user may open, declared once in Screens: the panel's links and headings use them.
				'screens'    => Screens::for_script(),
				'level'      => Permission::for_user( 'current_user_can' ),
				'homeUrl'    => esc_url_raw( home_url() ),
				'restUrl'    => esc_url_raw( rest_url() ),
				'nonce'      => wp_create_nonce( 'wp_rest' ),
				// What an outbound webhook endpoint may ask for: the one list, the API's enum too.
				'eventTypes' => EventType::ALL,
			)
		);
		wp_enqueue_style( 'wp-components' );
		if ( file_exists( $this->plugin_dir . 'build/style-index.css' ) ) {
			wp_enqueue_style( self::HANDLE, plugins_url( 'build/style-index.css', $this->plugin_file ), array( 'wp-components' ), $asset['version'] ?? $this->version );
		}
	}

	/**
	 * Answers the first screen asks for before anything else, handed to api-fetch's preloading middleware as core's
	 * editors do: the first-run checklist then paints with the screen instead of pushing the list down a moment
	 * later.
	 *
	 * @param string $screen Screen name.
	 */
	private function preload( string $screen ): void {
		if ( 'licenses' !== $screen || Permission::ADMIN !== Permission::for_user( 'current_user_can' ) ) {
			return;
		}
		$preloaded = array_reduce( array( '/svc/v1/admin/onboarding' ), 'rest_preload_api_request', array() );
		wp_add_inline_script(
			'wp-api-fetch',
			sprintf( 'wp.apiFetch.use( wp.apiFetch.createPreloadingMiddleware( %s ) );', (string) wp_json_encode( $preloaded ) ),
			'after'
		);
	}

	/**
	 * The mount point; without a build it says how to make one.
	 */
	public function render(): void {
		if ( ! file_exists( $this->plugin_dir . 'build/index.asset.php' ) ) {
			echo '<div class="wrap"><h1>' . esc_html__( 'Licence Service', 'svc-licensing' ) . '</h1><div class="notice notice-error"><p>'
				. esc_html__( 'The admin panel has not been built. Run "npm run build" in the plugin\'s source tree.', 'svc-licensing' )
				. '</p></div></div>';
			return;
		}
		echo '<div class="wrap" id="' . esc_attr( self::ROOT_ID ) . '"></div>';
	}
}
