<?php
/**
 * Receives, stores and processes payment events; retries them.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Payments;

use InvalidArgumentException;
use Svc\Licensing\Domain\ErrorCode;
use Svc\Licensing\Domain\IsoTime;
use Svc\Licensing\Domain\PaymentEvent\RetrySchedule;
use Svc\Licensing\Domain\PaymentEvent\StripeEvent;
use Svc\Licensing\Storage\PaymentEventRepository;
use Svc\Licensing\Domain\ServiceError;
use Throwable;
use Svc\Licensing\Storage\Transaction;

/**
 * Every attempt runs the event's whole effect and the processed mark in one transaction: either both land or
 * neither does. A failure rolls back, stores the error and schedules the next retry; a process that dies
 * mid-way leaves the event with its lease and its retry time, so the job takes it up again later.
 */
final class PaymentEventInbox {
	public const OUTCOME_PROCESSED = 'processed';
	public const OUTCOME_FAILED    = 'failed';
	public const OUTCOME_BUSY      = 'busy';

	/**
	 * One event's whole effect is one transaction.
	 *
	 * @var Transaction
	 */
	private $transaction;

	/**
	 * Stored events.
	 *
	 * @var PaymentEventRepository
	 */
	private $events;

	/**
	 * Applies events.
	 *
	 * @var EventProcessor
	 */
	private $processor;

	/**
	 * Emails new keys.
	 *
	 * @var KeyMailer
	 */
	private $mailer;

	/**
	 * Constructor.
	 *
	 * @param Transaction            $transaction One event's effect is one transaction.
	 * @param PaymentEventRepository $events    Stored events.
	 * @param EventProcessor         $processor Applies events.
	 * @param KeyMailer              $mailer    Emails new keys.
	 */
	public function __construct( Transaction $transaction, PaymentEventRepository $events, EventProcessor $processor, KeyMailer $mailer ) {
		$this->transaction = $transaction;
		$this->events      = $events;
		$this->processor   = $processor;
		$this->mailer      = $mailer;
	}

	/**
	 * Stores a verified event and processes it.
	 *
	 * @param StripeEvent $event Parsed event.
	 * @param string      $raw   Raw body, stored as received.
	 * @param int         $now   Unix time.
	 * @return array{duplicate: bool, event: array<string, mixed>}
	 */
	public function receive( StripeEvent $event, string $raw, int $now ): array {
		$id = $this->events->claim( $event->id, $event->type, $raw, $now );
		if ( null === $id ) {
			return array(
				'duplicate' => true,
				'event'     => (array) $this->events->find_by_event_id( $event->id ),
			);
		}
		$this->attempt( (array) $this->events->find( $id ), $now, false );
		return array(
			'duplicate' => false,
			'event'     => (array) $this->events->find( $id ),
		);
	}

	/**
	 * A stored event.
	 *
	 * @param int $id Row.
	 * @return array<string, mixed>
	 * @throws ServiceError 404 when no event has this id.
	 */
	public function event( int $id ): array {
		$row = $this->events->find( $id );
		if ( null === $row ) {
			throw new ServiceError( ErrorCode::NOT_FOUND, __( 'No webhook event has this id.', 'svc-licensing' ) );
		}
		return $row;
	}

	/**
	 * An admin retries one stored event now (REST reprocess, `wp svc webhook retry`): refused when it was
	 * processed already or another attempt holds it.
	 *
	 * @param int $id  Row.
	 * @param int $now Unix time.
	 * @return array<string, mixed> The event after the attempt.
	 * @throws ServiceError 404, already_processed or event_busy.
	 */
	public function retry( int $id, int $now ): array {
		$row = $this->event( $id );
		if ( null !== $row['processed_at'] ) {
			throw new ServiceError( ErrorCode::ALREADY_PROCESSED, __( 'This event was processed already; processing it again would change nothing.', 'svc-licensing' ) );
		}
		if ( self::OUTCOME_BUSY === $this->reprocess( (int) $row['id'], $now ) ) {
			throw new ServiceError( ErrorCode::EVENT_BUSY, __( 'This event is being processed right now. Try again in a minute.', 'svc-licensing' ) );
		}
		return $this->event( (int) $row['id'] );
	}

