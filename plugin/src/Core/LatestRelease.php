<?php
/**
 * What a product's public pages show of its current release: version, date, requirements, changelog.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Core;

use Svc\Licensing\Domain\IsoTime;
use Svc\Licensing\Hooks;
use Svc\Licensing\Storage\LatestReleaseCache;
use Svc\Licensing\Storage\ProductRepository;
use Svc\Licensing\Storage\ReleaseRepository;

/**
 * Read only, and cached per product: every page view of the latest-release block would otherwise ask the
 * database twice. The entry is forgotten when the product changes (its current version among its fields),
 * when one of its releases is added, edited, published, rolled back, unpublished or deleted, and when the
 * product is deleted. The current release is the one the update check offers: the published release of the
 * product's current version.
 */
final class LatestRelease {

	/**
	 * Products.
	 *
	 * @var ProductRepository
	 */
	private $products;

	/**
	 * Releases.
	 *
	 * @var ReleaseRepository
	 */
	private $releases;

	/**
	 * The cache.
	 *
	 * @var LatestReleaseCache
	 */
	private $cache;

	/**
	 * Constructor.
	 *
	 * @param ProductRepository  $products Products.
	 * @param ReleaseRepository  $releases Releases.
	 * @param LatestReleaseCache $cache    The cache.
	 */
	public function __construct( ProductRepository $products, ReleaseRepository $releases, LatestReleaseCache $cache ) {
		$this->products = $products;
		$this->releases = $releases;
		$this->cache    = $cache;
	}

	/**
	 * Hooks: forget a product's entry when it or its releases change.
	 */
	public function add_hooks(): void {
		foreach ( array( Hooks::PRODUCT_UPDATED, Hooks::PRODUCT_DELETED, Hooks::RELEASES_CHANGED ) as $hook ) {
			add_action( $hook, array( $this, 'forget' ) );
		}
	}

	/**
	 * A product on sale and its current release (null before its first publish), or null when no product on
	 * sale has this id.
	 *
	 * @param int $product_id Product.
	 * @return array{product: array{id: int, name: string, slug: string}, release: array{version: string, released: ?string, requires_wp: string, requires_php: string, tested: string, changelog: string}|null}|null
	 */
	public function of_product( int $product_id ): ?array {
		$cached = $this->cache->get( $product_id );
		if ( null !== $cached ) {
			/**
			 * The shape put() was given below.
			 *
			 * @var array{product: array{id: int, name: string, slug: string}, release: array{version: string, released: ?string, requires_wp: string, requires_php: string, tested: string, changelog: string}|null} $cached
			 */
			return $cached;
		}
		$product = $this->products->find( $product_id );
		// An unknown product is not cached: creating one fires nothing to forget it by.
		if ( null === $product || ! $product['is_active'] ) {
			return null;
		}
		$version = (string) $product['current_version'];
		$release = '' === $version ? null : $this->releases->published( $product_id, $version );
		$answer  = array(
			'product' => array(
				'id'   => (int) $product['id'],
				'name' => (string) $product['name'],
				'slug' => (string) $product['slug'],
			),
			'release' => null === $release ? null : array(
				'version'      => (string) $release['version'],
				'released'     => IsoTime::from_storage( $release['published_at'] ),
				'requires_wp'  => (string) $release['requires_wp'],
				'requires_php' => (string) $release['requires_php'],
				'tested'       => (string) $release['tested'],
				'changelog'    => (string) $release['changelog'],
			),
		);
		$this->cache->put( $product_id, $answer );
		return $answer;
	}

	/**
	 * The same for a product named by its slug (the public GET /products/{product_slug}/latest-release that the
	 * client SDK's "View details" asks), or null when no product on sale has this slug.
	 *
	 * @param string $slug Product slug.
	 * @return array{product: array{id: int, name: string, slug: string}, release: array{version: string, released: ?string, requires_wp: string, requires_php: string, tested: string, changelog: string}|null}|null
	 */
	public function of_slug( string $slug ): ?array {
		$product = $this->products->find_by_slug( $slug );
		return null === $product ? null : $this->of_product( (int) $product['id'] );
	}

	/**
	 * Forgets a product's entry.
	 *
	 * @param int|string $product_id Product (as an action passes it).
	 */
	public function forget( $product_id ): void {
		$this->cache->forget( (int) $product_id );
	}
}
