<?php
/**
 * Payment events table (svc_webhook_events: what the payment processor sent).
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage;

use Svc\Licensing\Domain\Privacy\PayloadRedactor;
use Svc\Licensing\Domain\PaymentEvent\EventStatus;
use Svc\Licensing\Domain\PaymentEvent\RetrySchedule;

/**
 * Every verified delivery is stored before anything else happens; the UNIQUE event_id decides which delivery
 * of an event is the first. A worker leases an event (a conditional UPDATE of locked_until) before it works on
 * it, so the retry job, a manual reprocess and a slow first delivery never process one event at once.
 */
final class PaymentEventRepository extends TableRepository {
	public const LEASE_SECONDS = 120;

	/**
	 * Table name.
	 */
	private function table(): string {
		return $this->table_name( Tables::WEBHOOK_EVENTS );
	}

	/**
	 * Stores a new event, leased to the caller and with a safety retry in case the process dies before the
	 * outcome is written.
	 *
	 * @param string $event_id   Processor event id.
	 * @param string $event_type Type.
	 * @param string $payload    Raw JSON.
	 * @param int    $now        Unix time.
	 * @return int|null Row id, or null when the event id is already stored.
	 */
	public function claim( string $event_id, string $event_type, string $payload, int $now ): ?int {
		return $this->insert_ignore_timestamped(
			Tables::WEBHOOK_EVENTS,
			array(
				'event_id'      => $event_id,
				'event_type'    => $event_type,
				'source'        => 'stripe',
				'payload'       => $payload,
				'retry_count'   => 0,
				'next_retry_at' => gmdate( 'Y-m-d H:i:s', $now + RetrySchedule::DELAYS[0] ),
				'locked_until'  => gmdate( 'Y-m-d H:i:s', $now + self::LEASE_SECONDS ),
			)
		);
	}

	/**
	 * Leases an event that is not processed and not leased by someone else.
	 *
	 * @param int $id  Row.
	 * @param int $now Unix time.
	 * @return bool Whether the caller holds the lease now.
	 */
	public function lease( int $id, int $now ): bool {
		$at      = gmdate( 'Y-m-d H:i:s', $now );
		$changed = $this->db->query(
			$this->db->prepare(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
				"UPDATE {$this->table()} SET locked_until = %s WHERE id = %d AND processed_at IS NULL AND (locked_until IS NULL OR locked_until < %s)",
				gmdate( 'Y-m-d H:i:s', $now + self::LEASE_SECONDS ),
				$id,
				$at
			)
		);
		return 1 === $changed;
	}

	/**
	 * Marks an event processed; runs inside the caller's transaction with the effects.
	 *
	 * @param int $id  Row.
	 * @param int $now Unix time.
	 */
	public function mark_processed( int $id, int $now ): void {
		$at = gmdate( 'Y-m-d H:i:s', $now );
		$this->db->query(
			$this->db->prepare(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
				"UPDATE {$this->table()} SET processed_at = %s, processing_error = NULL, next_retry_at = NULL, locked_until = NULL, updated_at = %s WHERE id = %d",
				$at,
				$at,
				$id
			)
		);
	}

	/**
	 * Records a failed attempt and releases the lease.
	 *
	 * @param int      $id            Row.
	 * @param string   $error         Message for the admin.
	 * @param int      $retry_count   New retry count.
	 * @param int|null $next_retry_at Unix time, or null when no retry is left.
	 * @param int      $now           Unix time.
	 */
	public function record_failure( int $id, string $error, int $retry_count, ?int $next_retry_at, int $now ): void {
		$this->db->update(
			$this->table(),
			array(
				'processing_error' => $error,
				'retry_count'      => $retry_count,
				'next_retry_at'    => null === $next_retry_at ? null : gmdate( 'Y-m-d H:i:s', $next_retry_at ),
				'locked_until'     => null,
				'updated_at'       => gmdate( 'Y-m-d H:i:s', $now ),
			),
			array( 'id' => $id )
		);
	}

	/**
	 * Ids of events due for a retry and not leased, oldest event first.
	 *
	 * @param int $now   Unix time.
	 * @param int $limit At most this many.
	 * @return int[]
	 */
	public function due( int $now, int $limit ): array {
		$at  = gmdate( 'Y-m-d H:i:s', $now );
		$ids = $this->db->get_col(
			$this->db->prepare(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
				"SELECT id FROM {$this->table()} WHERE processed_at IS NULL AND next_retry_at IS NOT NULL AND next_retry_at <= %s AND (locked_until IS NULL OR locked_until < %s) ORDER BY created_at ASC, id ASC LIMIT %d",
				$at,
				$at,
				$limit
			)
		);
		return array_map( 'intval', (array) $ids );
	}

