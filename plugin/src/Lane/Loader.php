<?php
/**
 * Installs, updates and removes the fast lane's must-use loader, and reports its state.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Lane;

use Svc\Licensing\Domain\Lane\LoaderPolicy;
use Svc\Licensing\Storage\Settings;

/**
 * The loader is a small file in the must-use plugins folder that names this plugin's lane.php, the lane entry it
 * calls and the version it was written for. It is (re)written on activation, when the setting is saved, and on an
 * administrator's admin page whose loader is missing or stale (so a plugin upgrade updates it; never on
 * admin-ajax.php or for anyone else: LoaderPolicy::admin_request_syncs); it is removed when the setting is
 * switched off, when DISALLOW_FILE_MODS is true, on deactivation and on uninstall. A stale loader never runs old
 * rules: it calls the entry only where lane.php still defines it (ENTRY), and that entry refuses to serve when
 * the loader's version is not the plugin's, so the normal route answers until the loader is rewritten.
 */
final class Loader {

	// Named to load after the site's other must-use plugins, whose hooks apply to the lane's answers as to any.
	public const FILE = 'zz-svc-licensing-lane.php';

	/**
	 * The lane's entry in lane.php, named with its API version. Its parameters never change: a change is a new
	 * entry (svc_licensing_lane_v2) named here, so a loader written by another plugin version finds no entry of its
	 * own and stands aside, never calling one whose parameters changed.
	 */
	public const ENTRY = 'svc_licensing_lane_v1';

	/**
	 * Plugin main file.
	 *
	 * @var string
	 */
	private $plugin_file;

	/**
	 * Plugin version.
	 *
	 * @var string
	 */
	private $version;

	/**
	 * Settings.
	 *
	 * @var Settings
	 */
	private $settings;

	/**
	 * Constructor.
	 *
	 * @param string   $plugin_file Plugin main file.
	 * @param string   $version     Plugin version.
	 * @param Settings $settings    Settings.
	 */
	public function __construct( string $plugin_file, string $version, Settings $settings ) {
		$this->plugin_file = $plugin_file;
		$this->version     = $version;
		$this->settings    = $settings;
	}

	/**
	 * Hooks.
	 */
	public function add_hooks(): void {
		add_action( 'admin_init', array( $this, 'sync_for_admin' ) );
		add_action( 'update_option_' . Settings::OPTION, array( $this, 'sync' ) );
		add_action( 'add_option_' . Settings::OPTION, array( $this, 'sync' ) );
		add_filter( 'site_status_tests', array( $this, 'add_site_health_test' ) );
	}

	/**
	 * Full path of the loader.
	 */
	public static function path(): string {
		return WPMU_PLUGIN_DIR . '/' . self::FILE;
	}

	/**
	 * The loader's content for this plugin and version.
	 */
	public function content(): string {
		$lane = dirname( $this->plugin_file ) . '/lane.php';
		// phpcs:disable WordPress.PHP.DevelopmentFunctions.error_log_var_export -- writes PHP literals.
		return "<?php\n/**\n * Plugin Name: Licence Service fast lane\n * Description: Answers licence checks before the rest of WordPress loads. Written, updated and removed by the Licence Service plugin; do not edit.\n * Version: {$this->version}\n *\n * @package SvcLicensing\n */\n\n"
			. "defined( 'ABSPATH' ) || exit;\n\n"
			. 'if ( is_file( ' . var_export( $lane, true ) . ' ) ) {' . "\n"
			. "\trequire_once " . var_export( $lane, true ) . ";\n"
			. "}\n"
			. "// The lane's entry of the API this loader was written for; a plugin version without it leaves WordPress to answer.\n"
			. 'if ( function_exists( ' . var_export( self::ENTRY, true ) . ' ) ) {' . "\n"
			. "\t" . self::ENTRY . '( ' . var_export( $this->version, true ) . ', ' . var_export( plugin_basename( $this->plugin_file ), true ) . " );\n"
			. "}\n";
		// phpcs:enable
	}

	/**
	 * Whether this site forbids the plugin to write code files (DISALLOW_FILE_MODS, usually in wp-config.php).
	 */
	public static function file_mods_disallowed(): bool {
		return defined( 'DISALLOW_FILE_MODS' ) && DISALLOW_FILE_MODS;
	}

	/**
	 * Whether the lane may run here and its loader belongs on disk (LoaderPolicy::wanted); lane.php asks it on
	 * every request, so a loader that could not be removed stands aside.
	 *
	 * @param Settings $settings Settings.
	 */
	public static function wanted( Settings $settings ): bool {
		return LoaderPolicy::wanted( (bool) $settings->get( 'fast_lane' ), is_multisite(), self::file_mods_disallowed() );
	}

