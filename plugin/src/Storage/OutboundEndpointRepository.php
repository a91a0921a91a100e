<?php
/**
 * Outbound webhook endpoints, svc_webhook_endpoints.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage;

/**
 * The table's one writer. The fan-out cursor only moves forward (a conditional UPDATE), so two web nodes that
 * fan out at once can only repeat work, which the deliveries' UNIQUE index absorbs.
 */
final class OutboundEndpointRepository extends TableRepository {

	/**
	 * Table.
	 */
	private function table(): string {
		return $this->table_name( Tables::WEBHOOK_ENDPOINTS );
	}

	/**
	 * Adds an endpoint whose deliveries start after the newest event logged now.
	 *
	 * @param string   $url         URL.
	 * @param string[] $event_types Event types wanted.
	 * @param int|null $product_id  Only this product's events, or null for all.
	 * @param string   $description Label.
	 * @param string   $secret      Signing secret.
	 * @return int New id.
	 */
	public function create( string $url, array $event_types, ?int $product_id, string $description, string $secret ): int {
		$events = $this->table_name( Tables::EVENTS );
		return $this->insert_timestamped(
			Tables::WEBHOOK_ENDPOINTS,
			array(
				'url'           => $url,
				'event_types'   => (string) wp_json_encode( array_values( $event_types ) ),
				'product_id'    => $product_id,
				'description'   => $description,
				'secret'        => $secret,
				'is_active'     => 1,
				'fanned_out_to' => (int) $this->db->get_var( "SELECT COALESCE(MAX(id), 0) FROM {$events}" ), // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
			)
		);
	}

