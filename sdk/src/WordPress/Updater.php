<?php
/**
 * Updates of one product through WordPress core: the update transients, the "View details" modal, and the
 * package's SHA-256 checked before core installs it.
 *
 * @package SvcLicensingClient
 */

namespace Svc\LicensingClient\WordPress;

use Svc\LicensingClient\AutoUpdateStart;
use Svc\LicensingClient\PackageHash;
use Svc\LicensingClient\Reply;
use Svc\LicensingClient\StateStore;
use Svc\LicensingClient\UpdateMoment;
use Svc\LicensingClient\UpdateOffer;
use WP_Error;

/**
 * The offer goes in when core saves its update transient (pre_set_site_transient_update_*). That filter runs
 * whether or not WordPress.org answered: in WordPress 6.5 wp_update_plugins() saves the transient before it asks
 * WordPress.org and returns early when that request fails, before the Update URI filters. The server is asked
 * only where core itself checks for updates (UpdateMoment: WP-Cron, the Updates, Plugins and Themes screens, and
 * wherever core saves fresh update data, e.g. `wp plugin update`), at most once a minute, in one request for every
 * product of that server (UpdateChannel); everywhere else the last answer is used. An offer found in WP-Cron for a
 * product whose owner turned its auto-updates on starts core's automatic updater (AutoUpdateStart), which core
 * otherwise starts only after WordPress.org answered.
 *
 * Core may download a package hours after the check that put its URL into the update data, and the URL's token
 * lives minutes. So when core is about to download one of this product's packages (named by the upgrader, or by
 * its URL), the SDK asks the server for the offer afresh and downloads that offer's package itself, and hands core
 * the file only when its SHA-256 is the one that same answer published. It never lets core download one of its
 * packages unchecked: no offer, or no hash, refuses the install with a message.
 */
final class Updater {

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
	 * The update checks of the products of this product's server.
	 *
	 * @var UpdateChannel
	 */
	private $channel;

	/**
	 * Constructor.
	 *
	 * @param Product    $product The product.
	 * @param StateStore $store   The SDK's state.
	 */
	public function __construct( Product $product, StateStore $store ) {
		$this->product = $product;
		$this->store   = $store;
		$this->channel = UpdateChannel::join( $this, $product->license()->connection(), $store );
	}

	/**
	 * Hooks.
	 */
	public function add_hooks(): void {
		if ( $this->product->is_theme() ) {
			add_filter( 'pre_set_site_transient_update_themes', array( $this, 'inject' ) );
		} else {
			add_filter( 'pre_set_site_transient_update_plugins', array( $this, 'inject' ) );
			add_filter( 'plugins_api', array( $this, 'details' ), 10, 3 );
		}
		add_filter( 'upgrader_pre_download', array( $this, 'verify' ), 10, 4 );
		add_action( 'upgrader_process_complete', array( $this, 'after_upgrade' ), 10, 2 );
	}

	/**
	 * After core updated (or tried to update) this product, the last answer was about another version.
	 *
	 * @param mixed $upgrader   The upgrader.
	 * @param mixed $hook_extra What was updated.
	 */
	public function after_upgrade( $upgrader, $hook_extra ): void {
		if ( ! is_array( $hook_extra ) ) {
			return;
		}
		$key   = $this->product->is_theme() ? 'theme' : 'plugin';
		$items = array_merge(
			isset( $hook_extra[ $key ] ) ? array( $hook_extra[ $key ] ) : array(),
			isset( $hook_extra[ $key . 's' ] ) && is_array( $hook_extra[ $key . 's' ] ) ? $hook_extra[ $key . 's' ] : array()
		);
		if ( in_array( $this->product->id(), $items, true ) ) {
			$this->store->set( $this->key(), null );
			$this->channel->reset();
		}
	}

	/**
	 * After the licence changed (activated, deactivated, checked): the last answer no longer holds, and core's
	 * next update check, on the next Updates, Plugins or Themes screen, must not wait for its own timer.
	 */
	public function forget(): void {
		$this->store->set( $this->key(), null );
		$this->channel->reset();
		delete_site_transient( $this->product->is_theme() ? 'update_themes' : 'update_plugins' );
	}

