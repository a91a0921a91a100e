<?php
/**
 * Outbound webhook deliveries and their attempts, svc_webhook_deliveries and svc_webhook_attempts.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage;

use Svc\Licensing\Domain\Event\EventView;
use Svc\Licensing\Domain\Outbound\DeliveryBody;

/**
 * The two tables' one writer. The database decides every race: a fan-out row is an INSERT IGNORE against
 * UNIQUE (endpoint_id, fanout_event_id); a due delivery is claimed by one conditional UPDATE that writes a
 * claim token, and only the holder of that token can record the attempt's outcome.
 */
final class OutboundDeliveryRepository extends TableRepository {
	public const PENDING    = 'pending';
	public const DELIVERING = 'delivering';
	public const SUCCEEDED  = 'succeeded';
	public const FAILED     = 'failed';

	public const STATUSES = array( self::PENDING, self::DELIVERING, self::SUCCEEDED, self::FAILED );

	/**
	 * Seconds a claim holds before another node may take the delivery over (the request's timeout and more).
	 */
	public const CLAIM_SECONDS = 120;

	/**
	 * Deliveries table.
	 */
	private function table(): string {
		return $this->table_name( Tables::WEBHOOK_DELIVERIES );
	}

	/**
	 * Attempts table.
	 */
	private function attempts(): string {
		return $this->table_name( Tables::WEBHOOK_ATTEMPTS );
	}