	/**
	 * One endpoint, with its event types decoded, or null.
	 *
	 * @param int $id Endpoint.
	 * @return array<string, mixed>|null
	 */
	public function find( int $id ): ?array {
		$row = $this->db->get_row( $this->db->prepare( "SELECT * FROM {$this->table()} WHERE id = %d", $id ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
		return is_array( $row ) ? self::decode( $row ) : null;
	}

	/**
	 * One page of endpoints, oldest first.
	 *
	 * @param int|null $product_id Only this product's (a scoped key's), or every one.
	 * @param int      $page       1-based page.
	 * @param int      $per_page   Page size.
	 * @return array{0: array<int, array<string, mixed>>, 1: int} Rows and total.
	 */
	public function page( ?int $product_id, int $page, int $per_page ): array {
		$where = null === $product_id ? '1 = 1' : $this->db->prepare( 'product_id = %d', $product_id );
		$total = (int) $this->db->get_var( "SELECT COUNT(*) FROM {$this->table()} WHERE {$where}" ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- prepared above.
		$rows  = $this->page_rows( "SELECT * FROM {$this->table()} WHERE {$where} ORDER BY id", $total, $page, $per_page );
		return array( array_map( array( self::class, 'decode' ), $rows ), $total );
	}

	/**
	 * Every active endpoint.
	 *
	 * @return array<int, array<string, mixed>>
	 */
	public function active(): array {
		return array_map( array( self::class, 'decode' ), (array) $this->db->get_results( "SELECT * FROM {$this->table()} WHERE is_active = 1 ORDER BY id", ARRAY_A ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
	}

	/**
	 * Endpoints the service disabled, for the admin notice.
	 *
	 * @return array<int, array<string, mixed>>
	 */
	public function disabled(): array {
		return (array) $this->db->get_results( "SELECT id, url, disabled_at, disabled_reason FROM {$this->table()} WHERE is_active = 0 AND disabled_at IS NOT NULL ORDER BY id", ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
	}

	/**
	 * Changes an endpoint's URL, event types, description or state. Switching it on again clears the failure record.
	 *
	 * @param int                  $id     Endpoint.
	 * @param array<string, mixed> $fields url, event_types, description, is_active.
	 */
	public function update( int $id, array $fields ): void {
		$columns = array();
		foreach ( array( 'url', 'description' ) as $name ) {
			if ( array_key_exists( $name, $fields ) ) {
				$columns[ $name ] = (string) $fields[ $name ];
			}
		}
		if ( array_key_exists( 'event_types', $fields ) ) {
			$columns['event_types'] = (string) wp_json_encode( array_values( (array) $fields['event_types'] ) );
		}
		if ( array_key_exists( 'is_active', $fields ) ) {
			$columns['is_active'] = $fields['is_active'] ? 1 : 0;
			if ( $fields['is_active'] ) {
				$columns['failing_since']   = null;
				$columns['disabled_at']     = null;
				$columns['disabled_reason'] = null;
			}
		}
		if ( array() !== $columns ) {
			$this->update_row( Tables::WEBHOOK_ENDPOINTS, $id, $columns );
		}
	}

	/**
	 * Deletes an endpoint (its deliveries are the delivery repository's to delete).
	 *
	 * @param int $id Endpoint.
	 */
	public function delete( int $id ): bool {
		return 1 === (int) $this->db->delete( $this->table(), array( 'id' => $id ) );
	}

	/**
	 * Moves the fan-out cursor forward, never back.
	 *
	 * @param int $id       Endpoint.
	 * @param int $event_id Newest event fanned out for good.
	 */
	public function advance_cursor( int $id, int $event_id ): void {
		$this->db->query( $this->db->prepare( "UPDATE {$this->table()} SET fanned_out_to = %d WHERE id = %d AND fanned_out_to < %d", $event_id, $id, $event_id ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
	}

	/**
	 * Records a successful delivery: the endpoint is no longer failing.
	 *
	 * @param int $id Endpoint.
	 */
	public function record_success( int $id ): void {
		$this->db->query( $this->db->prepare( "UPDATE {$this->table()} SET failing_since = NULL WHERE id = %d AND failing_since IS NOT NULL", $id ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
	}

	/**
	 * Records a failed delivery attempt: the endpoint is failing since now, unless it already was.
	 *
	 * @param int $id  Endpoint.
	 * @param int $now Unix time.
	 * @return int|null Unix time since which it has been failing, or null when the endpoint is gone.
	 */
	public function record_failure( int $id, int $now ): ?int {
		$this->db->query( $this->db->prepare( "UPDATE {$this->table()} SET failing_since = %s WHERE id = %d AND failing_since IS NULL", gmdate( 'Y-m-d H:i:s', $now ), $id ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
		$since = $this->db->get_var( $this->db->prepare( "SELECT failing_since FROM {$this->table()} WHERE id = %d", $id ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
		return null === $since ? null : (int) strtotime( $since . ' UTC' );
	}

	/**
	 * Disables an active endpoint.
	 *
	 * @param int    $id     Endpoint.
	 * @param string $reason Why, for the admin.
	 * @param int    $now    Unix time.
	 * @return bool Whether this call disabled it.
	 */
	public function disable( int $id, string $reason, int $now ): bool {
		$at = gmdate( 'Y-m-d H:i:s', $now );
		return 1 === $this->db->query( $this->db->prepare( "UPDATE {$this->table()} SET is_active = 0, disabled_at = %s, disabled_reason = %s, updated_at = %s WHERE id = %d AND is_active = 1", $at, $reason, $at, $id ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
	}

	/**
	 * A row with its event types as a list.
	 *
	 * @param array<string, mixed> $row Row.
	 * @return array<string, mixed>
	 */
	private static function decode( array $row ): array {
		$types              = json_decode( (string) $row['event_types'], true );
		$row['event_types'] = is_array( $types ) ? array_values( array_map( 'strval', $types ) ) : array();
		$row['id']          = (int) $row['id'];
		$row['product_id']  = null === $row['product_id'] ? null : (int) $row['product_id'];
		$row['is_active']   = (bool) (int) $row['is_active'];
		return $row;
	}
}
