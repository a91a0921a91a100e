<?php
/**
 * After core updated the product: reports installed or failed (with core's error code) to the licence server,
 * once per version, in the background; and a fatal error in the product's code as failed / fatal_error.
 *
 * @package SvcLicensingClient
 */

namespace Svc\LicensingClient\WordPress;

use Svc\LicensingClient\HealthReport;
use Svc\LicensingClient\ProductState;
use Svc\LicensingClient\Reply;
use Svc\LicensingClient\StateStore;
use WP_Error;

/**
 * Core's upgrader hooks tell the outcome: `upgrader_pre_download` (after the SDK's own download, so a download or
 * checksum error is known), `upgrader_install_package_result` (the install's result), and at shutdown a run that
 * stopped before the install (an archive that would not unpack) with the error its skin kept. The report waits in
 * the SDK's state and one single WP-Cron event sends it (an install is held HealthReport::HOLD_SECONDS for a fatal).
 * A fatal error in the product's files reaches WordPress' fatal-error handler (recovery mode's), whose
 * `wp_php_error_message` filter runs even then: the report is sent at once without waiting for the answer, since
 * the product's code (and this SDK with it) may not load again on the next request. Fields: the licence key,
 * product, site and network addresses the update check already sends, the version, the outcome and the code.
 */
final class HealthReporter {

	/**
	 * The product.
	 *
	 * @var Product
	 */
	private $product;

	/**
	 * The SDK's state.
	 *
	 * @var StateStore
	 */
	private $store;

	/**
	 * Its updates (the offered version).
	 *
	 * @var Updater
	 */
	private $updater;

	/**
	 * HTTP, for the report sent during a fatal error.
	 *
	 * @var HttpTransport
	 */
	private $transport;

	/**
	 * In this request, the version core started installing, and its upgrader; null when none.
	 *
	 * @var array{version: string, upgrader: mixed}|null
	 */
	private $running = null;

	/**
	 * Constructor.
	 *
	 * @param Product       $product   The product.
	 * @param StateStore    $store     The SDK's state.
	 * @param Updater       $updater   Its updates.
	 * @param HttpTransport $transport HTTP.
	 */
	public function __construct( Product $product, StateStore $store, Updater $updater, HttpTransport $transport ) {
		$this->product   = $product;
		$this->store     = $store;
		$this->updater   = $updater;
		$this->transport = $transport;
	}

	/**
	 * Hooks.
	 */
	public function add_hooks(): void {
		// Loaded now: after an update this copy's files on disk may be another version's, or gone.
		class_exists( HealthReport::class );
		add_filter( 'upgrader_pre_download', array( $this, 'started' ), 20, 4 );
		add_filter( 'upgrader_install_package_result', array( $this, 'finished' ), 10, 2 );
		add_action( 'shutdown', array( $this, 'stopped_early' ), 1 );
		add_filter( 'wp_php_error_message', array( $this, 'fatal' ), 10, 2 );
		add_action( $this->cron_hook(), array( $this, 'send' ) );
	}

	/**
	 * Core is about to install one of this product's packages (the SDK's own download has run at priority 10).
	 *
	 * @param mixed $reply      The download's result: a file, false, or a WP_Error.
	 * @param mixed $package    The package URL.
	 * @param mixed $upgrader   The upgrader.
	 * @param mixed $hook_extra What is being upgraded.
	 * @return mixed The reply, unchanged.
	 */
	public function started( $reply, $package, $upgrader = null, $hook_extra = array() ) {
		unset( $package );
		if ( ! $this->names_me( $hook_extra ) ) {
			return $reply;
		}
		$offered = $this->updater->offered_version();
		if ( is_wp_error( $reply ) ) {
			$this->hold( HealthReport::after_upgrade( $offered, $this->product->installed_version(), (string) $reply->get_error_code(), time() ) );
			return $reply;
		}
		$this->running = array(
			'version'  => $offered,
			'upgrader' => $upgrader,
		);
		return $reply;
	}

	/**
	 * The install's result.
	 *
	 * @param mixed $result     The result, or a WP_Error.
	 * @param mixed $hook_extra What was upgraded.
	 * @return mixed The result, unchanged.
	 */
	public function finished( $result, $hook_extra ) {
		if ( null === $this->running || ! $this->names_me( $hook_extra ) ) {
			return $result;
		}
		$code          = $result instanceof WP_Error ? (string) $result->get_error_code() : null;
		$version       = $this->running['version'];
		$this->running = null;
		$this->hold( HealthReport::after_upgrade( $version, $this->product->installed_version(), $code, time() ) );
		return $result;
	}

