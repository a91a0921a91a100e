<?php
/**
 * The import map, svc_import_map: what each row moved in from another licensing system became here.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage;

/**
 * The table's one writer. Keys are (source, kind, old id); a row holds the new id and the fingerprint of the values
 * the old row moved in with.
 */
final class ImportMapRepository extends TableRepository {

	public const PRODUCT    = 'product';
	public const PRICE      = 'price';
	public const TIER       = 'tier';
	public const LICENSE    = 'licence';
	public const ACTIVATION = 'activation';
	public const KEY        = 'key';

	/**
	 * Table name.
	 */
	private function table(): string {
		return $this->table_name( Tables::IMPORT_MAP );
	}

	/**
	 * The mapped rows among some old ids.
	 *
	 * @param string   $source  Source.
	 * @param string   $kind    Kind.
	 * @param string[] $old_ids Old ids.
	 * @return array<string, array{new_id: int, fingerprint: string}> By old id.
	 */
	public function find( string $source, string $kind, array $old_ids ): array {
		$found = array();
		foreach ( array_chunk( array_values( array_unique( $old_ids ) ), 500 ) as $chunk ) {
			$marks = implode( ', ', array_fill( 0, count( $chunk ), '%s' ) );
			$rows  = (array) $this->db->get_results(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared,WordPress.DB.PreparedSQL.NotPrepared -- table name from a constant, values as placeholders.
				$this->db->prepare( "SELECT old_id, new_id, fingerprint FROM {$this->table()} WHERE source = %s AND kind = %s AND old_id IN ({$marks})", array_merge( array( $source, $kind ), $chunk ) ),
				ARRAY_A
			);
			foreach ( $rows as $row ) {
				$found[ (string) $row['old_id'] ] = array(
					'new_id'      => (int) $row['new_id'],
					'fingerprint' => (string) $row['fingerprint'],
				);
			}
		}
		return $found;
	}

	/**
	 * The next mapped rows of a kind after an old id, in old id order (keyset paging on the (source, kind, old_id)
	 * key, so a re-import walks every activation it brought in bounded memory).
	 *
	 * @param string $source Source.
	 * @param string $kind   Kind.
	 * @param string $after  Old id ('' for the first batch).
	 * @param int    $limit  Batch size.
	 * @return list<array{old_id: string, new_id: int}>
	 */
	public function after( string $source, string $kind, string $after, int $limit ): array {
		$rows = (array) $this->db->get_results(
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
			$this->db->prepare( "SELECT old_id, new_id FROM {$this->table()} WHERE source = %s AND kind = %s AND old_id > %s ORDER BY old_id LIMIT %d", $source, $kind, $after, $limit ),
			ARRAY_A
		);
		$found = array();
		foreach ( $rows as $row ) {
			$found[] = array(
				'old_id' => (string) $row['old_id'],
				'new_id' => (int) $row['new_id'],
			);
		}
		return $found;
	}

	/**
	 * Whether the map holds any row of this source and kind.
	 *
	 * @param string $source Source.
	 * @param string $kind   Kind.
	 */
	public function has( string $source, string $kind ): bool {
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
		return null !== $this->db->get_var( $this->db->prepare( "SELECT 1 FROM {$this->table()} WHERE source = %s AND kind = %s LIMIT 1", $source, $kind ) );
	}

	/**
	 * Which old ids of a source some new ids were imported from.
	 *
	 * @param string $source  Source.
	 * @param string $kind    Kind.
	 * @param int[]  $new_ids New ids.
	 * @return array<int, string> Old id by new id.
	 */
	public function old_ids( string $source, string $kind, array $new_ids ): array {
		$found = array();
		foreach ( array_chunk( array_values( array_unique( $new_ids ) ), 500 ) as $chunk ) {
			$marks = implode( ', ', array_fill( 0, count( $chunk ), '%d' ) );
			$rows  = (array) $this->db->get_results(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared,WordPress.DB.PreparedSQL.NotPrepared -- table name from a constant, values as placeholders.
				$this->db->prepare( "SELECT old_id, new_id FROM {$this->table()} WHERE source = %s AND kind = %s AND new_id IN ({$marks})", array_merge( array( $source, $kind ), $chunk ) ),
				ARRAY_A
			);
			foreach ( $rows as $row ) {
				$found[ (int) $row['new_id'] ] = (string) $row['old_id'];
			}
		}
		return $found;
	}

	/**
	 * Records what an old row became.
	 *
	 * @param string $source      Source.
	 * @param string $kind        Kind.
	 * @param string $old_id      Old id.
	 * @param int    $new_id      New id.
	 * @param string $fingerprint Fingerprint of the values it moved in with.
	 */
	public function add( string $source, string $kind, string $old_id, int $new_id, string $fingerprint ): void {
		$this->insert_timestamped(
			Tables::IMPORT_MAP,
			array(
				'source'      => $source,
				'kind'        => $kind,
				'old_id'      => $old_id,
				'new_id'      => $new_id,
				'fingerprint' => $fingerprint,
			)
		);
	}

	/**
	 * Records what several old rows of one kind became, in one INSERT per 500 rows (a move-in writes each batch's
	 * map rows at once rather than one statement a row).
	 *
	 * @param string                                                        $source Source.
	 * @param string                                                        $kind   Kind.
	 * @param list<array{old_id: string, new_id: int, fingerprint: string}> $rows   Rows.
	 */
	public function add_many( string $source, string $kind, array $rows ): void {
		$now = gmdate( 'Y-m-d H:i:s' );
		foreach ( array_chunk( $rows, 500 ) as $chunk ) {
			$tuples = array();
			foreach ( $chunk as $row ) {
				$tuples[] = $this->db->prepare( '(%s, %s, %s, %d, %s, %s, %s)', $source, $kind, $row['old_id'], $row['new_id'], $row['fingerprint'], $now, $now );
			}
			$this->db->query(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared,WordPress.DB.PreparedSQL.NotPrepared -- table name from a constant, tuples prepared above.
				"INSERT INTO {$this->table()} (source, kind, old_id, new_id, fingerprint, created_at, updated_at) VALUES " . implode( ', ', $tuples )
			);
		}
	}

	/**
	 * Records the values a mapped row moved in with this time.
	 *
	 * @param string $source      Source.
	 * @param string $kind        Kind.
	 * @param string $old_id      Old id.
	 * @param string $fingerprint Fingerprint.
	 */
	public function refresh( string $source, string $kind, string $old_id, string $fingerprint ): void {
		$this->db->query(
			$this->db->prepare(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
				"UPDATE {$this->table()} SET fingerprint = %s, updated_at = %s WHERE source = %s AND kind = %s AND old_id = %s",
				$fingerprint,
				gmdate( 'Y-m-d H:i:s' ),
				$source,
				$kind,
				$old_id
			)
		);
	}

	/**
	 * How many rows of each kind a source has moved in.
	 *
	 * @param string $source Source.
	 * @return array<string, int> By kind.
	 */
	public function counts( string $source ): array {
		$rows = (array) $this->db->get_results(
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
			$this->db->prepare( "SELECT kind, COUNT(*) AS n FROM {$this->table()} WHERE source = %s GROUP BY kind", $source ),
			ARRAY_A
		);
		$counts = array();
		foreach ( $rows as $row ) {
			$counts[ (string) $row['kind'] ] = (int) $row['n'];
		}
		return $counts;
	}
}
