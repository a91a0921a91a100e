<?php
/**
 * The append-only event log, svc_events.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage;

use Svc\Licensing\Domain\Event\Actor;
use Svc\Licensing\Domain\Event\EventType;
use Svc\Licensing\Domain\Privacy\PayloadRedactor;

/**
 * The table's one writer. A use case calls record() inside the transaction of the change it records, so a change
 * that rolls back takes its event with it. Rows are only ever inserted, except that a privacy erase redacts
 * their personal data.
 */
final class EventRepository extends TableRepository {

	/**
	 * Table.
	 */
	private function table(): string {
		return $this->table_name( Tables::EVENTS );
	}

	/**
	 * Records an event about a licence, with the licence's product for scope (one INSERT … SELECT: nothing is
	 * written when the licence does not exist).
	 *
	 * @param string               $type       An EventType licence type.
	 * @param int                  $license_id Licence.
	 * @param Actor                $actor      Who caused it.
	 * @param array<string, mixed> $payload    Small, no secrets, no full keys.
	 * @return bool Whether a row was written.
	 */
	public function record_for_license( string $type, int $license_id, Actor $actor, array $payload = array() ): bool {
		$licenses = $this->table_name( Tables::LICENSES );
		return 1 === $this->db->query(
			$this->db->prepare(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table names from constants.
				"INSERT INTO {$this->table()} (type, subject_type, subject_id, actor_kind, actor_label, product_id, payload, created_at) SELECT %s, %s, id, %s, %s, product_id, %s, %s FROM {$licenses} WHERE id = %d",
				$type,
				EventType::subject( $type ),
				$actor->kind,
				$actor->label,
				(string) wp_json_encode( (object) $payload ),
				gmdate( 'Y-m-d H:i:s' ),
				$license_id
			)
		);
	}

	/**
	 * Records one event of a type about each of many licences in one multi-row INSERT (a move-in's batch), each
	 * with the product the caller gives, which is the licence's: the caller wrote the licences in the same
	 * transaction.
	 *
	 * @param string                                                                       $type   An EventType licence type.
	 * @param list<array{license_id: int, product_id: int, payload: array<string, mixed>}> $events Licence, its product and the payload (small, no secrets, no full keys).
	 * @param Actor                                                                        $actor  Who caused them.
	 */
	public function record_many_for_licenses( string $type, array $events, Actor $actor ): void {
		$now     = gmdate( 'Y-m-d H:i:s' );
		$subject = EventType::subject( $type );
		foreach ( array_chunk( $events, 500 ) as $chunk ) {
			$tuples = array();
			foreach ( $chunk as $event ) {
				$tuples[] = $this->db->prepare( '(%s, %s, %d, %s, %s, %d, %s, %s)', $type, $subject, $event['license_id'], $actor->kind, $actor->label, $event['product_id'], (string) wp_json_encode( (object) $event['payload'] ), $now );
			}
			$this->db->query(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared,WordPress.DB.PreparedSQL.NotPrepared -- table name from a constant, tuples prepared above.
				"INSERT INTO {$this->table()} (type, subject_type, subject_id, actor_kind, actor_label, product_id, payload, created_at) VALUES " . implode( ', ', $tuples )
			);
		}
	}

	/**
	 * Records an event about anything but a licence.
	 *
	 * @param string               $type       An EventType.
	 * @param int                  $subject_id The subject's id.
	 * @param Actor                $actor      Who caused it.
	 * @param int|null             $product_id The subject's product, or null for none.
	 * @param array<string, mixed> $payload    Small, no secrets, no full keys.
	 */
	public function record( string $type, int $subject_id, Actor $actor, ?int $product_id, array $payload = array() ): void {
		$this->db->insert(
			$this->table(),
			array(
				'type'         => $type,
				'subject_type' => EventType::subject( $type ),
				'subject_id'   => $subject_id,
				'actor_kind'   => $actor->kind,
				'actor_label'  => $actor->label,
				'product_id'   => $product_id,
				'payload'      => (string) wp_json_encode( (object) $payload ),
				'created_at'   => gmdate( 'Y-m-d H:i:s' ),
			)
		);
	}

