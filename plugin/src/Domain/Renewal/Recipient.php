<?php
/**
 * Whether a licence gets a notice at all.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Renewal;

use Svc\Licensing\Domain\License\LicenseStatus;

/**
 * Pure, over the licence row's own facts. A reason to skip, or null: the licence gets the notice when it is due.
 * Checked in this order, so the panel's preview names the most telling reason:
 * - ended: cancelled, revoked or suspended (a licence ended before its notice is due gets none);
 * - renews_itself: a payment processor's subscription renews it (processor_subscription_id names one; a one-off
 *   payment's reference starts invoice:). Even when it has lapsed: the processor is still collecting, and a
 *   one-off renewal link could make the customer pay twice; when the subscription ends the licence is cancelled;
 * - other_kind: a trial's notices go to trials (is_trial), renewal notices to the rest;
 * - lifetime: no expiry;
 * - no_email, unsubscribed.
 */
final class Recipient {
	public const ENDED         = 'ended';
	public const RENEWS_ITSELF = 'renews_itself';
	public const OTHER_KIND    = 'other_kind';
	public const LIFETIME      = 'lifetime';
	public const NO_EMAIL      = 'no_email';
	public const UNSUBSCRIBED  = 'unsubscribed';

	/** The reference of a one-off payment (Payments\EventProcessor): not a subscription. */
	private const ONE_OFF = 'invoice:';

	/**
	 * Whether the licence renews by itself: it belongs to a processor subscription.
	 *
	 * @param array<string, mixed> $license Licence row (processor_subscription_id).
	 */
	public static function renews_itself( array $license ): bool {
		$reference = $license['processor_subscription_id'] ?? null;
		return is_string( $reference ) && '' !== $reference && 0 !== strpos( $reference, self::ONE_OFF );
	}

	/**
	 * Why a licence gets no notice of a kind, or null.
	 *
	 * @param array<string, mixed> $license      Licence row: status, is_trial, processor_subscription_id,
	 *                                           customer_email, expires.
	 * @param string               $kind         Notice::RENEWAL or Notice::TRIAL.
	 * @param bool                 $unsubscribed Whether the customer's email unsubscribed from reminders.
	 */
	public static function skip( array $license, string $kind, bool $unsubscribed ): ?string {
		$status = (string) ( $license['status'] ?? '' );
		if ( in_array( $status, array( LicenseStatus::CANCELLED, LicenseStatus::REVOKED, LicenseStatus::SUSPENDED ), true ) ) {
			return self::ENDED;
		}
		if ( self::renews_itself( $license ) ) {
			return self::RENEWS_ITSELF;
		}
		$trial = ! empty( $license['is_trial'] ) || LicenseStatus::TRIAL === $status;
		if ( ( Notice::TRIAL === $kind ) !== $trial ) {
			return self::OTHER_KIND;
		}
		if ( null === ( $license['expires'] ?? null ) || '' === $license['expires'] ) {
			return self::LIFETIME;
		}
		if ( '' === trim( (string) ( $license['customer_email'] ?? '' ) ) ) {
			return self::NO_EMAIL;
		}
		return $unsubscribed ? self::UNSUBSCRIBED : null;
	}
}
