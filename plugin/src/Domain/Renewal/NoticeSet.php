<?php
/**
 * The seller's renewal and trial notices, and the ones the service ships.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Renewal;

/**
 * Pure. At most MAX notices, each id once, and no two notices of one kind on the same day (the job would send
 * only one of them: DueWindow::pick). The shipped defaults are all switched off: nothing is mailed that the
 * seller did not turn on.
 */
final class NoticeSet {

	/** Most notices a seller may keep. */
	public const MAX = 20;

	/**
	 * The notices, in the order saved.
	 *
	 * @var list<Notice>
	 */
	private $notices;

	/**
	 * Constructor.
	 *
	 * @param Notice[] $notices Checked notices.
	 */
	private function __construct( array $notices ) {
		$this->notices = array_values( $notices );
	}

	/**
	 * Reads the stored or submitted list.
	 *
	 * @param array<int|string, mixed> $rows Notice rows.
	 * @throws InvalidNotice Naming the notice and field.
	 */
	public static function from_list( array $rows ): self {
		if ( count( $rows ) > self::MAX ) {
			throw new InvalidNotice( 'notices', sprintf( 'At most %d notices: remove some before adding more.', self::MAX ) );
		}
		$notices = array();
		$days    = array();
		foreach ( $rows as $row ) {
			if ( ! is_array( $row ) ) {
				throw new InvalidNotice( 'notices', 'Each notice must be an object with id, kind, offset, enabled, subject and body.' );
			}
			$notice = Notice::from_array( $row );
			if ( isset( $notices[ $notice->id ] ) ) {
				throw new InvalidNotice( 'id', sprintf( 'Two notices are named %s: give each its own name.', $notice->id ), $notice->id );
			}
			$day = $notice->kind . ' ' . $notice->offset;
			if ( isset( $days[ $day ] ) ) {
				throw new InvalidNotice(
					'offset',
					sprintf( 'Notices %1$s and %2$s both go %3$s: one mail a day is enough, move or remove one.', $days[ $day ], $notice->id, self::describe( $notice->offset ) ),
					$notice->id
				);
			}
			$notices[ $notice->id ] = $notice;
			$days[ $day ]           = $notice->id;
		}
		return new self( array_values( $notices ) );
	}

	/**
	 * What the service ships: a month and a week before expiry, on the day, a week after, three days before a trial
	 * ends; every one switched off. Their words stay true when the job sends them a few days late (DueWindow): dates,
	 * and {days} counted on the day of sending, rather than "today".
	 */
	public static function defaults(): self {
		$renew   = "\n\nRenew it here to keep updates and support on every site, with the same key:\n{renewal_link}\n\nSites using it:\n{sites}";
		$rows    = array(
			array( 'renewal-before-30', Notice::RENEWAL, -30, 'Your {product} licence expires on {expiry_date}', "Hello {customer_name},\n\nyour {product} licence (key ending {key_last}) expires in {days} days, on {expiry_date}." . $renew ),
			array( 'renewal-before-7', Notice::RENEWAL, -7, 'Your {product} licence expires in {days} days', "Hello {customer_name},\n\na reminder: your {product} licence (key ending {key_last}) expires on {expiry_date}." . $renew ),
			array( 'renewal-on-day', Notice::RENEWAL, 0, 'Your {product} licence has reached its expiry date', "Hello {customer_name},\n\nyour {product} licence (key ending {key_last}) reached its expiry date, {expiry_date}." . $renew ),
			array( 'renewal-after-7', Notice::RENEWAL, 7, 'Your {product} licence has expired', "Hello {customer_name},\n\nyour {product} licence (key ending {key_last}) expired on {expiry_date}: your sites no longer get updates." . $renew ),
			array( 'trial-before-3', Notice::TRIAL, -3, 'Your {product} trial ends in {days} days', "Hello {customer_name},\n\nyour {product} trial ends on {expiry_date}. Buy a licence to keep it running:\n{renewal_link}" ),
		);
		$notices = array();
		foreach ( $rows as list( $id, $kind, $offset, $subject, $body ) ) {
			$notices[] = array(
				'id'      => $id,
				'kind'    => $kind,
				'offset'  => $offset,
				'enabled' => false,
				'subject' => $subject,
				'body'    => $body,
			);
		}
		return self::from_list( $notices );
	}

	/**
	 * Every notice, in the order saved.
	 *
	 * @return list<Notice>
	 */
	public function all(): array {
		return $this->notices;
	}

	/**
	 * The enabled notices of a kind, earliest day first.
	 *
	 * @param string $kind Notice::RENEWAL or Notice::TRIAL.
	 * @return list<Notice>
	 */
	public function enabled( string $kind ): array {
		$enabled = array_values(
			array_filter(
				$this->notices,
				static function ( Notice $notice ) use ( $kind ): bool {
					return $notice->enabled && $kind === $notice->kind;
				}
			)
		);
		usort(
			$enabled,
			static function ( Notice $a, Notice $b ): int {
				return $a->offset <=> $b->offset;
			}
		);
		return $enabled;
	}

	/**
	 * A notice by id.
	 *
	 * @param string $id Id.
	 */
	public function find( string $id ): ?Notice {
		foreach ( $this->notices as $notice ) {
			if ( $id === $notice->id ) {
				return $notice;
			}
		}
		return null;
	}

	/**
	 * As stored.
	 *
	 * @return list<array{id: string, kind: string, offset: int, enabled: bool, subject: string, body: string}>
	 */
	public function to_list(): array {
		return array_map(
			static function ( Notice $notice ): array {
				return $notice->to_array();
			},
			$this->notices
		);
	}

	/**
	 * "7 days before expiry", "on the expiry day", "1 day after expiry".
	 *
	 * @param int $offset Days.
	 */
	private static function describe( int $offset ): string {
		if ( 0 === $offset ) {
			return 'on the expiry day';
		}
		$days = abs( $offset );
		return sprintf( '%d %s %s expiry', $days, 1 === $days ? 'day' : 'days', $offset < 0 ? 'before' : 'after' );
	}
}