	/**
	 * How many events of a type a licence has had since a time whose payload carries a field with a value (the
	 * portal's self-serve releases: license.deactivated with "via":"portal"). The payload is the JSON this class
	 * wrote, so the field is matched as wp_json_encode() writes it.
	 *
	 * @param int    $license_id Licence.
	 * @param string $type       An EventType licence type.
	 * @param string $since      Storage time; events at or after it count.
	 * @param string $field      Payload field.
	 * @param string $value      Its value (a plain word: letters, digits, _ and -).
	 */
	public function count_for_license( int $license_id, string $type, string $since, string $field, string $value ): int {
		$marker = '%' . $this->db->esc_like( '"' . $field . '":"' . $value . '"' ) . '%';
		return (int) $this->db->get_var(
			$this->db->prepare(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant.
				"SELECT COUNT(*) FROM {$this->table()} WHERE subject_type = 'license' AND subject_id = %d AND type = %s AND created_at >= %s AND payload LIKE %s",
				$license_id,
				$type,
				$since,
				$marker
			)
		);
	}

	/**
	 * One page of events, newest first.
	 *
	 * @param array{subject_type?: string, subject_id?: int, type?: string, actor_kind?: string, actor?: string, product_id?: int, since?: string, until?: string} $filters  Filters; times in storage format.
	 * @param int                                                                                                                                                  $page     1-based page.
	 * @param int                                                                                                                                                  $per_page Page size.
	 * @return array{0: array<int, array<string, mixed>>, 1: int} Rows and total.
	 */
	public function page( array $filters, int $page, int $per_page ): array {
		$where   = array( '1 = 1' );
		$columns = array(
			'subject_type' => 'subject_type = %s',
			'subject_id'   => 'subject_id = %d',
			'type'         => 'type = %s',
			'actor_kind'   => 'actor_kind = %s',
			'actor'        => 'actor_label = %s',
			'product_id'   => 'product_id = %d',
			'since'        => 'created_at >= %s',
			'until'        => 'created_at <= %s',
		);
		foreach ( $columns as $name => $condition ) {
			if ( isset( $filters[ $name ] ) ) {
				$where[] = $this->db->prepare( $condition, $filters[ $name ] ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- conditions from the list above.
			}
		}
		$condition = implode( ' AND ', $where );
		$total     = (int) $this->db->get_var( "SELECT COUNT(*) FROM {$this->table()} WHERE {$condition}" ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- prepared above.
		$rows      = $this->page_rows( "SELECT * FROM {$this->table()} WHERE {$condition} ORDER BY id DESC", $total, $page, $per_page );
		return array( $rows, $total );
	}

	/**
	 * Redacts a customer's personal data in the events of their licences: payload fields that hold personal data
	 * and the email wherever it appears, and the site URLs a customer actor was named by.
	 *
	 * @param int[]  $license_ids The customer's licences.
	 * @param string $email       Normalised email.
	 * @return int Events redacted.
	 */
	public function redact_licenses( array $license_ids, string $email ): int {
		if ( empty( $license_ids ) ) {
			return 0;
		}
		$ids  = implode( ',', array_map( 'intval', $license_ids ) );
		$rows = (array) $this->db->get_results(
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name from a constant, ids cast to integers.
			"SELECT id, actor_kind, payload FROM {$this->table()} WHERE subject_type = 'license' AND subject_id IN ({$ids})",
			ARRAY_A
		);
		foreach ( $rows as $row ) {
			$decoded = json_decode( (string) $row['payload'], true );
			$payload = is_array( $decoded ) ? PayloadRedactor::redact( self::without_sites( $decoded ), $email ) : array();
			$fields  = array( 'payload' => (string) wp_json_encode( (object) $payload ) );
			if ( Actor::CUSTOMER === $row['actor_kind'] ) {
				$fields['actor_label'] = PayloadRedactor::ERASED;
			}
			$this->db->update( $this->table(), $fields, array( 'id' => (int) $row['id'] ) );
		}
		return count( $rows );
	}

	/**
	 * A payload with its site URLs erased (a customer's site is personal data, as in the activations table; a move
	 * names the old address too).
	 *
	 * @param array<mixed> $payload Decoded payload.
	 * @return array<mixed>
	 */
	private static function without_sites( array $payload ): array {
		foreach ( array( 'site_url', 'from_site_url' ) as $field ) {
			if ( isset( $payload[ $field ] ) ) {
				$payload[ $field ] = PayloadRedactor::ERASED;
			}
		}
		return $payload;
	}
}
