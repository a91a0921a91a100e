<?php
/**
 * `wp svc key`: REST API keys.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Cli;

use Svc\Licensing\Core\ApiKeys;
use Svc\Licensing\Core\Products;
use Svc\Licensing\Domain\Access\Permission;
use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\ServiceError;
use Svc\Licensing\Storage\ApiKeyRepository;
use Svc\Licensing\View\ApiKeyView;
use WP_CLI;

/**
 * Creates, lists and revokes API keys through ApiKeys, as the admin REST API does. The command line reaches
 * every product (it runs with the site's files), so no product scope applies.
 */
final class KeyCommand {

	/**
	 * API key use cases.
	 *
	 * @var ApiKeys
	 */
	private $keys;

	/**
	 * API keys, for the list.
	 *
	 * @var ApiKeyRepository
	 */
	private $rows;

	/**
	 * Products, to name one by slug.
	 *
	 * @var Products
	 */
	private $products;

	/**
	 * Formats and errors.
	 *
	 * @var Output
	 */
	private $out;

	/**
	 * Constructor.
	 *
	 * @param ApiKeys          $keys     API key use cases.
	 * @param ApiKeyRepository $rows     API keys, for the list.
	 * @param Products         $products Products.
	 * @param Output           $out      Formats and errors.
	 */
	public function __construct( ApiKeys $keys, ApiKeyRepository $rows, Products $products, Output $out ) {
		$this->keys     = $keys;
		$this->rows     = $rows;
		$this->products = $products;
		$this->out      = $out;
	}

	/**
	 * Creates an API key and shows it in full, the only time it is shown.
	 *
	 * ## OPTIONS
	 *
	 * --label=<label>
	 * : What the key is for.
	 *
	 * [--permissions=<level>]
	 * : read, write or admin.
	 * ---
	 * default: read
	 * ---
	 *
	 * [--product=<product>]
	 * : Limit the key to this product (slug or id).
	 *
	 * [--porcelain]
	 * : Print only the key.
	 *
	 * [--format=<format>]
	 * : table, json, yaml, csv or ids.
	 * ---
	 * default: table
	 * ---
	 *
	 * ## EXAMPLES
	 *
	 *     wp svc key create --label="Help desk" --permissions=read --porcelain
	 *
	 * @param string[]             $args       Positional arguments.
	 * @param array<string, mixed> $assoc_args Flags.
	 */
	public function create( array $args, array $assoc_args ): void {
		$this->out->attempt(
			function () use ( $assoc_args ): void {
				$level = (string) $assoc_args['permissions'];
				if ( ! in_array( $level, Permission::LEVELS, true ) ) {
					throw ServiceError::invalid_param( 'permissions', __( 'permissions must be read, write or admin.', 'svc-licensing' ), __( 'Unknown level.', 'svc-licensing' ) );
				}
				$product           = isset( $assoc_args['product'] ) ? (int) $this->products->named( (string) $assoc_args['product'] )['id'] : null;
				list( $key, $row ) = $this->keys->create( (string) $assoc_args['label'], $level, $product, CliActor::current() );
				if ( ! empty( $assoc_args['porcelain'] ) ) {
					WP_CLI::line( $key );
					return;
				}
				$this->out->item( $assoc_args, ApiKeyView::created( $row, $key ) );
			}
		);
	}

	/**
	 * Lists API keys (never the keys themselves: their prefixes).
	 *
	 * ## OPTIONS
	 *
	 * [--include-revoked]
	 * : Revoked keys too.
	 *
	 * [--fields=<fields>]
	 * : Fields to show (any of GET /admin/api-keys' key: id, label, key_prefix, permissions, product_id, last_used_at, is_active, created_at).
	 *
	 * [--field=<field>]
	 * : One field of each key.
	 *
	 * [--format=<format>]
	 * : table, csv, json, yaml, count or ids.
	 * ---
	 * default: table
	 * ---
	 *
	 * ## EXAMPLES
	 *
	 *     wp svc key list --format=json
	 *
	 * @subcommand list
	 *
	 * @param string[]             $args       Positional arguments.
	 * @param array<string, mixed> $assoc_args Flags.
	 */
	public function list_( array $args, array $assoc_args ): void {
		$rows = array_map( array( ApiKeyView::class, 'present' ), $this->rows->all( ! empty( $assoc_args['include-revoked'] ), null ) );
		$this->out->rows( $assoc_args, $rows, array( 'id', 'label', 'key_prefix', 'permissions', 'product_id', 'is_active', 'last_used_at' ) );
	}

	/**
	 * Revokes an API key; it stops working at once.
	 *
	 * ## OPTIONS
	 *
	 * <id>
	 * : Key id.
	 *
	 * ## EXAMPLES
	 *
	 *     wp svc key revoke 3
	 *
	 * @param string[]             $args       Positional arguments.
	 * @param array<string, mixed> $assoc_args Flags.
	 */
	public function revoke( array $args, array $assoc_args ): void {
		$this->out->attempt(
			function () use ( $args ): void {
				$key = $this->keys->revoke( (int) $args[0], static function (): void {}, CliActor::current() );
				/* translators: 1: key id, 2: key prefix. */
				WP_CLI::success( sprintf( __( 'Revoked API key %1$d (%2$s).', 'svc-licensing' ), $key['id'], $key['key_prefix'] ) );
			}
		);
	}
}