	/**
	 * Puts the offer (or "no update") into core's update transient.
	 *
	 * @param mixed $transient The transient being saved.
	 * @return mixed
	 */
	public function inject( $transient ) {
		if ( ! $transient instanceof \stdClass ) {
			return $transient;
		}
		$this->channel->refresh( UpdateMoment::core_checked( $transient, get_site_transient( $this->product->is_theme() ? 'update_themes' : 'update_plugins' ) ) );
		$id    = $this->product->id();
		$offer = $this->offer();
		if ( ! isset( $transient->response ) || ! is_array( $transient->response ) ) {
			$transient->response = array();
		}
		if ( ! isset( $transient->no_update ) || ! is_array( $transient->no_update ) ) {
			$transient->no_update = array();
		}
		$slug = dirname( $id );
		if ( null !== $offer ) {
			$entry                      = $this->product->is_theme() ? $offer->for_theme( $id ) : (object) $offer->for_plugin( $id, $slug );
			$transient->response[ $id ] = $entry;
			unset( $transient->no_update[ $id ] );
			$this->start_auto_update();
		} else {
			unset( $transient->response[ $id ] );
			$current                     = array(
				'new_version' => $this->product->installed_version(),
				'package'     => '',
				'url'         => '',
			);
			$transient->no_update[ $id ] = $this->product->is_theme()
				? array_merge( array( 'theme' => $id ), $current )
				: (object) array_merge(
					array(
						'id'     => $id,
						'slug'   => $slug,
						'plugin' => $id,
					),
					$current
				);
		}
		return $transient;
	}

	/**
	 * Schedules core's automatic updater (its own wp_maybe_auto_update event, run by the next WP-Cron request)
	 * when this check runs in WP-Cron, the owner turned this product's auto-updates on, and the updater is neither
	 * scheduled nor at work. Called with an installable offer in hand.
	 */
	private function start_auto_update(): void {
		if ( ! wp_doing_cron() ) {
			return;
		}
		if ( ! function_exists( 'wp_is_auto_update_enabled_for_type' ) ) {
			require_once ABSPATH . 'wp-admin/includes/update.php'; // @phpstan-ignore requireOnce.fileNotFound
		}
		$type = $this->product->is_theme() ? 'theme' : 'plugin';
		$on   = AutoUpdateStart::turned_on(
			wp_is_auto_update_enabled_for_type( $type ),
			get_site_option( "auto_update_{$type}s", array() ),
			$this->product->id()
		);
		if ( AutoUpdateStart::needed( true, true, $on, is_int( wp_next_scheduled( 'wp_maybe_auto_update' ) ), doing_action( 'wp_maybe_auto_update' ) ) ) {
			wp_schedule_single_event( time(), 'wp_maybe_auto_update' );
		}
	}

	/**
	 * Core's "View details" modal for the plugin, always ours (Details): the pending offer, or the installed version
	 * with its latest public release's changelog. Core never asks WordPress.org about our slug.
	 *
	 * @param mixed  $result Result so far.
	 * @param string $action plugins_api action.
	 * @param mixed  $args   Its arguments.
	 * @return mixed
	 */
	public function details( $result, $action, $args ) {
		if ( 'plugin_information' !== $action || ! is_object( $args ) || ! isset( $args->slug ) || dirname( $this->product->id() ) !== $args->slug ) {
			return $result;
		}
		return ( new Details( $this->product, $this->store ) )->plugin_information( $this->offer() );
	}

