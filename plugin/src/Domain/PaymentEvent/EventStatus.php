<?php
/**
 * The status of a stored webhook event, derived from its columns.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\PaymentEvent;

/**
 * Processed: processed_at set. pending_retry: not processed, a retry scheduled (this includes an event whose
 * first attempt is still running or was interrupted: it is stored with a safety retry). failed: not processed
 * and no retry left.
 */
final class EventStatus {
	public const PROCESSED     = 'processed';
	public const PENDING_RETRY = 'pending_retry';
	public const FAILED        = 'failed';

	public const ALL = array( self::PROCESSED, self::PENDING_RETRY, self::FAILED );

	/**
	 * Status of a row.
	 *
	 * @param string|null $processed_at  Column.
	 * @param string|null $next_retry_at Column.
	 */
	public static function of( ?string $processed_at, ?string $next_retry_at ): string {
		if ( null !== $processed_at ) {
			return self::PROCESSED;
		}
		return null === $next_retry_at ? self::FAILED : self::PENDING_RETRY;
	}
}