	/**
	 * The events after an endpoint's cursor that it wants, oldest first.
	 *
	 * @param array<string, mixed> $endpoint Endpoint row (decoded).
	 * @param int                  $limit    Most rows.
	 * @return array<int, array<string, mixed>>
	 */
	public function events_for( array $endpoint, int $limit ): array {
		$types = (array) $endpoint['event_types'];
		if ( array() === $types ) {
			return array();
		}
		$events = $this->table_name( Tables::EVENTS );
		$where  = $this->db->prepare( 'id > %d', (int) $endpoint['fanned_out_to'] );
		$where .= ' AND type IN (' . implode( ',', array_fill( 0, count( $types ), '%s' ) ) . ')';
		$where  = $this->db->prepare( $where, $types ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared,WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- placeholders built above.
		if ( null !== $endpoint['product_id'] ) {
			$where .= $this->db->prepare( ' AND product_id = %d', (int) $endpoint['product_id'] );
		}
		return (array) $this->db->get_results( "SELECT * FROM {$events} WHERE {$where} ORDER BY id LIMIT " . (int) $limit, ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- prepared above.
	}

	/**
	 * Adds a delivery, due now. A fan-out row (with fanout_event_id) that exists already is not written again.
	 *
	 * @param array{delivery_uuid: string, endpoint_id: int, event_id: int|null, fanout_event_id: int|null, event_type: string, body: string, replay_of: int|null} $fields Columns.
	 * @param int                                                                                                                                                  $now    Unix time.
	 * @return int|null New id, or null when the fan-out row existed.
	 */
	public function add( array $fields, int $now ): ?int {
		$at = gmdate( 'Y-m-d H:i:s', $now );
		return $this->insert_ignore(
			Tables::WEBHOOK_DELIVERIES,
			array_merge(
				$fields,
				array(
					'status'          => self::PENDING,
					'attempts'        => 0,
					'next_attempt_at' => $at,
					'created_at'      => $at,
					'updated_at'      => $at,
				)
			)
		);
	}

	/**
	 * Ids of deliveries due now on active endpoints (pending and due, or claimed by a node whose claim ran out).
	 *
	 * @param int $now   Unix time.
	 * @param int $limit Most ids.
	 * @return int[]
	 */
	public function due( int $now, int $limit ): array {
		$at        = gmdate( 'Y-m-d H:i:s', $now );
		$endpoints = $this->table_name( Tables::WEBHOOK_ENDPOINTS );
		return array_map(
			'intval',
			(array) $this->db->get_col(
				$this->db->prepare(
					// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table names from constants.
					"SELECT d.id FROM {$this->table()} d JOIN {$endpoints} e ON e.id = d.endpoint_id WHERE e.is_active = 1 AND ((d.status = %s AND d.next_attempt_at <= %s) OR (d.status = %s AND d.claimed_until < %s)) ORDER BY d.next_attempt_at, d.id LIMIT %d",
					self::PENDING,
					$at,
					self::DELIVERING,
					$at,
					$limit
				)
			)
		);
	}

	/**
	 * Claims a delivery for one attempt: one conditional UPDATE, so of several nodes exactly one gets it.
	 *
	 * @param int    $id    Delivery.
	 * @param string $token A new random token.
	 * @param int    $now   Unix time.
	 * @param bool   $any_time Claim a pending delivery even when it is not due yet (a test send, a replay).
	 * @return bool Whether the caller holds the claim.
	 */
	public function claim( int $id, string $token, int $now, bool $any_time = false ): bool {
		$at   = gmdate( 'Y-m-d H:i:s', $now );
		$due  = $any_time ? '9999-12-31 23:59:59' : $at;
		$sql  = "UPDATE {$this->table()} SET status = %s, claim_token = %s, claimed_until = %s, updated_at = %s WHERE id = %d AND ((status = %s AND next_attempt_at <= %s) OR (status = %s AND claimed_until < %s))";
		$done = $this->db->query(
			// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- table name from a constant, values as placeholders.
			$this->db->prepare( $sql, self::DELIVERING, $token, gmdate( 'Y-m-d H:i:s', $now + self::CLAIM_SECONDS ), $at, $id, self::PENDING, $due, self::DELIVERING, $at )
		);
		return 1 === $done;
	}

	/**
	 * One delivery, or null.
	 *
	 * @param int $id Delivery.
	 * @return array<string, mixed>|null
	 */
	public function find( int $id ): ?array {
		$row = $this->db->get_row( $this->db->prepare( "SELECT * FROM {$this->table()} WHERE id = %d", $id ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
		return is_array( $row ) ? $row : null;
	}

	/**
	 * Records a claimed delivery's attempt and its outcome; nothing when the claim is no longer the caller's.
	 *
	 * @param int                                                                                 $id      Delivery.
	 * @param string                                                                              $token   The claim's token.
	 * @param array{status_code: int|null, error: string|null, duration_ms: int, excerpt: string} $attempt What happened.
	 * @param string                                                                              $status  New status.
	 * @param int|null                                                                            $next_at Unix time of the next attempt, or null.
	 * @param int                                                                                 $now     Unix time.
	 * @return int|null The attempt's number, or null when the claim was lost.
	 */
	public function record_attempt( int $id, string $token, array $attempt, string $status, ?int $next_at, int $now ): ?int {
		$at      = gmdate( 'Y-m-d H:i:s', $now );
		$changed = $this->db->query( $this->db->prepare( "UPDATE {$this->table()} SET attempts = attempts + 1 WHERE id = %d AND claim_token = %s", $id, $token ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
		if ( 1 !== $changed ) {
			return null;
		}
		$fields = array(
			'status'           => $status,
			'next_attempt_at'  => null === $next_at ? null : gmdate( 'Y-m-d H:i:s', $next_at ),
			'claim_token'      => null,
			'claimed_until'    => null,
			'last_status_code' => $attempt['status_code'],
			'last_error'       => null === $attempt['error'] ? null : substr( $attempt['error'], 0, 255 ),
			'updated_at'       => $at,
		);
		if ( self::SUCCEEDED === $status ) {
			$fields['delivered_at'] = $at;
		}
		$this->db->update(
			$this->table(),
			$fields,
			array(
				'id'          => $id,
				'claim_token' => $token,
			)
		);
		$number = (int) $this->db->get_var( $this->db->prepare( "SELECT attempts FROM {$this->table()} WHERE id = %d", $id ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
		$this->insert_ignore(
			Tables::WEBHOOK_ATTEMPTS,
			array(
				'delivery_id'      => $id,
				'attempt'          => $number,
				'status_code'      => $attempt['status_code'],
				'error'            => null === $attempt['error'] ? null : substr( $attempt['error'], 0, 255 ),
				'duration_ms'      => $attempt['duration_ms'],
				'response_excerpt' => $attempt['excerpt'],
				'created_at'       => $at,
			)
		);
		return $number;
	}

	/**
	 * One page of deliveries, newest first.
	 *
	 * @param array{endpoint_id?: int, status?: string, event_id?: int, product_id?: int} $filters  Filters (product_id: the endpoint's).
	 * @param int                                                                         $page     1-based page.
	 * @param int                                                                         $per_page Page size.
	 * @return array{0: array<int, array<string, mixed>>, 1: int} Rows and total.
	 */
	public function page( array $filters, int $page, int $per_page ): array {
		$endpoints = $this->table_name( Tables::WEBHOOK_ENDPOINTS );
		$where     = array( '1 = 1' );
		$columns   = array(
			'endpoint_id' => 'd.endpoint_id = %d',
			'status'      => 'd.status = %s',
			'event_id'    => 'd.event_id = %d',
			'product_id'  => 'e.product_id = %d',
		);
		foreach ( $columns as $name => $condition ) {
			if ( isset( $filters[ $name ] ) ) {
				$where[] = $this->db->prepare( $condition, $filters[ $name ] ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- conditions from the list above.
			}
		}
		$condition = implode( ' AND ', $where );
		$from      = "{$this->table()} d JOIN {$endpoints} e ON e.id = d.endpoint_id";
		$total     = (int) $this->db->get_var( "SELECT COUNT(*) FROM {$from} WHERE {$condition}" ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- prepared above.
		$rows      = $this->page_rows( "SELECT d.*, e.product_id FROM {$from} WHERE {$condition} ORDER BY d.id DESC", $total, $page, $per_page );
		return array( $rows, $total );
	}

	/**
	 * A delivery's attempts, first first.
	 *
	 * @param int $delivery_id Delivery.
	 * @return array<int, array<string, mixed>>
	 */
	public function attempts_of( int $delivery_id ): array {
		return (array) $this->db->get_results( $this->db->prepare( "SELECT * FROM {$this->attempts()} WHERE delivery_id = %d ORDER BY attempt", $delivery_id ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
	}

	/**
	 * Re-renders the event in the bodies of the deliveries of these licences' events from the event log as it is
	 * now: after a privacy erase has redacted the log, the delivery log holds no more of the customer than it.
	 *
	 * @param int[] $license_ids Licences.
	 * @return int Deliveries rewritten.
	 */
	public function refresh_license_events( array $license_ids ): int {
		if ( empty( $license_ids ) ) {
			return 0;
		}
		$ids    = implode( ',', array_map( 'intval', $license_ids ) );
		$events = $this->table_name( Tables::EVENTS );
		$rows   = (array) $this->db->get_results(
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table names from constants, ids cast to integers.
			"SELECT d.id AS delivery_row, d.delivery_uuid, d.body, e.* FROM {$this->table()} d JOIN {$events} e ON e.id = d.event_id WHERE e.subject_type = 'license' AND e.subject_id IN ({$ids})",
			ARRAY_A
		);
		foreach ( $rows as $row ) {
			$body = json_decode( (string) $row['body'], true );
			$this->db->update(
				$this->table(),
				array( 'body' => DeliveryBody::encode( (string) $row['delivery_uuid'], EventView::present( $row ), (string) ( is_array( $body ) ? ( $body['created_at'] ?? '' ) : '' ) ) ),
				array( 'id' => (int) $row['delivery_row'] )
			);
		}
		return count( $rows );
	}

	/**
	 * Deletes an endpoint's deliveries and their attempts.
	 *
	 * @param int $endpoint_id Endpoint.
	 */
	public function delete_for_endpoint( int $endpoint_id ): void {
		$this->db->query( $this->db->prepare( "DELETE FROM {$this->attempts()} WHERE delivery_id IN (SELECT id FROM {$this->table()} WHERE endpoint_id = %d)", $endpoint_id ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table names from constants.
		$this->db->query( $this->db->prepare( "DELETE FROM {$this->table()} WHERE endpoint_id = %d", $endpoint_id ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
	}
}