	/**
	 * Core is about to download a package. When it is one of this product's (the upgrader names the product, or the
	 * URL is this product's download on its server), the SDK asks the server for the offer now, downloads that
	 * offer's package itself and hands core the file only when its SHA-256 is the one the same answer published.
	 * Otherwise the install stops with a message and the installed version stays. A package another filter already
	 * fetched is checked the same way.
	 *
	 * @param mixed  $reply      False, or what another filter already decided.
	 * @param string $package    The package URL core is about to download.
	 * @param mixed  $upgrader   The upgrader.
	 * @param mixed  $hook_extra What is being upgraded (WordPress 5.5+).
	 * @return mixed
	 */
	public function verify( $reply, $package, $upgrader = null, $hook_extra = array() ) {
		if ( is_wp_error( $reply ) || ! $this->is_mine( $package, $hook_extra ) ) {
			return $reply;
		}
		$offer = $this->offer_now();
		if ( ! $offer instanceof UpdateOffer ) {
			return $offer;
		}
		if ( is_string( $reply ) && '' !== $reply ) {
			$file = $reply;
		} else {
			$file = $this->download( $offer->package() );
			if ( is_wp_error( $file ) ) {
				return $file;
			}
		}
		if ( ! PackageHash::matches( $file, $offer->sha256() ) ) {
			wp_delete_file( $file );
			return new WP_Error(
				'svc_licensing_client_package_mismatch',
				sprintf(
					/* translators: 1: product name, 2: offered version, 3: installed version. */
					__( 'The update package of %1$s %2$s does not match the checksum its licence server published, so it was not installed. %1$s stays at version %3$s. Please tell its developer.', 'svc-licensing-client' ),
					$this->product->name(),
					$offer->version(),
					$this->product->installed_version()
				)
			);
		}
		return $file;
	}

	/**
	 * Whether core is about to download one of this product's packages: the upgrader names this plugin or theme,
	 * or (a caller that names nothing) the URL is this product's download on its server or the last offer's.
	 *
	 * @param mixed $package    The package URL.
	 * @param mixed $hook_extra What is being upgraded.
	 */
	private function is_mine( $package, $hook_extra ): bool {
		$key = $this->product->is_theme() ? 'theme' : 'plugin';
		if ( is_array( $hook_extra ) && isset( $hook_extra[ $key ] ) && is_string( $hook_extra[ $key ] ) ) {
			return $hook_extra[ $key ] === $this->product->id();
		}
		if ( ! is_string( $package ) || '' === $package ) {
			return false;
		}
		$stored = $this->offer();
		return ( null !== $stored && $stored->package() === $package )
			|| UpdateMoment::is_download_of( $this->product->config()->root(), $this->slug(), $package );
	}

	/**
	 * The offer as the server makes it now (a fresh download link and the hash published with it), kept as the last
	 * answer; when the server cannot be asked, the last answer's. An error when there is none to install.
	 *
	 * @return UpdateOffer|WP_Error
	 */
	private function offer_now() {
		$reply = $this->channel->ask_now( $this );
		if ( $reply->is_answer() ) {
			$this->keep( $reply );
		}
		$offer = $this->offer();
		if ( null !== $offer ) {
			return $offer;
		}
		$stored = $this->store->get( $this->key() );
		if ( is_array( $stored ) && isset( $stored['answer']['package'] ) && is_string( $stored['answer']['package'] ) && '' !== $stored['answer']['package'] ) {
			// A package without a SHA-256 the SDK can check: never installed unchecked.
			return new WP_Error(
				'svc_licensing_client_no_checksum',
				sprintf(
					/* translators: 1: product name, 2: installed version. */
					__( 'The licence server of %1$s published no SHA-256 checksum the site can check for this update package, so it was not installed. %1$s stays at version %2$s. Please tell its developer.', 'svc-licensing-client' ),
					$this->product->name(),
					$this->product->installed_version()
				)
			);
		}
		return new WP_Error(
			'svc_licensing_client_no_package',
			$reply->is_answer()
				? sprintf(
					/* translators: 1: product name, 2: installed version. */
					__( 'Its licence server offers no update of %1$s to this site now (the licence may have changed), so nothing was installed. %1$s stays at version %2$s.', 'svc-licensing-client' ),
					$this->product->name(),
					$this->product->installed_version()
				)
				: sprintf(
					/* translators: 1: product name, 2: installed version. */
					__( 'The licence server of %1$s could not be reached to confirm the update package, so nothing was installed. %1$s stays at version %2$s; try again later.', 'svc-licensing-client' ),
					$this->product->name(),
					$this->product->installed_version()
				)
		);
	}

