<?php
/**
 * Software License Manager, read from its tables and options.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage\MoveIn;

use Svc\Licensing\Domain\MoveIn\Source;
use wpdb;

/**
 * Licences from {prefix}lic_key_tbl, activations (registered domains) from {prefix}lic_reg_domain_tbl, and the
 * secret keys from the `slm_plugin_options` option. SLM has no products of its own: a licence names one in its
 * `product_ref` column (newer versions) or not at all. The layouts are SLM's public ones (see the test fixture,
 * e2e/mu-plugins/svc-test-import.php).
 */
final class SlmTables implements SourceTables {

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
		return Source::SLM;
	}

	/**
	 * Table names.
	 *
	 * @return array{keys: string, domains: string}
	 */
	private function tables(): array {
		return array(
			'keys'    => $this->db->prefix . 'lic_key_tbl',
			'domains' => $this->db->prefix . 'lic_reg_domain_tbl',
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
	 * None: SLM has no products.
	 *
	 * @return list<array<string, mixed>>
	 */
	public function products(): array {
		return array();
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
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table names of the source's layout.
				$this->db->prepare( "SELECT * FROM {$t['keys']} WHERE id > %d ORDER BY id LIMIT %d", $after, $limit ),
				ARRAY_A
			)
		);
	}

	/**
	 * None: SLM has no bundles.
	 *
	 * @param int $after Old id.
	 * @param int $limit Batch size.
	 * @return list<array<string, mixed>>
	 */
	public function children( int $after, int $limit ): array {
		unset( $after, $limit );
		return array();
	}

	/**
	 * Registered domains after an id.
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
				$this->db->prepare( "SELECT id, lic_key_id AS license_id, registered_domain AS site, 0 AS is_local FROM {$t['domains']} WHERE id > %d ORDER BY id LIMIT %d", $after, $limit ),
				ARRAY_A
			)
		);
	}

	/**
	 * The registered domains among these ids that are still there.
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
				$this->db->prepare( "SELECT id FROM {$t['domains']} WHERE id IN ({$marks})", array_map( 'intval', array_values( $old_ids ) ) )
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
			'licences'    => (int) $this->db->get_var( "SELECT COUNT(*) FROM {$t['keys']}" ),
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table names of the source's layout.
			'activations' => (int) $this->db->get_var( "SELECT COUNT(*) FROM {$t['domains']}" ),
		);
	}

	/**
	 * SLM's secret keys: the one its create calls carry and the one its check, activate and deactivate calls carry.
	 *
	 * @return array<string, string>
	 */
	public function secrets(): array {
		$options = get_option( 'slm_plugin_options', array() );
		$secrets = array();
		foreach ( array( 'lic_creation_secret', 'lic_verification_secret' ) as $name ) {
			if ( is_array( $options ) && isset( $options[ $name ] ) && '' !== (string) $options[ $name ] ) {
				$secrets[ $name ] = (string) $options[ $name ];
			}
		}
		return $secrets;
	}
}
