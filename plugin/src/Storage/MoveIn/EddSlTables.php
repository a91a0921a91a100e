<?php
/**
 * EDD Software Licensing 3.6+ and Easy Digital Downloads 3, read from their tables.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage\MoveIn;

use Svc\Licensing\Domain\MoveIn\Source;
use wpdb;

/**
 * Licences from {prefix}edd_licenses (with {prefix}edd_licensemeta's `_edd_sl_limit` and the EDD 3 customer of
 * {prefix}edd_customers), activations from {prefix}edd_license_activations (those still `activated`), and products
 * from the `download` posts whose `_edd_sl_enabled` meta is set. The layouts are EDD's public ones (see the test
 * fixture, e2e/mu-plugins/svc-test-import.php, for each table's columns and where they are published).
 */
final class EddSlTables implements SourceTables {

	/**
	 * Database.
	 *
	 * @var wpdb
	 */
	private $db;

	/**
	 * Constructor.
	 *
	 * @param wpdb $db Database.
	 */
	public function __construct( wpdb $db ) {
		$this->db = $db;
	}

	/**
	 * Source.
	 */
	public function source(): string {
		return Source::EDD_SL;
	}

	/**
	 * Table names.
	 *
	 * @return array{licenses: string, meta: string, activations: string, customers: string}
	 */
	private function tables(): array {
		return array(
			'licenses'    => $this->db->prefix . 'edd_licenses',
			'meta'        => $this->db->prefix . 'edd_licensemeta',
			'activations' => $this->db->prefix . 'edd_license_activations',
			'customers'   => $this->db->prefix . 'edd_customers',
		);
	}

	/**
	 * Missing tables.
	 *
	 * @return string[]
	 */
	public function missing(): array {
		return TableProbe::missing( $this->db, array_values( $this->tables() ) );
	}

	/**
	 * Licensed downloads, their variable prices and current package.
	 *
	 * @return list<array<string, mixed>>
	 */
	public function products(): array {
		$rows     = (array) $this->db->get_results(
			$this->db->prepare(
				"SELECT p.ID, p.post_name, p.post_title FROM {$this->db->posts} p INNER JOIN {$this->db->postmeta} m ON m.post_id = p.ID AND m.meta_key = %s WHERE p.post_type = %s AND p.post_status <> %s AND m.meta_value NOT IN ('', '0') ORDER BY p.ID",
				'_edd_sl_enabled',
				'download',
				'auto-draft'
			),
			ARRAY_A
		);
		$products = array();
		foreach ( $rows as $row ) {
			$id         = (int) $row['ID'];
			$file       = $this->package_file( $id );
			$products[] = array(
				'id'              => (string) $id,
				'slug'            => (string) $row['post_name'],
				'name'            => (string) $row['post_title'],
				'version'         => (string) get_post_meta( $id, '_edd_sl_version', true ),
				'changelog'       => (string) get_post_meta( $id, '_edd_sl_changelog', true ),
				'limit'           => self::number( get_post_meta( $id, '_edd_sl_limit', true ) ),
				'prices'          => $this->prices( $id ),
				'package'         => $file['path'],
				'package_ref'     => $file['ref'],
				'package_outside' => $file['outside'] ?? false,
			);
		}
		return $products;
	}

	/**
	 * A download's variable prices (when variable pricing is on), with their activation limits.
	 *
	 * @param int $id Download.
	 * @return list<array{index: int, name: string, limit: int|null}>
	 */
	private function prices( int $id ): array {
		$prices = get_post_meta( $id, 'edd_variable_prices', true );
		if ( ! get_post_meta( $id, '_variable_pricing', true ) || ! is_array( $prices ) ) {
			return array();
		}
		$found = array();
		foreach ( $prices as $index => $price ) {
			$price   = (array) $price;
			$found[] = array(
				'index' => (int) ( $price['index'] ?? $index ),
				'name'  => (string) ( $price['name'] ?? '' ),
				'limit' => self::number( $price['license_limit'] ?? null ),
			);
		}
		return $found;
	}