	/**
	 * Tries a stored event again, now (manual reprocess). A manual attempt does not use up a scheduled retry.
	 *
	 * @param int $id  Row.
	 * @param int $now Unix time.
	 * @return string One of the OUTCOME_ constants.
	 */
	public function reprocess( int $id, int $now ): string {
		if ( ! $this->events->lease( $id, $now ) ) {
			return self::OUTCOME_BUSY;
		}
		return $this->attempt( (array) $this->events->find( $id ), $now, true );
	}

	/**
	 * The retry job: at most $limit due events, oldest first.
	 *
	 * @param int $now   Unix time.
	 * @param int $limit Events per run.
	 * @return array<string, int> Outcome => count.
	 */
	public function retry_due( int $now, int $limit ): array {
		$outcomes = array(
			self::OUTCOME_PROCESSED => 0,
			self::OUTCOME_FAILED    => 0,
			self::OUTCOME_BUSY      => 0,
		);
		foreach ( $this->events->due( $now, $limit ) as $id ) {
			$outcome = $this->events->lease( $id, $now ) ? $this->attempt( (array) $this->events->find( $id ), $now, false ) : self::OUTCOME_BUSY;
			++$outcomes[ $outcome ];
		}
		return $outcomes;
	}

	/**
	 * One attempt at a leased event.
	 *
	 * @param array<string, mixed> $row    Event row.
	 * @param int                  $now    Unix time.
	 * @param bool                 $manual Whether an admin asked for it.
	 * @return string OUTCOME_PROCESSED or OUTCOME_FAILED.
	 */
	private function attempt( array $row, int $now, bool $manual ): string {
		try {
			$this->processor->prepare();
		} catch ( Throwable $unavailable ) {
			$this->fail( $row, $unavailable, $now, $manual );
			return self::OUTCOME_FAILED;
		}
		try {
			$mails = $this->transaction->run(
				function () use ( $row, $now ): array {
					$mails = $this->processor->process( StripeEvent::from_json( (string) $row['payload'] ), $now );
					$this->events->mark_processed( (int) $row['id'], $now );
					return $mails;
				}
			);
		} catch ( Throwable $failure ) {
			$this->fail( $row, $failure, $now, $manual );
			return self::OUTCOME_FAILED;
		}
		foreach ( $mails as $mail ) {
			$this->mailer->send( $mail );
		}
		return self::OUTCOME_PROCESSED;
	}

	/**
	 * Records a failed attempt.
	 *
	 * @param array<string, mixed> $row     Event row.
	 * @param Throwable            $failure What went wrong.
	 * @param int                  $now     Unix time.
	 * @param bool                 $manual  Whether an admin asked for it.
	 */
	private function fail( array $row, Throwable $failure, int $now, bool $manual ): void {
		if ( $failure instanceof ProcessingFailed || $failure instanceof InvalidArgumentException || $failure instanceof ServiceError ) {
			$message = $failure->getMessage();
		} else {
			// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- the detail goes to the log, the admin sees a summary.
			error_log( sprintf( 'svc-licensing: webhook event %s: %s: %s in %s:%d', $row['event_id'], get_class( $failure ), $failure->getMessage(), $failure->getFile(), $failure->getLine() ) );
			$message = 'An unexpected error occurred while processing this event. It has been logged.';
		}
		if ( $manual ) {
			$next = array(
				'retry_count'   => (int) $row['retry_count'],
				'next_retry_at' => IsoTime::unix_from_storage( $row['next_retry_at'] ),
			);
		} else {
			$next = RetrySchedule::after_failure( (int) $row['retry_count'], $now );
		}
		$this->events->record_failure( (int) $row['id'], $message, $next['retry_count'], $next['next_retry_at'], $now );
	}
}
