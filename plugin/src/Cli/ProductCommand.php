<?php
/**
 * `wp svc product`: products from the command line.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Cli;

use Svc\Licensing\Core\Products;
use Svc\Licensing\Domain\IsoTime;
use Svc\Licensing\Storage\ProductRepository;

/**
 * Lists, shows and creates products through Products, the use case the admin REST API calls.
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
		$this->out->rows( $assoc_args, array_map( array( self::class, 'present' ), $rows ), array( 'id', 'slug', 'name', 'current_version', 'is_active' ) );
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
				$this->out->item( $assoc_args, self::present( $this->products->named( (string) $args[0] ) ) );
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
				$this->out->item( $assoc_args, self::present( $product ) );
			}
		);
	}

	/**
	 * A product as the commands show it.
	 *
	 * @param array<string, mixed> $row Product row.
	 * @return array<string, mixed>
	 */
	private static function present( array $row ): array {
		return array(
			'id'              => (int) $row['id'],
			'slug'            => (string) $row['slug'],
			'name'            => (string) $row['name'],
			'current_version' => (string) $row['current_version'],
			'is_active'       => (bool) $row['is_active'],
			'created_at'      => IsoTime::from_storage( $row['created_at'] ),
		);
	}
}