	/**
	 * The download's current package: the file `_edd_sl_upgrade_file_key` names among `edd_download_files`, else
	 * the first; a file in this site's uploads (named by its URL or its absolute path) is found on disk, a remote
	 * one is not. Only a file that is inside the uploads folder after realpath (`..` and links followed) is taken:
	 * anything else is `outside` (issue 40: whoever edits a download must not choose which file of the server the
	 * import publishes, such as a backup archive).
	 *
	 * @param int $id Download.
	 * @return array{path: string|null, ref: string, outside?: bool}
	 */
	private function package_file( int $id ): array {
		$files = get_post_meta( $id, 'edd_download_files', true );
		if ( ! is_array( $files ) || array() === $files ) {
			return array(
				'path' => null,
				'ref'  => '',
			);
		}
		$key  = get_post_meta( $id, '_edd_sl_upgrade_file_key', true );
		$file = (array) ( is_numeric( $key ) && isset( $files[ (int) $key ] ) ? $files[ (int) $key ] : reset( $files ) );
		$ref  = (string) ( $file['file'] ?? '' );
		$dir  = wp_upload_dir( null, false );
		$path = null;
		if ( '' !== $ref && 0 === strpos( $ref, (string) $dir['baseurl'] . '/' ) ) {
			$path = (string) $dir['basedir'] . substr( $ref, strlen( (string) $dir['baseurl'] ) );
		} elseif ( '' !== $ref && 0 === strpos( $ref, '/' ) ) {
			$path = $ref;
		}
		$real = null === $path ? false : realpath( $path );
		$root = realpath( (string) $dir['basedir'] );
		if ( false === $real || ! is_file( $real ) || ! is_readable( $real ) ) {
			return array(
				'path' => null,
				'ref'  => $ref,
			);
		}
		if ( false === $root || 0 !== strpos( $real, rtrim( $root, '/\\' ) . DIRECTORY_SEPARATOR ) ) {
			return array(
				'path'    => null,
				'ref'     => $ref,
				'outside' => true,
			);
		}
		return array(
			'path' => $real,
			'ref'  => $ref,
		);
	}

	/**
	 * Licences after an id.
	 *
	 * @param int $after Old id.
	 * @param int $limit Batch size.
	 * @return list<array<string, mixed>>
	 */
	public function licenses( int $after, int $limit ): array {
		$t = $this->tables();
		return array_values(
			(array) $this->db->get_results(
				$this->db->prepare(
					// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table names of the source's layout.
					"SELECT l.id, l.license_key, l.status, l.download_id, l.price_id, l.expiration, l.parent, c.email, c.name, (SELECT m.meta_value FROM {$t['meta']} m WHERE m.license_id = l.id AND m.meta_key = %s ORDER BY m.meta_id DESC LIMIT 1) AS limit_meta FROM {$t['licenses']} l LEFT JOIN {$t['customers']} c ON c.id = l.customer_id WHERE l.id > %d ORDER BY l.id LIMIT %d",
					'_edd_sl_limit',
					$after,
					$limit
				),
				ARRAY_A
			)
		);
	}

	/**
	 * Bundle children after an id.
	 *
	 * @param int $after Old id.
	 * @param int $limit Batch size.
	 * @return list<array<string, mixed>>
	 */
	public function children( int $after, int $limit ): array {
		$t = $this->tables();
		return array_values(
			(array) $this->db->get_results(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table names of the source's layout.
				$this->db->prepare( "SELECT id, parent FROM {$t['licenses']} WHERE id > %d AND parent <> '' AND parent <> '0' ORDER BY id LIMIT %d", $after, $limit ),
				ARRAY_A
			)
		);
	}

	/**
	 * Activations in use after an id.
	 *
	 * @param int $after Old id.
	 * @param int $limit Batch size.
	 * @return list<array<string, mixed>>
	 */
	public function activations( int $after, int $limit ): array {
		$t = $this->tables();
		return array_values(
			(array) $this->db->get_results(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table names of the source's layout.
				$this->db->prepare( "SELECT site_id AS id, license_id, site_name AS site, is_local FROM {$t['activations']} WHERE site_id > %d AND activated = 1 ORDER BY site_id LIMIT %d", $after, $limit ),
				ARRAY_A
			)
		);
	}

	/**
	 * The activations among these ids that are still activated.
	 *
	 * @param string[] $old_ids Old ids.
	 * @return list<string>
	 */
	public function in_use( array $old_ids ): array {
		if ( array() === $old_ids ) {
			return array();
		}
		$t     = $this->tables();
		$marks = implode( ', ', array_fill( 0, count( $old_ids ), '%d' ) );
		return array_map(
			'strval',
			(array) $this->db->get_col(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared,WordPress.DB.PreparedSQL.NotPrepared -- table names of the source's layout, values as placeholders.
				$this->db->prepare( "SELECT site_id FROM {$t['activations']} WHERE activated = 1 AND site_id IN ({$marks})", array_map( 'intval', array_values( $old_ids ) ) )
			)
		);
	}

	/**
	 * Counts.
	 *
	 * @return array{licences: int, activations: int}
	 */
	public function counts(): array {
		$t = $this->tables();
		return array(
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table names of the source's layout.
			'licences'    => (int) $this->db->get_var( "SELECT COUNT(*) FROM {$t['licenses']}" ),
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table names of the source's layout.
			'activations' => (int) $this->db->get_var( "SELECT COUNT(*) FROM {$t['activations']} WHERE activated = 1" ),
		);
	}

	/**
	 * EDD's clients send no secret.
	 *
	 * @return array<string, string>
	 */
	public function secrets(): array {
		return array();
	}

	/**
	 * A stored number, or null when none is stored.
	 *
	 * @param mixed $value Stored value.
	 */
	private static function number( $value ): ?int {
		return is_numeric( $value ) ? (int) $value : null;
	}
}
