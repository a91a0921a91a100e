<?php
/**
 * The SDK's state in options, never autoloaded: it is read only when the SDK works.
 *
 * @package SvcLicensingClient
 */

namespace Svc\LicensingClient\WordPress;

use Svc\LicensingClient\ProductState;
use Svc\LicensingClient\StateStore;

/**
 * One option per key, named svc_licensing_client_<key>: the current site's options, the network's (site options,
 * for a plugin activated network-wide), or those of another site of the network (a plugin active on that site only,
 * served from where it is not loaded). A null value deletes the option.
 */
final class OptionStore implements StateStore {

	public const PREFIX = 'svc_licensing_client_';

	/** The current site's options. */
	private const SITE = 0;

	/** The network's options. */
	private const NETWORK = -1;

	/**
	 * SITE, NETWORK, or a site's id.
	 *
	 * @var int
	 */
	private $where;

	/**
	 * Constructor.
	 *
	 * @param int $where SITE, NETWORK, or a site's id.
	 */
	private function __construct( int $where = self::SITE ) {
		$this->where = $where;
	}

	/**
	 * The current site's options.
	 */
	public static function site(): self {
		return new self( self::SITE );
	}

	/**
	 * The network's options (site options; a single site's own options when WordPress runs no network).
	 */
	public static function network(): self {
		return new self( self::NETWORK );
	}

	/**
	 * The options of one site of the network.
	 *
	 * @param int $site_id The site's id.
	 */
	public static function of_site( int $site_id ): self {
		return new self( max( 1, $site_id ) );
	}

	/**
	 * Where it keeps its options: 'site', 'network' or 'site-<id>'.
	 */
	public function where(): string {
		if ( self::SITE === $this->where ) {
			return 'site';
		}
		return self::NETWORK === $this->where ? 'network' : 'site-' . $this->where;
	}

	/**
	 * The stored value, or null.
	 *
	 * @param string $key Key.
	 * @return mixed
	 */
	public function get( string $key ) {
		if ( self::NETWORK === $this->where ) {
			return get_site_option( self::PREFIX . $key, null );
		}
		if ( self::SITE !== $this->where ) {
			return get_blog_option( $this->where, self::PREFIX . $key, null );
		}
		return get_option( self::PREFIX . $key, null );
	}

	/**
	 * Stores a value; null deletes it.
	 *
	 * @param string $key   Key.
	 * @param mixed  $value Value.
	 */
	public function set( string $key, $value ): void {
		$name = self::PREFIX . $key;
		if ( self::NETWORK === $this->where ) {
			if ( null === $value ) {
				delete_site_option( $name );
			} else {
				update_site_option( $name, $value );
			}
			return;
		}
		if ( self::SITE !== $this->where ) {
			// Switches to that site, so the option is stored with autoload off like the current site's.
			switch_to_blog( $this->where );
			try {
				self::site()->set( $key, $value );
			} finally {
				restore_current_blog();
			}
			return;
		}
		if ( null === $value ) {
			delete_option( $name );
			return;
		}
		update_option( $name, $value, false );
	}

	/**
	 * Deletes every option of a product: every name under its prefix (ProductState::prefix()), not a list of names.
	 *
	 * @param string $slug The product's slug.
	 */
	public function forget_product( string $slug ): void {
		global $wpdb;
		$names = $wpdb->get_col( $wpdb->prepare( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE %s", $wpdb->esc_like( self::PREFIX . ProductState::prefix( $slug ) ) . '%' ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- no API lists options by prefix; each is deleted through delete_option().
		foreach ( $names as $name ) {
			delete_option( (string) $name );
		}
	}
}
