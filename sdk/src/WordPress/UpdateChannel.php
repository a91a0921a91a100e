<?php
/**
 * The update checks of every product on the site that uses one licence server: one request for all of them.
 *
 * @package SvcLicensingClient
 */

namespace Svc\LicensingClient\WordPress;

use Svc\LicensingClient\Connection;
use Svc\LicensingClient\Reply;
use Svc\LicensingClient\StateStore;
use Svc\LicensingClient\UpdateBatch;
use Svc\LicensingClient\UpdateMoment;

/**
 * Core saves its plugin and theme update transients separately, each several times per check. The first save
 * where the SDK may ask (UpdateMoment: WP-Cron, the Updates, Plugins and Themes screens, and any request where core
 * saves fresh update data, as `wp plugin update` and remote managers make it do) asks the server once, in one batch
 * (UpdateBatch), for every product of that server, plugins and themes alike, and hands each Updater its reply; for
 * a minute after, every save uses those answers. The minute is kept per server (on a network, per server, address
 * and place of the licences: a network licence, a site's).
 */
final class UpdateChannel {

	/** Seconds between two asks of the server, however often core saves its transients. */
	public const MIN_INTERVAL = 60;

	/**
	 * Channels by server.
	 *
	 * @var array<string, self>
	 */
	private static $channels = array();

	/**
	 * The server.
	 *
	 * @var Connection
	 */
	private $connection;

	/**
	 * The SDK's state.
	 *
	 * @var StateStore
	 */
	private $store;

	/**
	 * The products of this server, by slug.
	 *
	 * @var array<string, Updater>
	 */
	private $updaters = array();

	/**
	 * Constructor.
	 *
	 * @param Connection $connection The server.
	 * @param StateStore $store      The SDK's state.
	 */
	private function __construct( Connection $connection, StateStore $store ) {
		$this->connection = $connection;
		$this->store      = $store;
	}

	/**
	 * The channel of a product's server, shared with the other products of that server.
	 *
	 * @param Updater    $updater    The product's updater.
	 * @param Connection $connection Its server.
	 * @param StateStore $store      The SDK's state.
	 */
	public static function join( Updater $updater, Connection $connection, StateStore $store ): self {
		// On a network, the products of one server may name different addresses (the network's, a site's) and
		// keep their state in different places: one channel for each.
		$key = $connection->state_key( 'server' ) . '|' . $updater->site_url() . '|' . ( $store instanceof OptionStore ? $store->where() : '' );
		if ( ! isset( self::$channels[ $key ] ) ) {
			self::$channels[ $key ] = new self( $connection, $store );
		}
		self::$channels[ $key ]->updaters[ $updater->slug() ] = $updater;
		return self::$channels[ $key ];
	}

	/**
	 * Asks the server about every product of this channel, when the SDK may ask now.
	 *
	 * @param bool $core_checked Core is saving fresh update data (UpdateMoment::core_checked()).
	 */
	public function refresh( bool $core_checked ): void {
		if ( ! self::may_ask_here( $core_checked ) ) {
			return;
		}
		// Kept in an array: an option holding a bare number comes back from the database as a string.
		$last     = $this->store->get( $this->asked_key() );
		$asked_at = is_array( $last ) && isset( $last['at'] ) && is_int( $last['at'] ) ? $last['at'] : null;
		if ( null !== $asked_at && time() - $asked_at >= 0 && time() - $asked_at < self::MIN_INTERVAL ) {
			return;
		}
		$this->store->set( $this->asked_key(), array( 'at' => time() ) );
		$products    = array();
		$site_url    = '';
		$network_url = '';
		foreach ( $this->updaters as $slug => $updater ) {
			$products[ $slug ] = $updater->item();
			$site_url          = $updater->site_url();
			$network_url       = $updater->network_url();
		}
		foreach ( UpdateBatch::check( $this->connection, $site_url, $products, $network_url, self::reported() ) as $slug => $reply ) {
			$this->updaters[ $slug ]->keep( $reply );
		}
	}

	/**
	 * Asks the server about one product now, whatever the minute (core is about to download its package, and the
	 * download link of the last answer may have expired): one request, through the server's back-off.
	 *
	 * @param Updater $updater The product's updater.
	 */
	public function ask_now( Updater $updater ): Reply {
		$replies = UpdateBatch::check( $this->connection, $updater->site_url(), array( $updater->slug() => $updater->item() ), $updater->network_url(), self::reported() );
		return $replies[ $updater->slug() ];
	}

	/**
	 * The next chance to ask does not wait for the minute (after a licence changed or a product was updated).
	 */
	public function reset(): void {
		$this->store->set( $this->asked_key(), null );
	}

	/**
	 * Whether core checks for updates in this save (UpdateMoment::may_ask()).
	 *
	 * @param bool $core_checked Core is saving fresh update data.
	 */
	private static function may_ask_here( bool $core_checked ): bool {
		$screen = isset( $GLOBALS['pagenow'] ) && is_string( $GLOBALS['pagenow'] ) ? $GLOBALS['pagenow'] : '';
		return UpdateMoment::may_ask( wp_doing_cron(), $screen, $core_checked, doing_action( 'admin_init' ) );
	}

	/**
	 * The store key of the server's last ask.
	 */
	private function asked_key(): string {
		return $this->connection->state_key( 'updates_asked' );
	}

	/**
	 * What the site reports with its update checks, so the seller can see why an update was or was not offered
	 * (the release's requires / requires_php against these): WordPress' version and PHP's, numbers only.
	 *
	 * @return array{wp_version: string, php_version: string}
	 */
	private static function reported(): array {
		return array(
			'wp_version'  => (string) preg_replace( '/[^0-9A-Za-z.-].*$/', '', (string) get_bloginfo( 'version' ) ),
			'php_version' => PHP_MAJOR_VERSION . '.' . PHP_MINOR_VERSION . '.' . PHP_RELEASE_VERSION,
		);
	}
}