	/**
	 * A run that started and never reached the install (the archive would not unpack): failed, with the first
	 * error code the upgrader's skin kept (the Plugins screen's and WP-Cron's skins keep them).
	 */
	public function stopped_early(): void {
		if ( null === $this->running ) {
			return;
		}
		$skin = is_object( $this->running['upgrader'] ) && isset( $this->running['upgrader']->skin ) ? $this->running['upgrader']->skin : null;
		$code = '';
		if ( is_object( $skin ) && method_exists( $skin, 'get_errors' ) ) {
			$errors = $skin->get_errors();
			$code   = $errors instanceof WP_Error ? (string) $errors->get_error_code() : '';
		}
		$version       = $this->running['version'];
		$this->running = null;
		$this->hold( HealthReport::after_upgrade( $version, $this->product->installed_version(), $code, time() ) );
	}

	/**
	 * WordPress' fatal-error handler is about to show its message: a fatal in this product's files is reported
	 * at once, for the version it runs.
	 *
	 * @param mixed $message The message.
	 * @param mixed $error   error_get_last()'s error.
	 * @return mixed The message, unchanged.
	 */
	public function fatal( $message, $error ) {
		$folder = $this->product->is_theme() ? get_theme_root() . '/' . $this->product->id() : dirname( $this->product->config()->file() );
		if ( ! $this->product->is_theme() && wp_normalize_path( $folder ) === wp_normalize_path( WP_PLUGIN_DIR ) ) {
			$folder = ''; // A single-file plugin: no folder of its own to blame.
		}
		if ( ! HealthReport::is_fatal_in( $error, wp_normalize_path( $folder ) ) ) {
			return $message;
		}
		$report = HealthReport::fatal( $this->product->installed_version(), time() );
		if ( null === HealthReport::due( $report, $this->reported(), time() ) || '' === $this->product->license()->key() ) {
			return $message;
		}
		$this->store->set( $this->key( 'reported' ), $report['version'] );
		$this->store->set( $this->key( 'report' ), null );
		$this->transport->send_and_forget( 'POST', $this->product->config()->root() . '/updates/report', $this->fields( $report ) );
		return $message;
	}

	/**
	 * The cron event: sends the pending report when it is due; an outage keeps it for an hour later.
	 */
	public function send(): void {
		$pending = $this->store->get( $this->key( 'report' ) );
		$report  = HealthReport::due( $pending, $this->reported(), time() );
		if ( null === $report ) {
			if ( is_array( $pending ) && isset( $pending['due'] ) && (int) $pending['due'] > time() ) {
				wp_schedule_single_event( (int) $pending['due'], $this->cron_hook() );
			}
			return;
		}
		if ( '' === $this->product->license()->key() ) {
			$this->store->set( $this->key( 'report' ), null );
			return;
		}
		$reply = $this->product->license()->connection()->call( 'POST', '/updates/report', $this->fields( $report ) );
		if ( in_array( $reply->kind(), array( Reply::UNAVAILABLE, Reply::WAITING ), true ) ) {
			wp_schedule_single_event( time() + HOUR_IN_SECONDS, $this->cron_hook() );
			return;
		}
		$this->store->set( $this->key( 'reported' ), $report['version'] );
		$this->store->set( $this->key( 'report' ), null );
	}

	/**
	 * Keeps a pending report (unless a failure of the same version is already waiting) and schedules its event.
	 *
	 * @param array{version: string, outcome: string, error_code: string, due: int}|null $report The report.
	 */
	private function hold( ?array $report ): void {
		if ( null === $report || $report['version'] === $this->reported() || ! HealthReport::replaces( $this->store->get( $this->key( 'report' ) ), $report ) ) {
			return;
		}
		$this->store->set( $this->key( 'report' ), $report );
		wp_clear_scheduled_hook( $this->cron_hook() );
		wp_schedule_single_event( $report['due'], $this->cron_hook() );
	}

	/**
	 * The request fields of a report.
	 *
	 * @param array{version: string, outcome: string, error_code: string} $report The report.
	 * @return array<string, string>
	 */
	private function fields( array $report ): array {
		$license = $this->product->license();
		return HealthReport::fields( $report, $license->key(), $this->product->config()->slug(), $license->site_url(), $license->network_url() );
	}

	/**
	 * Whether the upgrader's hook_extra names this product.
	 *
	 * @param mixed $hook_extra What is being upgraded.
	 */
	private function names_me( $hook_extra ): bool {
		$key = $this->product->is_theme() ? 'theme' : 'plugin';
		return is_array( $hook_extra ) && isset( $hook_extra[ $key ] ) && $hook_extra[ $key ] === $this->product->id();
	}

	/**
	 * The version last reported, or null.
	 */
	private function reported(): ?string {
		$reported = $this->store->get( $this->key( 'reported' ) );
		return is_string( $reported ) ? $reported : null;
	}

	/**
	 * A store key of the product's.
	 *
	 * @param string $what What.
	 */
	private function key( string $what ): string {
		return ProductState::key( $this->product->config()->slug(), $what );
	}

	/**
	 * The cron hook that sends the product's report.
	 */
	public function cron_hook(): string {
		return 'svc_licensing_client_report_' . $this->product->config()->slug();
	}
}
