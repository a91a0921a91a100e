<?php
/**
 * Installs, updates and removes the fast lane's must-use loader, and reports its state.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Lane;

use Svc\Licensing\Storage\Settings;

/**
 * The loader is a small file in the must-use plugins folder that names this plugin's lane.php and the version
 * it was written for. It is (re)written on activation, on every admin request whose loader is missing or
 * stale (so a plugin upgrade updates it), and when the setting is switched on; it is removed when the setting
 * is switched off, on deactivation and on uninstall. lane.php refuses to serve when the loader's version is not
 * the plugin's, so a stale loader never runs old rules: the normal route answers until it is rewritten.
 */
final class Loader {

	// Named to load after the site's other must-use plugins, whose hooks apply to the lane's answers as to any.
	public const FILE = 'zz-svc-licensing-lane.php';

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
		add_action( 'admin_init', array( $this, 'sync' ) );
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
		return "<?php\n/**\n * Plugin Name: Licence Service fast lane\n * Description: Answers licence checks before the rest of WordPress loads. Written, updated and removed by the Licence Service plugin; do not edit.\n * Version: {$this->version}\n *\n * @package SvcLicensing\n */\n\n"
			. "defined( 'ABSPATH' ) || exit;\n\n"
			. 'if ( is_file( ' . var_export( $lane, true ) . ' ) ) {' . "\n" // phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_var_export -- writes a PHP literal.
			. "\trequire " . var_export( $lane, true ) . ";\n" // phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_var_export -- writes a PHP literal.
			. "\tsvc_licensing_lane( " . var_export( $this->version, true ) . ', ' . var_export( plugin_basename( $this->plugin_file ), true ) . " );\n" // phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_var_export -- writes a PHP literal.
			. "}\n";
	}

	/**
	 * Writes, rewrites or removes the loader as the setting and version require.
	 */
	public function sync(): void {
		if ( ! $this->settings->get( 'fast_lane' ) || is_multisite() ) {
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
	 * Removes the loader (setting off, deactivation, uninstall).
	 */
	public static function remove(): void {
		if ( is_file( self::path() ) ) {
			wp_delete_file( self::path() );
		}
	}

	/**
	 * The lane's state: on (the loader is current), off (the setting), stale (being rewritten), or unwritable.
	 */
	public function state(): string {
		if ( ! $this->settings->get( 'fast_lane' ) ) {
			return 'off';
		}
		if ( is_multisite() ) {
			return 'multisite';
		}
		$path = self::path();
		if ( ! is_file( $path ) ) {
			return 'unwritable';
		}
		return file_get_contents( $path ) === $this->content() ? 'on' : 'stale'; // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a local file.
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
			'on'         => __( 'The fast lane is active: licence checks and update checks are answered before the rest of WordPress loads.', 'svc-licensing' ),
			'off'        => __( 'The fast lane is switched off in the Licence Service settings. Licence checks take the normal REST route, which loads all of WordPress for each call.', 'svc-licensing' ),
			'multisite'  => __( 'The fast lane does not run on multisite networks. Licence checks take the normal REST route.', 'svc-licensing' ),
			/* translators: %s: the must-use plugins folder. */
			'unwritable' => sprintf( __( 'The fast lane is switched on but its loader could not be written to %s. Licence checks take the normal REST route until the folder is writable by the web server.', 'svc-licensing' ), WPMU_PLUGIN_DIR ),
			'stale'      => __( 'The fast lane loader is from another version of the plugin, so it stands aside and licence checks take the normal REST route. It is rewritten on the next admin page load; if this stays, make the must-use plugins folder writable.', 'svc-licensing' ),
		);
		return array(
			'label'       => 'on' === $state ? __( 'The Licence Service fast lane is active', 'svc-licensing' ) : __( 'The Licence Service fast lane is not active', 'svc-licensing' ),
			'status'      => in_array( $state, array( 'on', 'off' ), true ) ? 'good' : 'recommended',
			'badge'       => array(
				'label' => __( 'Performance', 'svc-licensing' ),
				'color' => 'blue',
			),
			'description' => '<p>' . esc_html( $messages[ $state ] ) . '</p>',
			'test'        => 'svc_licensing_fast_lane',
		);
	}
}
