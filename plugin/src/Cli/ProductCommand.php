<?php
/**
 * `wp svc product`: products from the command line.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Cli;

use Svc\Licensing\Core\Products;
use Svc\Licensing\Storage\ProductRepository;
use Svc\Licensing\View\ProductSchema;
use Svc\Licensing\View\ProductView;

/**
 * Lists, shows, creates, updates and deletes products through Products, the use case the admin REST API calls.
 */
final class ProductCommand {

	/**
	 * Product use cases.
	 *
	 * @var Products
	 */
	private $products;

	/**
	 * Products, for the list.
	 *
	 * @var ProductRepository
	 */
	private $rows;

	/**
	 * Formats and errors.
	 *
	 * @var Output
	 */
	private $out;

	/**
	 * Constructor.
	 *
	 * @param Products          $products Product use cases.
	 * @param ProductRepository $rows     Products, for the list.
	 * @param Output            $out      Formats and errors.
	 */
	public function __construct( Products $products, ProductRepository $rows, Output $out ) {
		$this->products = $products;
		$this->rows     = $rows;
		$this->out      = $out;
	}

	/**
	 * Lists products, newest first.
	 *
	 * ## OPTIONS
	 *
	 * [--fields=<fields>]
	 * : Fields to show.
	 *
	 * [--field=<field>]
	 * : One field of each product.
	 *
	 * [--format=<format>]
	 * : table, csv, json, yaml, count or ids.
	 * ---
	 * default: table
	 * ---
	 *
	 * ## EXAMPLES
	 *
	 *     wp svc product list --format=csv
	 *
	 * @subcommand list
	 *
	 * @param string[]             $args       Positional arguments.
	 * @param array<string, mixed> $assoc_args Flags.
	 */
	public function list_( array $args, array $assoc_args ): void {
		list( $rows ) = $this->rows->page( 1, 1000, null );
		$this->out->rows( $assoc_args, array_map( array( ProductView::class, 'present' ), $rows ), array( 'id', 'slug', 'name', 'current_version', 'is_active' ) );
	}

	/**
	 * Shows a product.
	 *
	 * ## OPTIONS
	 *
	 * <product>
	 * : Slug or id.
	 *
	 * [--fields=<fields>]
	 * : Fields to show.
	 *
	 * [--field=<field>]
	 * : One field.
	 *
	 * [--format=<format>]
	 * : table, csv, json, yaml or ids.
	 * ---
	 * default: table
	 * ---
	 *
	 * ## EXAMPLES
	 *
	 *     wp svc product get acme-widgets --field=current_version
	 *
	 * @param string[]             $args       Positional arguments.
	 * @param array<string, mixed> $assoc_args Flags.
	 */
	public function get( array $args, array $assoc_args ): void {
		$this->out->attempt(
			function () use ( $args, $assoc_args ): void {
				$this->out->item( $assoc_args, ProductView::present( $this->products->named( (string) $args[0] ) ) );
			}
		);
	}

	/**
	 * Creates a product.
	 *
	 * ## OPTIONS
	 *
	 * --name=<name>
	 * : Name.
	 *
	 * [--slug=<slug>]
	 * : Slug; made from the name unless given.
	 *
	 * [--current_version=<version>]
	 * : The version customers are offered.
	 *
	 * [--porcelain]
	 * : Print only the new id.
	 *
	 * [--format=<format>]
	 * : table, json, yaml, csv or ids.
	 * ---
	 * default: table
	 * ---
	 *
	 * ## EXAMPLES
	 *
	 *     wp svc product create --name="Acme Widgets" --current_version=1.0.0 --porcelain
	 *
	 * @param string[]             $args       Positional arguments.
	 * @param array<string, mixed> $assoc_args Flags.
	 */
	public function create( array $args, array $assoc_args ): void {
		$this->out->attempt(
			function () use ( $assoc_args ): void {
				$fields = array( 'name' => (string) $assoc_args['name'] );
				foreach ( array( 'slug', 'current_version' ) as $name ) {
					if ( isset( $assoc_args[ $name ] ) ) {
						$fields[ $name ] = (string) $assoc_args[ $name ];
					}
				}
				$product = $this->products->create( $fields, CliActor::current() );
				if ( ! empty( $assoc_args['porcelain'] ) ) {
					\WP_CLI::line( (string) $product['id'] );
					return;
				}
				$this->out->item( $assoc_args, ProductView::present( $product ) );
			}
		);
	}

	/**
	 * Changes a product's given fields, through Products as `PUT /admin/products/{id}`; each flag is checked
	 * against the same schema as the REST field.
	 *
	 * ## OPTIONS
	 *
	 * <product>
	 * : Slug or id.
	 *
	 * [--name=<name>]
	 * : Name.
	 *
	 * [--slug=<slug>]
	 * : Slug: lowercase letters, digits and single hyphens.
	 *
	 * [--homepage_url=<url>]
	 * : Homepage, http(s); empty to remove it.
	 *
	 * [--is_active=<bool>]
	 * : true or false; an inactive product is withdrawn from sale and updates.
	 *
	 * [--channels=<list>]
	 * : Release channels, safest first, comma-separated: stable first, e.g. stable,beta,nightly.
	 *
	 * [--format=<format>]
	 * : table, json, yaml, csv or ids.
	 * ---
	 * default: table
	 * ---
	 *
	 * ## EXAMPLES
	 *
	 *     wp svc product update acme-widgets --name="Acme Widgets Pro" --is_active=false
	 *     wp svc product update acme-widgets --channels=stable,beta,nightly
	 *
	 * @param string[]             $args       Positional arguments.
	 * @param array<string, mixed> $assoc_args Flags.
	 */
	public function update( array $args, array $assoc_args ): void {
		$this->out->attempt(
			function () use ( $args, $assoc_args ): void {
				$product = $this->products->named( (string) $args[0] );
				$fields  = SchemaFlags::given( array_intersect_key( $assoc_args, array_flip( array( 'name', 'slug', 'homepage_url', 'is_active', 'channels' ) ) ), ProductSchema::fields() );
				$this->out->item( $assoc_args, ProductView::present( $this->products->update( (int) $product['id'], $fields, CliActor::current() ) ) );
			}
		);
	}

	/**
	 * Deletes a product with its releases and packages, through Products as `DELETE /admin/products/{id}`;
	 * refused, with the same words, while it has licences.
	 *
	 * ## OPTIONS
	 *
	 * <product>
	 * : Slug or id.
	 *
	 * ## EXAMPLES
	 *
	 *     wp svc product delete acme-widgets
	 *
	 * @param string[]             $args       Positional arguments.
	 * @param array<string, mixed> $assoc_args Flags.
	 */
	public function delete( array $args, array $assoc_args ): void {
		unset( $assoc_args );
		$this->out->attempt(
			function () use ( $args ): void {
				$product = $this->products->named( (string) $args[0] );
				$this->products->delete( (int) $product['id'], CliActor::current() );
				/* translators: %d: product id. */
				\WP_CLI::success( sprintf( __( 'Deleted product %d.', 'svc-licensing' ), (int) $product['id'] ) );
			}
		);
	}
}