	/**
	 * Brings the loader up to date on an administrator's admin page (admin_init), and on no other admin request.
	 */
	public function sync_for_admin(): void {
		if ( LoaderPolicy::admin_request_syncs( current_user_can( 'manage_options' ), wp_doing_ajax() ) ) {
			$this->sync();
		}
	}

	/**
	 * Writes, rewrites or removes the loader as the setting, the site and the version require.
	 */
	public function sync(): void {
		if ( ! self::wanted( $this->settings ) ) {
			self::remove();
			return;
		}
		$content = $this->content();
		$path    = self::path();
		if ( is_file( $path ) && file_get_contents( $path ) === $content ) { // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a local file.
			return;
		}
		if ( ! is_dir( WPMU_PLUGIN_DIR ) ) {
			wp_mkdir_p( WPMU_PLUGIN_DIR );
		}
		if ( ! is_dir( WPMU_PLUGIN_DIR ) || ! wp_is_writable( WPMU_PLUGIN_DIR ) ) {
			return;
		}
		// Written beside, then renamed over: a request never includes half a file.
		$staging = $path . '.' . wp_generate_password( 8, false ) . '.tmp';
		if ( false !== file_put_contents( $staging, $content ) ) { // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents -- must-use folder, no WP_Filesystem credentials in a request.
			rename( $staging, $path ); // phpcs:ignore WordPress.WP.AlternativeFunctions.rename_rename
		}
		if ( is_file( $staging ) ) {
			wp_delete_file( $staging );
		}
	}

	/**
	 * Removes the loader (setting off, DISALLOW_FILE_MODS, deactivation, uninstall), when the folder lets it.
	 */
	public static function remove(): void {
		if ( is_file( self::path() ) ) {
			wp_delete_file( self::path() );
		}
	}

	/**
	 * The lane's state (LoaderPolicy::state): on, off, multisite, file_mods_disallowed, unwritable or stale.
	 */
	public function state(): string {
		$path    = self::path();
		$current = is_file( $path ) ? file_get_contents( $path ) === $this->content() : null; // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a local file.
		return LoaderPolicy::state( (bool) $this->settings->get( 'fast_lane' ), is_multisite(), self::file_mods_disallowed(), $current );
	}

	/**
	 * Adds the lane to Site Health's direct tests.
	 *
	 * @param array<string, mixed> $tests Tests.
	 * @return array<string, mixed>
	 */
	public function add_site_health_test( $tests ) {
		$tests['direct']['svc_licensing_fast_lane'] = array(
			'label' => __( 'Licence Service fast lane', 'svc-licensing' ),
			'test'  => array( $this, 'site_health' ),
		);
		return $tests;
	}

	/**
	 * The Site Health result.
	 *
	 * @return array<string, mixed>
	 */
	public function site_health(): array {
		$state    = $this->state();
		$messages = array(
			'on'                   => __( 'The fast lane is active: licence checks and update checks are answered before the rest of WordPress loads.', 'svc-licensing' ),
			'off'                  => __( 'The fast lane is switched off in the Licence Service settings. Licence checks take the normal REST route, which loads all of WordPress for each call.', 'svc-licensing' ),
			'multisite'            => __( 'The fast lane does not run on multisite networks. Licence checks take the normal REST route.', 'svc-licensing' ),
			/* translators: %s: the must-use plugins folder. */
			'unwritable'           => sprintf( __( 'The fast lane is switched on but its loader could not be written to %s. Licence checks take the normal REST route until the folder is writable by the web server.', 'svc-licensing' ), WPMU_PLUGIN_DIR ),
			'stale'                => __( 'The fast lane loader is from another version of the plugin, so it stands aside and licence checks take the normal REST route. It is rewritten the next time an administrator opens an admin page; if this stays, make the must-use plugins folder writable.', 'svc-licensing' ),
			/* translators: %s: the loader's file name. */
			'file_mods_disallowed' => sprintf( __( 'The fast lane is off because this site sets DISALLOW_FILE_MODS, so the plugin does not write its loader to the must-use plugins folder. Licence checks take the normal REST route, which loads all of WordPress for each call. If a loader from before is still in that folder (%s), it stands aside, and you may delete it.', 'svc-licensing' ), self::FILE ),
		);
		return array(
			'label'       => 'on' === $state ? __( 'The Licence Service fast lane is active', 'svc-licensing' ) : __( 'The Licence Service fast lane is not active', 'svc-licensing' ),
			// The site's own choices (the setting, DISALLOW_FILE_MODS) leave nothing to fix.
			'status'      => in_array( $state, array( 'on', 'off', 'file_mods_disallowed' ), true ) ? 'good' : 'recommended',
			'badge'       => array(
				'label' => __( 'Performance', 'svc-licensing' ),
				'color' => 'blue',
			),
			'description' => '<p>' . esc_html( $messages[ $state ] ) . '</p>',
			'test'        => 'svc_licensing_fast_lane',
		);
	}
}