	/**
	 * Downloads a package of this product to a temporary file.
	 *
	 * @param string $package The package URL.
	 * @return string|WP_Error The file, or why not.
	 */
	private function download( string $package ) {
		if ( ! function_exists( 'download_url' ) ) {
			require_once ABSPATH . 'wp-admin/includes/file.php'; // @phpstan-ignore requireOnce.fileNotFound
		}
		// Core's download refuses ports other than 80, 443 and 8080; a licence server on another port of its own
		// (a seller's staging server, the tests) is still the server the product names, so its port is allowed
		// for this one download, when the package comes from that host.
		$allow_port = $this->server_port_for( $package );
		if ( null !== $allow_port ) {
			add_filter( 'http_allowed_safe_ports', $allow_port );
		}
		$file = download_url( $package, 300 );
		if ( null !== $allow_port ) {
			remove_filter( 'http_allowed_safe_ports', $allow_port );
		}
		return $file;
	}

	/**
	 * A filter that adds the licence server's port to core's safe ports, when the package is on the licence
	 * server's host and port; null otherwise.
	 *
	 * @param string $package Package URL.
	 * @return (callable(mixed): array<int, int>)|null
	 */
	private function server_port_for( string $package ): ?callable {
		$server = wp_parse_url( $this->product->config()->root() );
		$source = wp_parse_url( $package );
		if ( ! is_array( $server ) || ! is_array( $source ) || ! isset( $server['host'], $server['port'], $source['host'], $source['port'] ) ) {
			return null;
		}
		if ( strtolower( $server['host'] ) !== strtolower( $source['host'] ) || $server['port'] !== $source['port'] ) {
			return null;
		}
		$port = (int) $server['port'];
		return static function ( $ports ) use ( $port ): array {
			$ports   = is_array( $ports ) ? array_map( 'intval', $ports ) : array();
			$ports[] = $port;
			return $ports;
		};
	}

	/**
	 * The product's slug on its server.
	 */
	public function slug(): string {
		return $this->product->config()->slug();
	}

	/**
	 * This site's address, as the product's licence sends it.
	 */
	public function site_url(): string {
		return $this->product->license()->site_url();
	}

	/**
	 * The network's main address on a multisite, '' on a single site.
	 */
	public function network_url(): string {
		return $this->product->license()->network_url();
	}

	/**
	 * What the batch asks about this product: its key ('' when none) and the installed version.
	 *
	 * @return array{license_key: string, current_version: string}
	 */
	public function item(): array {
		return array(
			'license_key'     => $this->product->license()->key(),
			'current_version' => $this->product->installed_version(),
		);
	}

	/**
	 * Keeps the server's reply about this product: an answer replaces the last one, a refusal clears it, and
	 * anything else (an outage, the back-off) keeps it.
	 *
	 * @param Reply $reply The product's reply.
	 */
	public function keep( Reply $reply ): void {
		$this->product->license()->leases()->receive( $reply );
		$stored = $this->store->get( $this->key() );
		$answer = is_array( $stored ) && isset( $stored['answer'] ) && is_array( $stored['answer'] ) ? $stored['answer'] : array();
		if ( Reply::ANSWER === $reply->kind() ) {
			$answer = $reply->body();
		} elseif ( Reply::REFUSED === $reply->kind() ) {
			$answer = array();
		}
		$this->store->set( $this->key(), array( 'answer' => $answer ) );
	}

	/**
	 * The version the last answer offers ('' when none): what core is installing (the health report's version).
	 */
	public function offered_version(): string {
		$offer = $this->offer();
		return null === $offer ? '' : $offer->version();
	}

	/**
	 * The offer in the last answer, for the installed version.
	 */
	private function offer(): ?UpdateOffer {
		$stored = $this->store->get( $this->key() );
		if ( ! is_array( $stored ) || ! isset( $stored['answer'] ) ) {
			return null;
		}
		return UpdateOffer::from_answer( $stored['answer'], $this->product->installed_version() );
	}

	/**
	 * The store key of the last answer.
	 */
	private function key(): string {
		return 'product_' . $this->product->config()->slug() . '_update';
	}
}