	/**
	 * An event by row id.
	 *
	 * @param int $id Row.
	 * @return array<string, mixed>|null
	 */
	public function find( int $id ): ?array {
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
		$row = $this->db->get_row( $this->db->prepare( "SELECT * FROM {$this->table()} WHERE id = %d", $id ), ARRAY_A );
		return is_array( $row ) ? self::cast( $row ) : null;
	}

	/**
	 * An event by processor event id.
	 *
	 * @param string $event_id Processor event id.
	 * @return array<string, mixed>|null
	 */
	public function find_by_event_id( string $event_id ): ?array {
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
		$row = $this->db->get_row( $this->db->prepare( "SELECT * FROM {$this->table()} WHERE event_id = %s", $event_id ), ARRAY_A );
		return is_array( $row ) ? self::cast( $row ) : null;
	}

	/**
	 * One page of events, newest first, without payloads.
	 *
	 * @param string|null $status   An EventStatus value, or null for all.
	 * @param string|null $type     Exact event type, or null.
	 * @param string|null $event_id Exact processor event id, or null.
	 * @param int         $page     1-based page.
	 * @param int         $per_page Page size.
	 * @return array{0: array<int, array<string, mixed>>, 1: int} Rows and total.
	 */
	public function page( ?string $status, ?string $type, ?string $event_id, int $page, int $per_page ): array {
		$where = array( '1 = 1' );
		if ( EventStatus::PROCESSED === $status ) {
			$where[] = 'processed_at IS NOT NULL';
		} elseif ( EventStatus::PENDING_RETRY === $status ) {
			$where[] = 'processed_at IS NULL AND next_retry_at IS NOT NULL';
		} elseif ( EventStatus::FAILED === $status ) {
			$where[] = 'processed_at IS NULL AND next_retry_at IS NULL';
		}
		if ( null !== $type ) {
			$where[] = $this->db->prepare( 'event_type = %s', $type );
		}
		if ( null !== $event_id ) {
			$where[] = $this->db->prepare( 'event_id = %s', $event_id );
		}
		$where   = implode( ' AND ', $where );
		$columns = 'id, event_id, event_type, source, processed_at, processing_error, retry_count, next_retry_at, locked_until, created_at, updated_at';
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant, conditions prepared above.
		$total = (int) $this->db->get_var( "SELECT COUNT(*) FROM {$this->table()} WHERE {$where}" );
		$rows  = $this->page_rows( "SELECT {$columns} FROM {$this->table()} WHERE {$where} ORDER BY created_at DESC, id DESC", $total, $page, $per_page );
		return array( array_map( array( self::class, 'cast' ), $rows ), $total );
	}

	/**
	 * Removes a person's data from stored payloads (privacy erase): every event that mentions the email, and
	 * every event of the Stripe customers those events name (a charge need not repeat the email). Each payload
	 * is redacted field by field (PayloadRedactor), not by searching for the email alone.
	 *
	 * @param string $email Lower-case email.
	 * @return int Events changed.
	 */
	public function redact_person( string $email ): int {
		$rows      = $this->payloads_containing( $email );
		$customers = array();
		foreach ( $rows as $row ) {
			$decoded   = json_decode( (string) $row['payload'], true );
			$customers = array_merge( $customers, is_array( $decoded ) ? PayloadRedactor::customer_ids( $decoded ) : array() );
		}
		foreach ( array_unique( $customers ) as $customer ) {
			$rows += $this->payloads_containing( '"' . $customer . '"' );
		}
		foreach ( $rows as $id => $row ) {
			$decoded = json_decode( (string) $row['payload'], true );
			$payload = is_array( $decoded )
				? (string) wp_json_encode( PayloadRedactor::redact( $decoded, $email ) )
				: str_ireplace( $email, PayloadRedactor::ERASED, (string) $row['payload'] );
			$this->db->update( $this->table(), array( 'payload' => $payload ), array( 'id' => $id ) );
		}
		return count( $rows );
	}

	/**
	 * Stored events whose payload contains a string (case-insensitive), keyed by id.
	 *
	 * @param string $needle Text.
	 * @return array<int, array{id: int, payload: string}>
	 */
	private function payloads_containing( string $needle ): array {
		$rows = $this->db->get_results(
			$this->db->prepare(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
				"SELECT id, payload FROM {$this->table()} WHERE LOWER(payload) LIKE %s",
				'%' . $this->db->esc_like( strtolower( $needle ) ) . '%'
			),
			ARRAY_A
		);
		$keyed = array();
		foreach ( (array) $rows as $row ) {
			$keyed[ (int) $row['id'] ] = array(
				'id'      => (int) $row['id'],
				'payload' => (string) $row['payload'],
			);
		}
		return $keyed;
	}

	/**
	 * Casts numeric columns.
	 *
	 * @param array<string, mixed> $row Row.
	 * @return array<string, mixed>
	 */
	private static function cast( array $row ): array {
		$row['id']          = (int) $row['id'];
		$row['retry_count'] = (int) $row['retry_count'];
		return $row;
	}
}
