<?php
/**
 * Core's "View details" modal for one of our plugins.
 *
 * @package SvcLicensingClient
 */

namespace Svc\LicensingClient\WordPress;

use Svc\LicensingClient\PluginDetails;
use Svc\LicensingClient\ProductState;
use Svc\LicensingClient\StateStore;
use Svc\LicensingClient\UpdateOffer;

/**
 * Answers core's plugins_api for the plugin's slug (PluginDetails decides what it shows), so core never asks
 * WordPress.org about it. With no update pending it asks the licence server for the product's latest public
 * release, through the server's back-off, only here (the owner opened View details) and at most once a minute.
 */
final class Details {

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
	 * Constructor.
	 *
	 * @param Product    $product The product.
	 * @param StateStore $store   The SDK's state.
	 */
	public function __construct( Product $product, StateStore $store ) {
		$this->product = $product;
		$this->store   = $store;
	}

	/**
	 * The plugin_information answer.
	 *
	 * @param UpdateOffer|null $offer The pending update, if any.
	 */
	public function plugin_information( ?UpdateOffer $offer ): \stdClass {
		$key  = ProductState::key( $this->product->config()->slug(), 'details' );
		$kept = $this->store->get( $key );
		if ( null === $offer && PluginDetails::may_ask( $kept, time() ) ) {
			$reply = $this->product->license()->connection()->call( 'GET', '/products/' . rawurlencode( $this->product->config()->slug() ) . '/latest-release', array() );
			$kept  = PluginDetails::after_reply( $kept, $reply, time() );
			$this->store->set( $key, $kept );
		}
		return (object) PluginDetails::fields(
			$this->product->name(),
			$this->product->id(),
			$this->product->installed_version(),
			$offer,
			$kept,
			sprintf(
				/* translators: %s: plugin name. */
				__( 'The changelog of %s could not be loaded from its licence server. Please try again in a few minutes.', 'svc-licensing-client' ),
				$this->product->name()
			)
		);
	}
}
